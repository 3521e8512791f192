package io.redwire.nodes.mqtt;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** mqtt in / out against a real mosquitto broker, with mosquitto_pub / mosquitto_sub as the other clients. */
class MqttNodesTest {
    /** Reconnect quickly so broker-restart tests do not wait Node-RED's 5 s. */
    private static final Map<String, Object> SETTINGS = Map.of("mqttReconnectTime", 400);

    static String broker(int port, String extra) {
        return "{\"id\":\"b1\",\"type\":\"mqtt-broker\",\"name\":\"\",\"broker\":\"127.0.0.1\",\"port\":\"" + port
                + "\",\"clientid\":\"\",\"autoConnect\":true,\"usetls\":false,\"protocolVersion\":\"4\","
                + "\"keepalive\":\"60\",\"cleansession\":true,\"birthTopic\":\"\",\"closeTopic\":\"\","
                + "\"willTopic\":\"\"" + extra + "}";
    }

    static String mqttIn(String id, String topic, int qos, String datatype, String wire) {
        return "{\"id\":\"" + id + "\",\"type\":\"mqtt in\",\"name\":\"\",\"topic\":\"" + topic + "\",\"qos\":\"" + qos
                + "\",\"datatype\":\"" + datatype + "\",\"broker\":\"b1\",\"nl\":false,\"rap\":true,\"rh\":0,"
                + "\"inputs\":0,\"wires\":[[\"" + wire + "\"]]}";
    }

    static String debug(String id) {
        return "{\"id\":\"" + id + "\",\"type\":\"debug\",\"active\":true,\"complete\":\"true\"}";
    }

    /** A status node for {@code of} wired to debug {@code id}. */
    static String statusOf(String of, String id) {
        return "{\"id\":\"st-" + id + "\",\"type\":\"status\",\"scope\":[\"" + of + "\"],\"wires\":[[\"" + id
                + "\"]]}," + debug(id);
    }

    /** mqtt in "in" → debug "out", its status → debug "st". */
    static String subscriber(int port, String topic, int qos, String datatype) {
        return "[" + broker(port, "") + "," + mqttIn("in", topic, qos, datatype, "out") + "," + debug("out") + ","
                + statusOf("in", "st") + "]";
    }

