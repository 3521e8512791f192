package io.redwire.nodes.websocket;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** websocket nodes against python3-websockets clients and servers (src/test/resources/peers/ws_peer.py). */
class WebSocketNodesTest {
    private static final String PEER = Path.of("src/test/resources/peers/ws_peer.py").toAbsolutePath().toString();

    static PeerProcess peer(String... args) throws Exception {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "/usr/bin/python3";
        cmd[1] = PEER;
        System.arraycopy(args, 0, cmd, 2, args.length);
        return PeerProcess.start(cmd);
    }

    private static final String ECHO_FLOW = "[{\"id\":\"l1\",\"type\":\"websocket-listener\",\"path\":\"/ws/echo\","
            + "\"wholemsg\":\"false\"},"
            + "{\"id\":\"in\",\"type\":\"websocket in\",\"server\":\"l1\",\"client\":\"\",\"wires\":[[\"out\"]]},"
            + "{\"id\":\"out\",\"type\":\"websocket out\",\"server\":\"l1\",\"client\":\"\"},"
            + "{\"id\":\"st\",\"type\":\"status\",\"scope\":[\"in\"],\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"},"
            + "{\"id\":\"h\",\"type\":\"http in\",\"url\":\"/ping\",\"method\":\"get\",\"wires\":[[\"r\"]]},"
            + "{\"id\":\"r\",\"type\":\"http response\"}]";

    @Test
    void listenerRepliesToTheSessionAndBroadcastsOtherwise() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), ECHO_FLOW);
             PeerProcess clients = peer("clients", "ws://127.0.0.1:" + kit.harness().port() + "/ws/echo")) {
            clients.awaitOutput("READY", 20);
            kit.await("dbg", e -> e.msg() != null && "connected 2".equals(((Map<?, ?>) e.msg().get("status"))
                    .get("text")), 10);
            kit.receive("out", "{\"payload\":{\"to\":\"all\"}}");
            assertEquals(0, clients.waitFor(20), clients.output());
            List<String> lines = clients.output().lines().toList();
            assertEquals(List.of("A got hello", "A got bytes [1, 2]", "READY",
                    "A broadcast {\"to\":\"all\"}", "B broadcast {\"to\":\"all\"}"), lines);
            FlowKit.Event closed = kit.await("dbg", e -> e.msg() != null
                    && "common.status.disconnected".equals(((Map<?, ?>) e.msg().get("status")).get("text")), 10);
            Map<?, ?> status = (Map<?, ?>) closed.msg().get("status");
            assertEquals("disconnect", status.get("event"));
            assertEquals("websocket", ((Map<?, ?>) status.get("_session")).get("type"));
        }
    }

    @Test
    void clientConfigConnectsToAPythonServerAndTalksBothWays() throws Exception {
        int port = Ports.free();
        String flow = "[{\"id\":\"c1\",\"type\":\"websocket-client\",\"path\":\"ws://127.0.0.1:" + port + "/x\","
                + "\"tls\":\"\",\"wholemsg\":\"false\",\"hb\":\"\",\"subprotocol\":\"\",\"headers\":[]},"
                + "{\"id\":\"in\",\"type\":\"websocket in\",\"server\":\"\",\"client\":\"c1\",\"wires\":[[\"dbg\"]]},"
                + "{\"id\":\"out\",\"type\":\"websocket out\",\"server\":\"\",\"client\":\"c1\"},"
                + "{\"id\":\"st\",\"type\":\"status\",\"scope\":[\"in\"],\"wires\":[[\"sdbg\"]]},"
                + "{\"id\":\"sdbg\",\"type\":\"debug\",\"complete\":\"true\"},"
                + "{\"id\":\"dbg\",\"type\":\"debug\",\"complete\":\"true\"}]";
        try (PeerProcess server = peer("server", String.valueOf(port)).awaitOutput("LISTENING", 20);
             FlowKit kit = new FlowKit(Map.of(), flow)) {
            kit.awaitStatus("sdbg", "connected ", 15);
            kit.receive("out", "{\"payload\":\"hi from redwire\"}");
            FlowKit.Event answer = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("srv:hi from redwire", answer.payload());
            assertEquals("websocket", ((Map<?, ?>) answer.msg().get("_session")).get("type"));
            server.awaitOutput("server got hi from redwire", 5);
        }
    }

    @Test
    void aClientSendingGarbageIsDroppedWithAnErrorStatusWhileOthersAreServed() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), ECHO_FLOW)) {
            try (PeerProcess bad = peer("garbage", String.valueOf(kit.harness().port()), "/ws/echo")) {
                bad.awaitOutput("CLOSED", 20);
                assertTrue(bad.output().startsWith("UPGRADED"), bad.output());
            }
            kit.awaitStatus("dbg", "common.status.error", 10);
            kit.awaitLog("An error occurred on the ws connection", 10);
            assertEquals(200, kit.harness().get("/ping").statusCode());
            try (PeerProcess good = peer("clients", "ws://127.0.0.1:" + kit.harness().port() + "/ws/echo")) {
                good.awaitOutput("READY", 20);
                assertTrue(good.output().contains("A got hello"), good.output());
            }
        }
    }
}
