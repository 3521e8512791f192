package io.redwire.nodes.mqtt;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MQTT 5 (protocolVersion 5, on Paho's v5 client) against a real mosquitto, with mosquitto_pub / mosquitto_sub -V 5
 * reading and writing the PUBLISH properties: user properties, content type, response topic, correlation data,
 * message expiry, and the subscription options no local / retain handling.
 */
class MqttV5Test {
    static String broker(int port) {
        return MqttNodesTest.broker(port, "").replace("\"protocolVersion\":\"4\"", "\"protocolVersion\":\"5\"");
    }

    static String mqttIn(String id, String topic, String extra, String wire) {
        return "{\"id\":\"" + id + "\",\"type\":\"mqtt in\",\"topic\":\"" + topic + "\",\"qos\":\"1\","
                + "\"datatype\":\"auto-detect\",\"broker\":\"b1\",\"inputs\":0" + extra + ",\"wires\":[[\"" + wire
                + "\"]]}";
    }

    private static void pubV5(Mosquitto mq, String topic, String payload, String... props) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("mosquitto_pub", "-V", "5", "-h", "127.0.0.1", "-p",
                String.valueOf(mq.port), "-t", topic, "-m", payload, "-q", "1"));
        cmd.addAll(List.of(props));
        try (PeerProcess p = PeerProcess.start(cmd.toArray(String[]::new))) {
            assertEquals(0, p.waitFor(10), p.output());
        }
    }

    @Test
    void receivedPropertiesReachTheMsgAndTheContentTypeDecidesThePayload() throws Exception {
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(Map.of(), "[" + broker(mq.port) + "," + mqttIn("in", "v5/#", ",\"rap\":true,"
                     + "\"rh\":0", "out") + "," + MqttNodesTest.debug("out") + ","
                     + MqttNodesTest.statusOf("in", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            pubV5(mq, "v5/a", "{\"n\":1}", "-D", "publish", "content-type", "application/json",
                    "-D", "publish", "response-topic", "reply/here", "-D", "publish", "correlation-data", "c-42",
                    "-D", "publish", "message-expiry-interval", "120", "-D", "publish", "user-property", "k", "v",
                    "-D", "publish", "user-property", "who", "mosquitto_pub");
            Map<String, Object> msg = kit.await("out", e -> e.msg() != null && "v5/a".equals(e.msg().get("topic")),
                    10).msg();
            assertEquals(Map.of("n", 1), msg.get("payload"));
            assertEquals("reply/here", msg.get("responseTopic"));
            assertArrayEquals("c-42".getBytes(StandardCharsets.UTF_8), (byte[]) msg.get("correlationData"));
            assertEquals("application/json", msg.get("contentType"));
            long expiry = ((Number) msg.get("messageExpiryInterval")).longValue();
            assertTrue(expiry > 100 && expiry <= 120, "the broker forwards the remaining expiry: " + expiry);
            assertEquals(Map.of("k", "v", "who", "mosquitto_pub"), msg.get("userProperties"));
            assertEquals(List.of("_msgid", "topic", "payload", "qos", "retain", "responseTopic", "correlationData",
                    "contentType", "messageExpiryInterval", "userProperties", "_topic"),
                    msg.keySet().stream().sorted((x, y) -> x.equals("_msgid") ? -1 : y.equals("_msgid") ? 1 : 0)
                            .toList());

            pubV5(mq, "v5/text", "{\"n\":2}", "-D", "publish", "content-type", "text/plain");
            assertEquals("{\"n\":2}", kit.await("out", e -> e.msg() != null && "v5/text".equals(e.msg().get("topic")),
                    10).payload(), "text/plain keeps JSON text a string");
            pubV5(mq, "v5/bin", "abc", "-D", "publish", "content-type", "application/octet-stream");
            assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), (byte[]) kit.await("out", e -> e.msg() != null
                    && "v5/bin".equals(e.msg().get("topic")), 10).payload());
            pubV5(mq, "v5/plain", "hello");
            Map<String, Object> plain = kit.await("out", e -> e.msg() != null
                    && "v5/plain".equals(e.msg().get("topic")), 10).msg();
            assertEquals("hello", plain.get("payload"));
            assertFalse(plain.containsKey("contentType") || plain.containsKey("userProperties"),
                    "absent properties are left out: " + plain);
        }
    }

    @Test
    void publishedPropertiesComeFromTheNodeAndTheMsg() throws Exception {
        String out = "{\"id\":\"pub\",\"type\":\"mqtt out\",\"topic\":\"\",\"qos\":\"1\",\"retain\":\"\","
                + "\"respTopic\":\"\",\"contentType\":\"application/json\",\"userProps\":\"{\\\"from\\\":\\\"node\\\"}\","
                + "\"correl\":\"\",\"expiry\":\"\",\"broker\":\"b1\"}";
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(Map.of(), "[" + broker(mq.port) + "," + out + ","
                     + MqttNodesTest.statusOf("pub", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            PeerProcess sub = PeerProcess.start("stdbuf", "-oL", "mosquitto_sub", "-V", "5", "-h", "127.0.0.1", "-p",
                    String.valueOf(mq.port), "-t", "#", "-d", "-C", "2", "-W", "20",
                    "-F", "%t|%p|%C|%R|%D|%E|%P").awaitOutput("SUBACK", 10);
            try (sub) {
                kit.receive("pub", "{\"topic\":\"dev/1\",\"payload\":{\"on\":true},\"responseTopic\":\"dev/1/reply\","
                        + "\"correlationData\":\"req-7\",\"messageExpiryInterval\":300}");
                // no topic: Node-RED publishes to the response topic (and still sends it as the property)
                kit.receive("pub", "{\"payload\":\"r\",\"responseTopic\":\"only/reply\"}");
                List<String> lines = Mosquitto.received(sub);
                assertEquals(List.of("dev/1|{\"on\":true}|application/json|dev/1/reply|req-7|300|from:node",
                        "only/reply|r|application/json|only/reply|||from:node"), lines);
            }
        }
    }

    @Test
    void noLocalAndRetainHandlingAreSentWithTheSubscription() throws Exception {
        String nodes = "[" + broker(0) + ","
                + mqttIn("local", "nl/#", ",\"nl\":true,\"rap\":true,\"rh\":0", "out") + ","
                + mqttIn("echo", "echo/#", ",\"nl\":false,\"rap\":true,\"rh\":0", "out") + ","
                + mqttIn("fresh", "ret/fresh", ",\"nl\":false,\"rap\":true,\"rh\":\"2\"", "out") + ","
                + mqttIn("old", "ret/old", ",\"nl\":false,\"rap\":true,\"rh\":0", "out") + ","
                + "{\"id\":\"pub\",\"type\":\"mqtt out\",\"topic\":\"\",\"qos\":\"1\",\"retain\":\"\",\"broker\":\"b1\"},"
                + MqttNodesTest.debug("out") + "," + MqttNodesTest.statusOf("pub", "st") + "]";
        try (Mosquitto mq = new Mosquitto()) {
            mq.publish("ret/fresh", "stale", 1, true);
            mq.publish("ret/old", "kept", 1, true);
            try (FlowKit kit = new FlowKit(Map.of(), nodes.replace("\"port\":\"0\"", "\"port\":\"" + mq.port + "\""))) {
                kit.awaitStatus("st", "node-red:common.status.connected", 10);
                assertEquals(Boolean.TRUE, kit.awaitPayload("out", "kept", 10).msg().get("retain"));
                kit.receive("pub", "{\"topic\":\"nl/mine\",\"payload\":\"own\"}",
                        "{\"topic\":\"echo/mine\",\"payload\":\"echoed\"}");
                kit.awaitPayload("out", "echoed", 10);
                mq.publish("nl/theirs", "foreign", 1, false);
                kit.awaitPayload("out", "foreign", 10);
                mq.publish("ret/fresh", "live", 1, false);
                kit.awaitPayload("out", "live", 10);
                assertNull(kit.poll("out", e -> e.msg() != null && ("own".equals(e.payload())
                        || "stale".equals(e.payload())), 0.5), "no local drops our own; rh 2 skips the retained");
            }
        }
    }

    @Test
    void aBrokerRestartIsSurvivedAndSubscriptionsComeBack() throws Exception {
        try (Mosquitto mq = new Mosquitto();
             FlowKit kit = new FlowKit(Map.of("mqttReconnectTime", 400), "[" + broker(mq.port) + ","
                     + mqttIn("in", "restart/#", ",\"rh\":0", "out") + "," + MqttNodesTest.debug("out") + ","
                     + MqttNodesTest.statusOf("in", "st") + "]")) {
            MqttNodesTest.survivesRestart(mq, kit, (topic, text) -> pubV5(mq, topic, text));
        }
    }
}
