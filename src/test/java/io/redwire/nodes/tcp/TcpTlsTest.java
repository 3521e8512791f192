package io.redwire.nodes.tcp;

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
 * tcp in (client), tcp request with a tls-config against a socat OPENSSL-LISTEN echo server whose certificate
 * comes from a CA the test makes: the right CA passes a message; with another CA the connect fails, shows a red
 * "disconnected" ring and is retried (Node-RED logs the error at info level).
 */
class TcpTlsTest {
    static TestCerts.TwoCas cas;

    @BeforeAll
    static void certificates() throws Exception {
        cas = TestCerts.rightAndWrong();
    }

    /** socat: a TLS echo server with the right CA's server certificate (no client certificate asked). */
    private static PeerProcess echoServer(int port) throws Exception {
        return PeerProcess.start("socat", "OPENSSL-LISTEN:" + port + ",bind=127.0.0.1,reuseaddr,fork,verify=0,cert="
                + cas.right().resolve("server.pem") + ",key=" + cas.right().resolve("server.key"), "EXEC:cat").awaitPort(port);
    }

    private static String tls(Path ca) {
        return "{\"id\":\"tc\",\"type\":\"tls-config\",\"ca\":" + Json.stringify(ca.toString())
                + ",\"verifyservercert\":true}";
    }

    @Test
    void tcpRequestTalksTlsWithTheRightCa() throws Exception {
        int port = Ports.free();
        String flow = "[" + tls(cas.right().resolve("ca.pem")) + ",{\"id\":\"req\",\"type\":\"tcp request\",\"server\":"
                + "\"localhost\",\"port\":\"" + port + "\",\"out\":\"char\",\"ret\":\"string\",\"splitc\":\"\\\\n\","
                + "\"newline\":\"\",\"trim\":false,\"tls\":\"tc\",\"wires\":[[\"dbg\"]]},"
                + "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
        try (PeerProcess echo = echoServer(port); FlowKit kit = new FlowKit(Map.of(), flow)) {
            kit.receive("req", "{\"payload\":\"secret ping\\n\"}");
            assertEquals("secret ping\n", kit.await("dbg", e -> e.msg() != null, 15).payload());
        }
    }

    @Test
    void tcpInClientWithAnotherCaFailsWithARedRing() throws Exception {
        int port = Ports.free();
        String flow = "[" + tls(cas.wrongCa()) + ",{\"id\":\"in\",\"type\":\"tcp in\",\"server\":\"client\",\"host\":"
                + "\"localhost\",\"port\":\"" + port + "\",\"datamode\":\"stream\",\"datatype\":\"utf8\","
                + "\"newline\":\"\",\"topic\":\"\",\"tls\":\"tc\",\"wires\":[[\"dbg\"]]},"
                + "{\"id\":\"st\",\"type\":\"status\",\"scope\":[\"in\"],\"wires\":[[\"sdbg\"]]},"
                + "{\"id\":\"sdbg\",\"type\":\"debug\",\"complete\":\"true\"},"
                + "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
        try (PeerProcess echo = echoServer(port); FlowKit kit = new FlowKit(Map.of("socketReconnectTime", 300), flow)) {
            // Node-RED logs the TLS error at info level, shows a red ring and retries
            for (int attempt = 0; attempt < 2; attempt++) {
                kit.awaitStatus("sdbg", "common.status.connecting", 15);
                FlowKit.Event ring = kit.await("sdbg", e -> e.msg() != null && "common.status.disconnected"
                        .equals(((Map<?, ?>) e.msg().get("status")).get("text")), 15);
                assertEquals("red", ((Map<?, ?>) ring.msg().get("status")).get("fill"));
            }
            assertNull(kit.poll("dbg", e -> e.msg() != null, 0.2), "nothing read over a refused connection");
        }
    }
}
