package io.redwire.web;

import io.redwire.admin.AdminServer;
import io.redwire.admin.CommsClient;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.redwire.testing.RawSockets.connect;
import static io.redwire.testing.RawSockets.readToClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Slow, idle and surplus connections are cut (issue 15). */
class ConnectionGuardTest {
    static final String FLOW = """
            [{"id":"t1","type":"tab","label":"g"},
             {"id":"in","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["out"]]},
             {"id":"in2","type":"http in","z":"t1","url":"/echo","method":"post","wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void aSlowlorisClientIsCutAtTheHeadersTimeout() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"httpHeadersTimeout\":800}")).deploy(FLOW);
             Socket s = connect(h)) {
            OutputStream out = s.getOutputStream();
            long t0 = System.nanoTime();
            boolean cut = false;
            String head = "GET /ok HTTP/1.1\r\nhost: x\r\nx-slow: ";
            for (int i = 0; i < 100 && !cut; i++) { // one byte every 100 ms, for up to 10 s
                try {
                    out.write(head.charAt(Math.min(i, head.length() - 1)));
                    out.flush();
                    Thread.sleep(100);
                } catch (java.io.IOException reset) {
                    cut = true;
                }
            }
            if (!cut) {
                s.setSoTimeout(2000);
                cut = s.getInputStream().read() == -1;
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(cut, "still open after " + ms + " ms");
            assertTrue(ms < 6000, ms + " ms");
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    @Test
    void anIdleKeepAliveConnectionIsClosedAfterTheKeepAliveTimeout() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"httpKeepAliveTimeout\":300}")).deploy(FLOW);
             Socket s = connect(h)) {
            s.getOutputStream().write("GET /ok HTTP/1.1\r\nhost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            long t0 = System.nanoTime();
            String answer = readToClose(s);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(ms >= 250 && ms < 5000, "closed after " + ms + " ms");
        }
    }

    @Test
    void connectionsPastTheLimitAreClosedOnAccept() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"httpMaxConnections\":3}")).deploy(FLOW)) {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    held.add(connect(h));
                }
                Thread.sleep(200); // the server has accepted them
                try (Socket extra = connect(h)) {
                    extra.getOutputStream().write("GET /ok HTTP/1.1\r\nhost: x\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    String answer;
                    try {
                        answer = readToClose(extra);
                    } catch (java.net.SocketException reset) {
                        answer = "";
                    }
                    assertEquals("", answer, "the fourth connection is closed unanswered");
                }
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
            Thread.sleep(200);
            assertEquals(200, h.get("/ok").statusCode(), "served again once connections are gone");
        }
    }

    @Test
    void anUpgradedWebSocketIsNotAnIdleKeepAliveConnection() throws Exception {
        try (AdminServer s = new AdminServer(AdminServer.settings("{\"httpKeepAliveTimeout\":200}"), null);
             CommsClient c = new CommsClient(s.wsUrl("/comms"))) {
            c.send("{\"subscribe\":\"notification/#\"}");
            Thread.sleep(1000); // five keep-alive timeouts
            assertEquals(204, s.post("/flows", FLOW).statusCode());
            assertTrue(c.next("notification/runtime-deploy", 10) != null, "the comms socket is still open");
        }
    }

    /** A byte every 100 ms is never silent: only the whole-request bound (Node's requestTimeout) ends it. */
    @Test
    void aBodyTrickledForeverIsAnswered408AtTheRequestTimeout() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"httpRequestTimeout\":600}")).deploy(FLOW);
             Socket s = connect(h)) {
            OutputStream out = s.getOutputStream();
            out.write("POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            long t0 = System.nanoTime();
            try {
                for (int i = 0; i < 99; i++) { // 9.9 s if nothing stops it
                    out.write('x');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (java.io.IOException cut) {
                // the server closed after its answer
            }
            String answer = readToClose(s);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
            assertTrue(ms < 5000, "answered after " + ms + " ms");
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    /** Node.js answers 400 with Connection: close and closes; Netty alone dropped the Content-Length and kept it. */
    @Test
    void contentLengthWithTransferEncodingIsRefusedAndTheConnectionClosed() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{}")).deploy(FLOW); Socket s = connect(h)) {
            s.getOutputStream().write(("POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\n"
                    + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                    + "GET /ok HTTP/1.1\r\nhost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String answer = readToClose(s); // fails on the socket timeout when the connection stays open
            assertTrue(answer.startsWith("HTTP/1.1 400 Bad Request"), answer);
            assertEquals(-1, answer.indexOf("HTTP/1.1", 1), "nothing after it is answered: " + answer);
            assertEquals(200, h.get("/ok").statusCode());
        }
    }
}
