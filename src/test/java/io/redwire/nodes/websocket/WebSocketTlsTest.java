package io.redwire.nodes.websocket;

import io.redwire.msg.Json;
import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;
import io.redwire.testing.TestCerts;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * websocket-client on wss:// with a tls-config, against a python3-websockets server with a certificate from a CA
 * the test makes: the right CA talks both ways; another CA is refused with the TLS error in the node's warning.
 */
class WebSocketTlsTest {
    static TestCerts.TwoCas cas;

    @BeforeAll
    static void certificates() throws Exception {
        cas = TestCerts.rightAndWrong();
    }

    private static String flow(int port, Path ca) {
        return "[{\"id\":\"c1\",\"type\":\"websocket-client\",\"path\":\"wss://localhost:" + port + "/x\","
                + "\"tls\":\"tc\",\"wholemsg\":\"false\",\"hb\":\"\",\"subprotocol\":\"\",\"headers\":[]},"
                + "{\"id\":\"tc\",\"type\":\"tls-config\",\"ca\":" + Json.stringify(ca.toString())
                + ",\"verifyservercert\":true},"
                + "{\"id\":\"in\",\"type\":\"websocket in\",\"server\":\"\",\"client\":\"c1\",\"wires\":[[\"dbg\"]]},"
                + "{\"id\":\"out\",\"type\":\"websocket out\",\"server\":\"\",\"client\":\"c1\"},"
                + "{\"id\":\"st\",\"type\":\"status\",\"scope\":[\"in\"],\"wires\":[[\"sdbg\"]]},"
                + "{\"id\":\"sdbg\",\"type\":\"debug\",\"complete\":\"true\"},"
                + "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
    }

    private static PeerProcess server(int port) throws Exception {
        return WebSocketNodesTest.peer("tls-server", String.valueOf(port), cas.right().resolve("server.pem").toString(),
                cas.right().resolve("server.key").toString()).awaitOutput("LISTENING", 20);
    }

    @Test
    void theRightCaConnectsAndTalks() throws Exception {
        int port = Ports.free();
        try (PeerProcess peer = server(port); FlowKit kit = new FlowKit(Map.of(), flow(port, cas.right().resolve("ca.pem")))) {
            kit.awaitStatus("sdbg", "connected ", 15);
            kit.receive("out", "{\"payload\":\"over wss\"}");
            assertEquals("srv:over wss", kit.await("dbg", e -> e.msg() != null, 10).payload());
        }
    }

    @Test
    void anotherCaIsRefusedWithTheReason() throws Exception {
        int port = Ports.free();
        try (PeerProcess peer = server(port); FlowKit kit = new FlowKit(Map.of(), flow(port, cas.wrongCa()))) {
            FlowKit.Event warned = kit.awaitLog("An error occurred on the ws connection", 15);
            String text = String.valueOf(warned.text()).toLowerCase();
            org.junit.jupiter.api.Assertions.assertTrue(text.contains("certif") || text.contains("pkix")
                    || text.contains("ssl") || text.contains("handshake"), "names the TLS failure: " + text);
            assertNull(kit.poll("sdbg", e -> e.msg() != null && String.valueOf(((Map<?, ?>) e.msg().get("status"))
                    .get("text")).startsWith("connected"), 1.0), "never connected");
        }
    }
}
