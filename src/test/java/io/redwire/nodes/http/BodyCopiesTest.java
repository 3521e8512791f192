package io.redwire.nodes.http;

import io.redwire.admin.AdminServer;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A request body is held once: the bytes the server allocates while it reads one 20 MB upload — a plain body into
 * msg.payload (with a Content-Length, or chunked), a multipart file into msg.req.files[0].buffer — are the network reads' own heap copies (Vert.x copies
 * each read out of Netty's pool) plus one array for the body, so below 2.5 × its size. A second copy of the body
 * (growing a buffer, then copying it out) takes that to 3 × or more. Counted over the threads started since the
 * test's server was made (earlier tests' threads may still be busy in this JVM) but the test's own, which sends the
 * request from one prepared array over a plain socket; the least of three sends.
 */
class BodyCopiesTest {
    private static final int SIZE = 20 * 1024 * 1024;
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"raw","type":"http in","z":"t1","url":"/raw","method":"post","skipBodyParsing":true,"wires":[["size"]]},
             {"id":"form","type":"http in","z":"t1","url":"/form","method":"post","upload":true,"wires":[["size"]]},
             {"id":"size","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"answered","tot":"str"}],
              "wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]},
             {"id":"text","type":"http in","z":"t1","url":"/json","method":"post","wires":[["wrap"]]},
             {"id":"wrap","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"{\\"s\\": payload}","tot":"jsonata"}],
              "wires":[["out"]]}]
            """;

    @Test
    void aPlainBodyAndAMultipartFileAreEachHeldOnce() throws Exception {
        Set<Long> earlier = liveThreads();
        try (Harness h = new Harness(AdminServer.settings("{\"apiMaxLength\":\"64mb\"}")).deploy(FLOW)) {
            Map<String, byte[]> requests = new LinkedHashMap<>();
            requests.put("a plain body", request("/raw", "application/octet-stream", new byte[SIZE], false));
            requests.put("a chunked plain body", request("/raw", "application/octet-stream", new byte[SIZE], true));
            requests.put("a multipart file", request("/form", "multipart/form-data; boundary=XyZ",
                    BodyMemoryLimitTest.form(SIZE), false));
            for (byte[] r : requests.values()) {
                send(h, r, "answered", earlier); // warm-up: code paths compiled, threads started
            }
            Map<String, Double> copies = new LinkedHashMap<>();
            for (Map.Entry<String, byte[]> r : requests.entrySet()) {
                copies.put(r.getKey(), leastOfThree(h, r.getValue(), "answered", earlier) / (double) SIZE);
            }
            System.out.println("allocated per 20 MB body, in body sizes: " + copies);
            copies.forEach((what, n) -> assertTrue(n < 2.5, what + " allocated " + n + " x its size"));
        }
    }

    /**
     * A JSON answer is written once: a 20 MB text body comes back as {"s": text}. The body's reads, its array and
     * its string (~3 ×), the JSON written out (~1 ×) and its one array (~1 ×) stay below 5.5 × its size; copying
     * that array again into a buffer for the socket takes it to 6 ×.
     */
    @Test
    void aJsonAnswerIsWrittenOnce() throws Exception {
        Set<Long> earlier = liveThreads();
        try (Harness h = new Harness(AdminServer.settings("{\"apiMaxLength\":\"64mb\"}")).deploy(FLOW)) {
            byte[] text = new byte[SIZE];
            Arrays.fill(text, (byte) 'x');
            byte[] r = request("/json", "text/plain", text, false);
            String json = "{\"s\":\"" + "x".repeat(SIZE) + "\"}";
            send(h, r, json, earlier); // warm-up
            double copies = leastOfThree(h, r, json, earlier) / (double) SIZE;
            System.out.println("allocated per 20 MB body answered as JSON, in body sizes: " + copies);
            assertTrue(copies < 5.5, "a 20 MB body answered as JSON allocated " + copies + " x its size");
        }
    }

    /** The whole request: with Content-Length, or chunked in 64 KB chunks (the length is then not declared). */
    private static byte[] request(String path, String contentType, byte[] body, boolean chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + contentType
                + (chunked ? "\r\nTransfer-Encoding: chunked" : "\r\nContent-Length: " + body.length)
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        if (!chunked) {
            out.writeBytes(body);
            return out.toByteArray();
        }
        for (int at = 0; at < body.length; at += 65536) {
            int n = Math.min(65536, body.length - at);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** The least the server allocated over three sends: what another thread allocates meanwhile only adds. */
    private static long leastOfThree(Harness h, byte[] request, String body, Set<Long> earlier) throws Exception {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            least = Math.min(least, send(h, request, body, earlier));
        }
        return least;
    }

    /**
     * Sends the request, checks it was answered with {@code body}, and returns the bytes the threads not in
     * {@code earlier} allocated meanwhile.
     */
    private static long send(Harness h, byte[] request, String body, Set<Long> earlier) throws Exception {
        Map<Long, Long> before = allocatedByOthers(earlier);
        String answer;
        try (Socket s = new Socket("127.0.0.1", h.port())) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            in.transferTo(got);
            answer = got.toString(StandardCharsets.ISO_8859_1);
        }
        long allocated = 0;
        for (Map.Entry<Long, Long> now : allocatedByOthers(earlier).entrySet()) {
            allocated += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        assertTrue(answer.startsWith("HTTP/1.1 200") && answer.endsWith(body),
                () -> answer.substring(0, Math.min(answer.length(), 300)));
        return allocated;
    }

    private static Set<Long> liveThreads() {
        return Arrays.stream(ManagementFactory.getThreadMXBean().getAllThreadIds()).boxed().collect(Collectors.toSet());
    }

    /** Bytes allocated so far by each live thread but this one and those in {@code earlier}. */
    private static Map<Long, Long> allocatedByOthers(Set<Long> earlier) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long me = Thread.currentThread().getId();
        long[] ids = Arrays.stream(threads.getAllThreadIds()).filter(id -> id != me && !earlier.contains(id)).toArray();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        Map<Long, Long> out = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] > 0) {
                out.put(ids[i], bytes[i]);
            }
        }
        return out;
    }
}
