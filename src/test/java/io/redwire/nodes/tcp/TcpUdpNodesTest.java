package io.redwire.nodes.tcp;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** tcp in / out / request and udp in / out against socat peers on 127.0.0.1. */
class TcpUdpNodesTest {
    private static final String DEBUG = "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}";

    /** A status node watching {@code node}, wired to debug node "sdbg". */
    private static String statusOf(String node) {
        return "{\"id\":\"st\",\"type\":\"status\",\"scope\":[\"" + node + "\"],\"wires\":[[\"sdbg\"]]},"
                + "{\"id\":\"sdbg\",\"type\":\"debug\",\"complete\":\"true\"}";
    }

    private static PeerProcess socat(String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "stdbuf";
        cmd[1] = "-oL";
        cmd[2] = "socat";
        System.arraycopy(args, 0, cmd, 3, args.length);
        return PeerProcess.start(cmd);
    }

    @Test
    void tcpInServerSplitsLinesAndTcpOutRepliesToTheSession() throws Exception {
        int port = Ports.free();
        String flow = "[{\"id\":\"in\",\"type\":\"tcp in\",\"server\":\"server\",\"host\":\"\",\"port\":\"" + port
                + "\",\"datamode\":\"stream\",\"datatype\":\"utf8\",\"newline\":\"\\\\n\",\"topic\":\"t\","
                + "\"trim\":false,\"wires\":[[\"dbg\",\"fn\"]]}," + DEBUG + ","
                + "{\"id\":\"fn\",\"type\":\"template\",\"field\":\"payload\",\"fieldType\":\"msg\","
                + "\"syntax\":\"mustache\",\"output\":\"str\",\"template\":\"got:{{payload}}\\n\","
                + "\"wires\":[[\"reply\"]]},"
                + "{\"id\":\"reply\",\"type\":\"tcp out\",\"beserver\":\"reply\",\"host\":\"\",\"port\":\"\"}]";
        try (FlowKit kit = new FlowKit(Map.of(), flow);
             PeerProcess peer = PeerProcess.start("sh", "-c", "printf 'one\\ntwo\\n' | socat -t 6 - TCP:127.0.0.1:"
                     + port + ",retry=20,interval=0.2")) {
            FlowKit.Event first = kit.await("dbg", e -> e.msg() != null, 15);
            assertEquals("one", first.payload());
            assertEquals("t", first.msg().get("topic"));
            assertEquals("127.0.0.1", first.msg().get("ip"));
            assertEquals("tcp", ((Map<?, ?>) first.msg().get("_session")).get("type"));
            assertEquals("two", kit.await("dbg", e -> e.msg() != null, 10).payload());
            peer.waitFor(20);
            assertEquals(List.of("got:one", "got:two"), peer.output().lines().toList());
        }
    }

    @Test
    void tcpOutClientWritesAndTcpRequestGetsTheAnswerUpToADelimiter() throws Exception {
        int sink = Ports.free();
        int echo = Ports.free();
        try (PeerProcess listener = socat("-u", "TCP-LISTEN:" + sink + ",bind=127.0.0.1,reuseaddr", "STDOUT");
             PeerProcess echoServer = socat("TCP-LISTEN:" + echo + ",bind=127.0.0.1,reuseaddr,fork", "EXEC:cat")
                     .awaitPort(echo)) {
            String flow = "[{\"id\":\"out\",\"type\":\"tcp out\",\"beserver\":\"client\",\"host\":\"127.0.0.1\","
                    + "\"port\":\"" + sink + "\",\"base64\":false,\"end\":false},"
                    + statusOf("out") + ","
                    + "{\"id\":\"req\",\"type\":\"tcp request\",\"server\":\"127.0.0.1\",\"port\":\"" + echo + "\","
                    + "\"out\":\"char\",\"ret\":\"string\",\"splitc\":\"\\\\n\",\"newline\":\"\",\"trim\":false,"
                    + "\"wires\":[[\"dbg\"]]}," + DEBUG + "]";
            try (FlowKit kit = new FlowKit(Map.of(), flow)) {
                kit.awaitStatus("sdbg", "common.status.connected", 15);
                kit.receive("out", "{\"payload\":\"hello socat\\n\"}");
                listener.awaitOutput("hello socat", 10);
                kit.receive("req", "{\"payload\":\"ping\\nrest\",\"topic\":\"kept\"}");
                FlowKit.Event answer = kit.await("dbg", e -> e.msg() != null, 10);
                assertEquals("ping\n", answer.payload());
                assertEquals("kept", answer.msg().get("topic"), "the answer is a copy of the request");
            }
        }
    }

