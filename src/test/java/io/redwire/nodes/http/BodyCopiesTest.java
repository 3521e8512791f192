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
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A request body is held once: the bytes the server allocates while it reads one 20 MB upload — a plain body into
 * msg.payload, a multipart file into msg.req.files[0].buffer — are the network reads' own heap copies (Vert.x copies
 * each read out of Netty's pool) plus one array for the body, so below 2.5 × its size. A second copy of the body
 * (growing a buffer, then copying it out) takes that to 3 × or more. Counted over every thread of the JVM but the
 * test's own, which sends the request from one prepared array over a plain socket.
 */
class BodyCopiesTest {
    private static final int SIZE = 20 * 1024 * 1024;
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"raw","type":"http in","z":"t1","url":"/raw","method":"post","skipBodyParsing":true,"wires":[["size"]]},
             {"id":"form","type":"http in","z":"t1","url":"/form","method":"post","upload":true,"wires":[["size"]]},
             {"id":"size","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"answered","tot":"str"}],
              "wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void aPlainBodyAndAMultipartFileAreEachHeldOnce() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"apiMaxLength\":\"64mb\"}")).deploy(FLOW)) {
            byte[] plain = request("/raw", "application/octet-stream", new byte[SIZE]);
            byte[] form = request("/form", "multipart/form-data; boundary=XyZ", BodyMemoryLimitTest.form(SIZE));
            send(h, plain); // warm-up: code paths compiled, threads started
            send(h, form);
            long plainBytes = Math.min(send(h, plain), send(h, plain));
            long formBytes = Math.min(send(h, form), send(h, form));
            double plainCopies = plainBytes / (double) SIZE;
            double formCopies = formBytes / (double) SIZE;
            System.out.printf("allocated per 20 MB body: plain %.2f x, multipart %.2f x%n", plainCopies, formCopies);
            assertTrue(plainCopies < 2.5, "a plain body allocated " + plainCopies + " x its size");
            assertTrue(formCopies < 2.5, "a multipart file allocated " + formCopies + " x its size");
        }
    }

    private static byte[] request(String path, String contentType, byte[] body) {
        byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /** Sends the request, checks it was answered, and returns the bytes the other threads allocated meanwhile. */
    private static long send(Harness h, byte[] request) throws Exception {
        Map<Long, Long> before = allocatedByOthers();
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
        for (Map.Entry<Long, Long> now : allocatedByOthers().entrySet()) {
            allocated += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        assertTrue(answer.startsWith("HTTP/1.1 200") && answer.endsWith("answered"), answer);
        return allocated;
    }

    /** Bytes allocated so far by each live thread but this one. */
    private static Map<Long, Long> allocatedByOthers() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long me = Thread.currentThread().getId();
        long[] ids = Arrays.stream(threads.getAllThreadIds()).filter(id -> id != me).toArray();
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
