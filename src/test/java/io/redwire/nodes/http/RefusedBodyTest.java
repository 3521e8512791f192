package io.redwire.nodes.http;

import io.redwire.admin.AdminServer;
import io.redwire.testing.Harness;
import io.redwire.testing.RawSockets;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

import static io.redwire.testing.RawSockets.readToClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refused request body (413 past apiMaxLength, 503 past httpBodyMemoryLimit) is read and dropped to its end so
 * the client, still sending, gets its answer: the connection is cut only when the client goes silent, never while
 * the body keeps arriving (issue 15: unanswered uploads among 600 parallel ones).
 */
class RefusedBodyTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab","label":"r"},
             {"id":"in","type":"http in","z":"t1","url":"/up","method":"post","skipBodyParsing":true,"wires":[["out"]]},
             {"id":"ok","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]}]
            """;
    private static final int KB = 1024;

    private static Harness engine(String settings) {
        return new Harness(AdminServer.settings(settings)).deploy(FLOW);
    }

    private static Socket postHead(Harness h, int length) throws IOException {
        Socket s = RawSockets.connect(h);
        s.getOutputStream().write(("POST /up HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\n"
                + "content-length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    /** Sends {@code pieces} × 64 kB, one piece every {@code gapMs}. */
    private static void sendSlowly(Socket s, int pieces, long gapMs) throws Exception {
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < pieces; i++) {
            out.write(new byte[64 * KB]);
            out.flush();
            Thread.sleep(gapMs);
        }
    }

    /** Reads until the server closes; fails on the socket timeout when it does not. */
    /** The keep-alive clock used to start at the early 413 and cut the client 300 ms later, mid-body. */
    @Test
    void a413dUploadIsReadToItsEndWhileItKeepsArrivingLongerThanTheIdleTimeout() throws Exception {
        try (Harness h = engine("{\"httpKeepAliveTimeout\":300,\"apiMaxLength\":\"100kb\"}");
             Socket s = postHead(h, 16 * 64 * KB)) {
            sendSlowly(s, 16, 100); // 1.6 s of body, each gap well under the idle timeout
            String answer = readToClose(s);
            assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
            assertTrue(answer.toLowerCase().contains("connection: close"), answer);
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    /** An early 503 measured leaving Java 17's HttpClient stalled short of its body's end, never reading it. */
    @Test
    void a503IsAnsweredOnlyOnceTheWholeBodyIsIn() throws Exception {
        try (Harness h = engine("{\"httpBodyMemoryLimit\":\"512kb\"}"); Socket s = postHead(h, 16 * 64 * KB)) {
            sendSlowly(s, 8, 0);
            s.setSoTimeout(500);
            assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read(), "no answer before the end");
            s.setSoTimeout(10_000);
            sendSlowly(s, 8, 0);
            String answer = readToClose(s);
            assertTrue(answer.startsWith("HTTP/1.1 503"), answer);
            assertTrue(answer.toLowerCase().contains("retry-after: 1"), answer);
            assertTrue(answer.toLowerCase().contains("connection: close"), answer);
        }
    }

    @Test
    void aRefusedUploadThatGoesSilentIsCutAfterTheReadTimeout() throws Exception {
        try (Harness h = engine("{\"httpReadTimeout\":300,\"httpBodyMemoryLimit\":\"512kb\"}");
             Socket s = postHead(h, 16 * 64 * KB)) {
            sendSlowly(s, 2, 0);
            long t0 = System.nanoTime();
            String answer = readToClose(s); // nothing more is sent
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("", answer, "a client that stopped half-way is cut, not answered");
            assertTrue(ms < 3000, "cut after " + ms + " ms");
        }
    }

    /** A client that declared a body and went silent used to hold its connection and its budget share forever. */
    @Test
    void anAcceptedUploadThatGoesSilentIsCutAndGivesItsBudgetBack() throws Exception {
        try (Harness h = engine("{\"httpReadTimeout\":300,\"httpBodyMemoryLimit\":\"1mb\"}")) {
            try (Socket silent = postHead(h, 16 * 64 * KB)) { // the whole budget, reserved on arrival
                sendSlowly(silent, 2, 0);
                long t0 = System.nanoTime();
                assertEquals("", readToClose(silent));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms < 3000, "cut after " + ms + " ms");
            }
            try (Socket next = postHead(h, 16 * 64 * KB)) {
                sendSlowly(next, 16, 0);
                String status = new java.io.BufferedReader(new java.io.InputStreamReader(next.getInputStream(),
                        StandardCharsets.ISO_8859_1)).readLine();
                assertEquals("HTTP/1.1 200 OK", status, "the budget was given back");
            }
        }
    }
}