    @Test
    void receivesAtQos012WithWildcardsAndAutoDetectedPayloads() throws Exception {
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(SETTINGS, subscriber(mq.port, "sensors/+/temp", 2, "auto-detect"))) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            for (int qos = 0; qos <= 2; qos++) {
                mq.publish("sensors/room" + qos + "/temp", "{\"c\":2" + qos + "}", qos, false);
                FlowKit.Event e = kit.await("out", x -> x.msg() != null, 10);
                assertEquals("sensors/room" + qos + "/temp", e.msg().get("topic"));
                assertEquals(Map.of("c", 20 + qos), e.payload(), "auto-detect parses JSON");
                assertEquals(qos, ((Number) e.msg().get("qos")).intValue());
                assertEquals(false, e.msg().get("retain"));
                assertEquals("sensors/room" + qos + "/temp", e.msg().get("_topic"), "localhost broker adds _topic");
            }
            mq.publish("sensors/a/b/temp", "not matched", 0, false);
            mq.publish("sensors/x/temp", "plain text", 1, false);
            assertEquals("plain text", kit.await("out", x -> x.msg() != null, 10).payload(),
                    "the deeper topic did not match +; text stays a string");
        }
    }

    @Test
    void publishesWithQosAndRetainThatALateSubscriberStillGets() throws Exception {
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(SETTINGS, "[" + broker(mq.port, "") + ","
                     + "{\"id\":\"pub\",\"type\":\"mqtt out\",\"topic\":\"\",\"qos\":\"\",\"retain\":\"\","
                     + "\"broker\":\"b1\"}," + statusOf("pub", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            PeerProcess live = mq.subscribe("out/#", 3, 2);
            kit.receive("pub", "{\"topic\":\"out/q0\",\"payload\":\"zero\",\"qos\":0}",
                    "{\"topic\":\"out/q1\",\"payload\":{\"n\":1},\"qos\":1}",
                    "{\"topic\":\"out/q2\",\"payload\":42,\"qos\":2,\"retain\":true}");
            assertEquals(List.of("out/q0 zero", "out/q1 {\"n\":1}", "out/q2 42"), Mosquitto.received(live));
            PeerProcess late = mq.subscribe("out/q2", 1, 1);
            assertEquals(List.of("out/q2 42"), Mosquitto.received(late), "the retained message is kept");
        }
    }

    @Test
    void dynamicSubscriptionsFollowActionMessages() throws Exception {
        String dyn = "{\"id\":\"in\",\"type\":\"mqtt in\",\"topic\":\"\",\"qos\":\"2\",\"datatype\":\"utf8\","
                + "\"broker\":\"b1\",\"inputs\":1,\"wires\":[[\"out\"]]}";
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(SETTINGS, "[" + broker(mq.port, "") + "," + dyn + "," + debug("out") + ","
                     + statusOf("in", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            kit.receive("in", "{\"action\":\"subscribe\",\"topic\":[\"dyn/a\",{\"topic\":\"dyn/b/#\",\"qos\":1}]}",
                    "{\"action\":\"getSubscriptions\"}");
            FlowKit.Event subs = kit.await("out", e -> "subscriptions".equals(e.msg().get("topic")), 10);
            assertEquals(List.of(Map.of("topic", "dyn/a", "qos", 2), Map.of("topic", "dyn/b/#", "qos", 1)),
                    subs.payload());
            mq.publish("dyn/b/c", "hello", 1, false);
            assertEquals("hello", kit.await("out", e -> "dyn/b/c".equals(e.msg().get("topic")), 10).payload());
            kit.receive("in", "{\"action\":\"unsubscribe\",\"topic\":true}", "{\"action\":\"getSubscriptions\"}");
            assertEquals(List.of(), kit.await("out", e -> "subscriptions".equals(e.msg().get("topic")), 10)
                    .payload());
            mq.publish("dyn/a", "after unsubscribe", 1, false);
            assertNull(kit.poll("out", e -> true, 1.0), "nothing arrives once unsubscribed");
            kit.receive("in", "{\"action\":\"fly\"}");
            kit.awaitLog("Invalid action specified", 5);
        }
    }

    @Test
    void willIsPublishedWhenTheConnectionIsKilledAndBirthAndCloseOtherwise() throws Exception {
        int proxyPort = Ports.free();
        try (Mosquitto mq = new Mosquitto()) {
            PeerProcess wills = mq.subscribe("status/#", 4, 1);
            PeerProcess proxy = PeerProcess.start("socat", "TCP-LISTEN:" + proxyPort + ",bind=127.0.0.1,reuseaddr,fork",
                    "TCP:127.0.0.1:" + mq.port).awaitPort(proxyPort);
            String extra = ",\"birthTopic\":\"status/birth\",\"birthPayload\":\"up\",\"birthQos\":\"1\","
                    + "\"willTopic\":\"status/will\",\"willPayload\":\"gone\",\"willQos\":\"1\","
                    + "\"closeTopic\":\"status/close\",\"closePayload\":\"bye\"";
            try (FlowKit kit = new FlowKit(Map.of("mqttReconnectTime", 60_000), "[" + broker(proxyPort, extra)
                    + ",{\"id\":\"pub\",\"type\":\"mqtt out\",\"broker\":\"b1\"}," + statusOf("pub", "st") + "]")) {
                kit.awaitStatus("st", "node-red:common.status.connected", 10);
                wills.awaitOutput("status/birth up", 10); // "connected" shows before the birth has left
                proxy.kill(); // the TCP connection dies without an MQTT DISCONNECT
                kit.awaitStatus("st", "node-red:common.status.disconnected", 10);
                kit.deploy("[" + broker(mq.port, extra) + ",{\"id\":\"pub\",\"type\":\"mqtt out\",\"broker\":\"b1\"},"
                        + statusOf("pub", "st") + "]");
                kit.awaitStatus("st", "node-red:common.status.connected", 10);
            }
            assertEquals(List.of("status/birth up", "status/will gone", "status/birth up", "status/close bye"),
                    Mosquitto.received(wills), "birth, will on the killed connection, birth, close on shutdown");
        }
    }

    @Test
    void aBrokerRestartIsSurvivedWithSubscriptionsRestored() throws Exception {
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(SETTINGS, subscriber(mq.port, "restart/#", 1, "utf8"))) {
            survivesRestart(mq, kit, (topic, text) -> mq.publish(topic, text, 1, false));
        }
    }

    /** A publisher to the test broker (mosquitto_pub in some protocol version). */
    interface Publisher {
        void publish(String topic, String text) throws Exception;
    }

    /**
     * mqtt in "in" (status to "st", output to "out") on "restart/#" gets a message, sees the broker killed and
     * restarted on the same port, reconnects and gets the next one.
     */
    static void survivesRestart(Mosquitto mq, FlowKit kit, Publisher pub) throws Exception {
        kit.awaitStatus("st", "node-red:common.status.connected", 10);
        pub.publish("restart/1", "before");
        kit.awaitPayload("out", "before", 10);
        mq.kill();
        kit.awaitStatus("st", "node-red:common.status.disconnected", 10);
        kit.awaitStatus("st", "node-red:common.status.connecting", 10);
        mq.start();
        kit.awaitStatus("st", "node-red:common.status.connected", 15);
        pub.publish("restart/2", "after");
        kit.awaitPayload("out", "after", 10);
    }

    @Test
    void aRefusingBrokerAndBadPayloadsAreNodeErrorsWhileTheEngineKeepsServing() throws Exception {
        int nobody = Ports.free();
        String flow = "[" + broker(nobody, "") + ","
                + "{\"id\":\"pub\",\"type\":\"mqtt out\",\"topic\":\"x\",\"broker\":\"b1\"},"
                + statusOf("pub", "st") + ","
                + "{\"id\":\"h\",\"type\":\"http in\",\"url\":\"/ping\",\"method\":\"get\",\"wires\":[[\"r\"]]},"
                + "{\"id\":\"r\",\"type\":\"http response\"}]";
        try (FlowKit kit = new FlowKit(SETTINGS, flow)) {
            kit.receive("pub", "{\"payload\":\"lost\"}");
            kit.awaitLog("not connected to broker mqtt://127.0.0.1:" + nobody + ": message dropped", 5);
            assertEquals(200, kit.harness().get("/ping").statusCode(), "the engine keeps serving");
        }
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(SETTINGS, "[" + broker(mq.port, "") + ","
                     + mqttIn("in", "json/#", 0, "json", "out") + "," + debug("out") + ","
                     + "{\"id\":\"c\",\"type\":\"catch\",\"scope\":null,\"wires\":[[\"caught\"]]},"
                     + debug("caught") + "," + statusOf("in", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            mq.publish("json/bad", "{not json", 0, false);
            FlowKit.Event caught = kit.await("caught", e -> e.msg() != null, 10);
            assertEquals("Failed to parse JSON string", ((Map<?, ?>) caught.msg().get("error")).get("message"));
            assertEquals("json/bad", caught.msg().get("topic"));
            mq.publish("json/good", "[1,2]", 0, false);
            assertEquals(List.of(1, 2), kit.await("out", e -> e.msg() != null, 10).payload());
        }
    }

    @Test
    void brokerCredentialsAreSentAndAWrongPasswordIsRefused() throws Exception {
        try (Mosquitto mq = Mosquitto.withPassword("ada", "s3cret")) {
            String good = ",\"credentials\":{\"user\":\"ada\",\"password\":\"s3cret\"}";
            try (FlowKit kit = new FlowKit(SETTINGS, "[" + broker(mq.port, good) + ","
                    + mqttIn("in", "auth/#", 1, "utf8", "out") + "," + debug("out") + "," + statusOf("in", "st") + "]")) {
                kit.awaitStatus("st", "node-red:common.status.connected", 10);
                mq.publishAs("ada", "s3cret", "auth/x", "let in");
                kit.awaitPayload("out", "let in", 10);
            }
            String bad = ",\"credentials\":{\"user\":\"ada\",\"password\":\"wrong\"}";
            try (FlowKit kit = new FlowKit(SETTINGS, "[" + broker(mq.port, bad) + ","
                    + mqttIn("in", "auth/#", 1, "utf8", "out") + "," + debug("out") + "," + statusOf("in", "st") + "]")) {
                // "connecting" is set while the deploy starts the nodes, which no status node hears (as in Node-RED)
                mq.awaitLog("not authorised", 10);
                assertNull(kit.poll("st", e -> e.msg() != null && "node-red:common.status.connected".equals(
                        ((Map<?, ?>) e.msg().get("status")).get("text")), 1.5), "never connects");
            }
        }
    }
}
