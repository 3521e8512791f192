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
 * "disconnected" ring and is retried (Node-RED logs the error at info level). tcp in as a TLS server presents the
 * tls-config's certificate and key: socat OPENSSL checking it against the CA is read; a plain TCP client is not.
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

    @Test
    void tcpInServerWithATlsConfigServesTlsClientsOnly() throws Exception {
        int port = Ports.free();
        Path right = cas.right();
        String flow = "[{\"id\":\"tc\",\"type\":\"tls-config\",\"cert\":" + Json.stringify(right.resolve("server.pem")
                .toString()) + ",\"key\":" + Json.stringify(right.resolve("server.key").toString())
                + ",\"verifyservercert\":true},{\"id\":\"in\",\"type\":\"tcp in\",\"server\":\"server\",\"host\":\"\","
                + "\"port\":\"" + port + "\",\"datamode\":\"stream\",\"datatype\":\"utf8\",\"newline\":\"\","
                + "\"topic\":\"\",\"tls\":\"tc\",\"wires\":[[\"dbg\"]]},{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
        try (FlowKit kit = new FlowKit(Map.of(), flow)) {
            try (PeerProcess plain = PeerProcess.start("socat", "-u", "SYSTEM:echo plain text",
                    "TCP:127.0.0.1:" + port + ",retry=50,interval=0.2")) {
                plain.waitFor(10);
            }
            // socat keeps the TLS connection open after its input ends: the test reads, then ends it
            try (PeerProcess tls = PeerProcess.start("socat", "-u", "SYSTEM:echo secret over tls",
                    "OPENSSL:localhost:" + port + ",cafile=" + right.resolve("ca.pem") + ",verify=1,pf=ip4,retry=50,"
                    + "interval=0.2")) {
                assertEquals("secret over tls\n", kit.await("dbg", e -> e.msg() != null, 15).payload(),
                        "the TLS client is read; the plain one's bytes were no handshake");
            }
            assertNull(kit.poll("dbg", e -> e.msg() != null, 0.5));
        }
    }
}
