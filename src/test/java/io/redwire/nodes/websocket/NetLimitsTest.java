package io.redwire.nodes.websocket;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The network limits are enforced and the server keeps serving: webSocketNodeMaxPayload (an oversized message
 * closes that socket unanswered, the next client is echoed), webSocketNodeMaxConnections (one more is answered 503)
 * and tcpMaxConnections (one more is closed with a warning, the first connection still works).
 */
class NetLimitsTest {
    private static final String ECHO = "[{\"id\":\"l1\",\"type\":\"websocket-listener\",\"path\":\"/ws/echo\","
            + "\"wholemsg\":\"false\"},"
            + "{\"id\":\"in\",\"type\":\"websocket in\",\"server\":\"l1\",\"client\":\"\",\"wires\":[[\"out\"]]},"
            + "{\"id\":\"out\",\"type\":\"websocket out\",\"server\":\"l1\",\"client\":\"\"}]";

    private static String send(FlowKit kit, int size) throws Exception {
        try (PeerProcess p = WebSocketNodesTest.peer("send", "ws://127.0.0.1:" + kit.harness().port() + "/ws/echo",
                String.valueOf(size))) {
            p.waitFor(20);
            return p.output().strip();
        }
    }

    @Test
    void anOversizedWebSocketMessageIsRefusedAndTheListenerKeepsServing() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of("webSocketNodeMaxPayload", 1024), ECHO)) {
            assertEquals("REPLY 1000", send(kit, 1000));
            // refused: the socket is closed without a reply, with 1009 "message too big" as ws (Node-RED) does
            assertEquals("CLOSED 1009", send(kit, 5000));
            assertEquals("REPLY 1024", send(kit, 1024));
        }
    }

    @Test
    void oneWebSocketMoreThanAllowedIsAnswered503() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of("webSocketNodeMaxConnections", 1), ECHO);
             Socket held = new Socket("127.0.0.1", kit.harness().port())) {
            OutputStream out = held.getOutputStream();
            out.write(("GET /ws/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = held.getInputStream();
            byte[] head = new byte[12];
            assertEquals(12, in.readNBytes(head, 0, 12));
            assertEquals("HTTP/1.1 101", new String(head, StandardCharsets.US_ASCII));
            String refused = send(kit, 10);
            assertTrue(refused.startsWith("REFUSED") && refused.contains("503"), refused);
            kit.awaitLog("webSocketNodeMaxConnections", 10);
        }
        try (FlowKit kit = new FlowKit(Map.of("webSocketNodeMaxConnections", 1), ECHO)) {
            assertEquals("REPLY 10", send(kit, 10), "a slot is free again once the first socket closed");
        }
    }

    @Test
    void oneTcpConnectionMoreThanAllowedIsClosedAndTheFirstKeepsWorking() throws Exception {
        int port = Ports.free();
        String flow = "[{\"id\":\"in\",\"type\":\"tcp in\",\"server\":\"server\",\"host\":\"\",\"port\":\"" + port
                + "\",\"datamode\":\"stream\",\"datatype\":\"utf8\",\"newline\":\"\\\\n\",\"topic\":\"\","
                + "\"wires\":[[\"dbg\"]]},{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
        try (FlowKit kit = new FlowKit(Map.of("tcpMaxConnections", 1), flow);
             Socket first = connect(port)) {
            first.getOutputStream().write("one\n".getBytes(StandardCharsets.UTF_8));
            kit.awaitPayload("dbg", "one", 10);
            try (Socket second = new Socket("127.0.0.1", port)) {
                second.setSoTimeout(10_000);
                assertEquals(-1, second.getInputStream().read(), "the server closes the connection over the limit");
            }
            kit.awaitLog("refused a connection", 10);
            first.getOutputStream().write("two\n".getBytes(StandardCharsets.UTF_8));
            kit.awaitPayload("dbg", "two", 10);
        }
    }

    /** tcp in listens once its start has run: retried until then. */
    private static Socket connect(int port) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return new Socket("127.0.0.1", port);
            } catch (java.net.ConnectException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }
}