    /**
     * Node-RED's "Connect to TCP out server" example: a tcp in client in single mode gets one message per connection,
     * sent when the tcp out server ends the connection after writing (end: true).
     */
    @Test
    void tcpInClientInSingleModeSendsWhatArrivedWhenTheServerEndsTheConnection() throws Exception {
        int port = Ports.free();
        String flow = "[{\"id\":\"out\",\"type\":\"tcp out\",\"host\":\"\",\"port\":\"" + port
                + "\",\"beserver\":\"server\",\"base64\":false,\"end\":true},"
                + "{\"id\":\"in\",\"type\":\"tcp in\",\"server\":\"client\",\"host\":\"127.0.0.1\",\"port\":\""
                + port + "\",\"datamode\":\"single\",\"datatype\":\"utf8\",\"newline\":\"\",\"topic\":\"\","
                + "\"wires\":[[\"dbg\"]]}," + DEBUG + ","
                + "{\"id\":\"ost\",\"type\":\"status\",\"scope\":[\"out\"],\"wires\":[[\"odbg\"]]},"
                + "{\"id\":\"odbg\",\"type\":\"debug\",\"complete\":\"true\"}," + statusOf("in") + "]";
        try (FlowKit kit = new FlowKit(Map.of("socketReconnectTime", 200), flow)) {
            kit.awaitStatus("sdbg", "common.status.connected", 30);
            kit.awaitStatus("odbg", "1 connection", 30); // the client's connect can be seen before the server's accept
            kit.receive("out", "{\"payload\":\"Hello, World!\"}");
            assertEquals("Hello, World!", kit.await("dbg", e -> e.msg() != null, 10).payload());
        }
    }

    @Test
    void udpUnicastBothWaysAndMulticastOnLoopback() throws Exception {
        int inPort = Ports.free();
        int outPort = Ports.free();
        int mcPort = Ports.free();
        String flow = "[{\"id\":\"uin\",\"type\":\"udp in\",\"iface\":\"\",\"port\":\"" + inPort + "\",\"ipv\":\"udp4\","
                + "\"multicast\":\"false\",\"group\":\"\",\"datatype\":\"utf8\",\"wires\":[[\"dbg\"]]},"
                + "{\"id\":\"mc\",\"type\":\"udp in\",\"iface\":\"127.0.0.1\",\"port\":\"" + mcPort + "\","
                + "\"ipv\":\"udp4\",\"multicast\":\"true\",\"group\":\"239.7.7.7\",\"datatype\":\"buffer\","
                + "\"wires\":[[\"mdbg\"]]},{\"id\":\"mdbg\",\"type\":\"debug\",\"complete\":\"true\"},"
                + "{\"id\":\"uout\",\"type\":\"udp out\",\"addr\":\"127.0.0.1\",\"iface\":\"\",\"port\":\"" + outPort
                + "\",\"ipv\":\"udp4\",\"outport\":\"\",\"base64\":false,\"multicast\":\"false\"}," + DEBUG + "]";
        try (PeerProcess receiver = socat("-u", "UDP4-RECV:" + outPort + ",bind=127.0.0.1", "STDOUT");
             FlowKit kit = new FlowKit(Map.of(), flow)) {
            Thread.sleep(300); // socat binds its UDP port (nothing to connect to for a readiness check)
            kit.receive("uout", "{\"payload\":\"datagram to socat\\n\"}");
            receiver.awaitOutput("datagram to socat", 10);
            try (PeerProcess sender = PeerProcess.start("sh", "-c", "printf 'to redwire' | socat -u - UDP4-SENDTO:"
                    + "127.0.0.1:" + inPort)) {
                sender.waitFor(10);
            }
            FlowKit.Event got = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("to redwire", got.payload());
            assertEquals("127.0.0.1", got.msg().get("ip"));
            assertTrue(String.valueOf(got.msg().get("fromip")).startsWith("127.0.0.1:"));
            try (PeerProcess sender = PeerProcess.start("sh", "-c", "printf 'group' | socat -u - UDP4-DATAGRAM:"
                    + "239.7.7.7:" + mcPort + ",ip-multicast-if=127.0.0.1,ip-multicast-loop=1")) {
                sender.waitFor(10);
            }
            FlowKit.Event mc = kit.await("mdbg", e -> e.msg() != null, 10);
            assertArrayEquals("group".getBytes(StandardCharsets.UTF_8), (byte[]) mc.payload());
        }
    }

    @Test
    void aPeerThatNeverReadsIsBoundedAndTheEngineKeepsServing() throws Exception {
        int port = Ports.free();
        String flow = "[{\"id\":\"srv\",\"type\":\"tcp out\",\"beserver\":\"server\",\"host\":\"\",\"port\":\"" + port
                + "\",\"base64\":false,\"end\":false},"
                + statusOf("srv") + ","
                + "{\"id\":\"h\",\"type\":\"http in\",\"url\":\"/ping\",\"method\":\"get\",\"wires\":[[\"r\"]]},"
                + "{\"id\":\"r\",\"type\":\"http response\"}]";
        try (FlowKit kit = new FlowKit(Map.of("socketMaxBufferedBytes", 1 << 20), flow);
             Socket lazy = new Socket()) {
            lazy.setReceiveBufferSize(4096);
            lazy.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            kit.awaitStatus("sdbg", "1 connection", 10);
            String big = "x".repeat(256 * 1024);
            for (int i = 0; i < 200; i++) { // 50 MB offered to a peer that reads nothing
                kit.receive("srv", "{\"payload\":\"" + big + "\"}");
            }
            kit.awaitLog("is not reading", 20);
            assertEquals(200, kit.harness().get("/ping").statusCode(), "the engine keeps serving");
            OutputStream unused = lazy.getOutputStream();
            unused.flush();
        }
    }
}
