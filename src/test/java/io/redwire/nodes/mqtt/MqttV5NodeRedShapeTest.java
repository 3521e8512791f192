package io.redwire.nodes.mqtt;

import io.redwire.msg.Json;
import io.redwire.testing.FlowKit;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same MQTT 5 message (mosquitto_pub -V 5 with every property Node-RED reads) received by Node-RED 5.0.7's
 * mqtt in and by Redwire's: the two msgs must be equal, key order included (but _msgid, and the broker's remaining
 * message expiry, which may tick between the two deliveries). Skipped when Node-RED is not installed.
 */
class MqttV5NodeRedShapeTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static String nodeRedFlows(int brokerPort) {
        return "[{\"id\":\"tab\",\"type\":\"tab\",\"label\":\"v5\"},"
                + MqttV5Test.broker(brokerPort).replace("\"id\":\"b1\"", "\"id\":\"nb\"") + ","
                + "{\"id\":\"nr-sub\",\"type\":\"mqtt in\",\"z\":\"tab\",\"topic\":\"shape/#\",\"qos\":\"1\","
                + "\"datatype\":\"auto-detect\",\"broker\":\"nb\",\"nl\":false,\"rap\":true,\"rh\":0,\"inputs\":0,"
                + "\"wires\":[[\"nr-keep\"]]},"
                + "{\"id\":\"nr-keep\",\"type\":\"function\",\"z\":\"tab\",\"func\":\"flow.set('last', msg);\\nreturn null;\","
                + "\"outputs\":1,\"wires\":[]},"
                + MqttNodeRedRoundTripTest.LAST_ENDPOINT + "]";
    }

    @Test
    @SuppressWarnings("unchecked")
    void redwireGivesNodeRedsMsgForAnMqtt5Message() throws Exception {
        NodeRedPeer.installDir();
        Path userDir = Files.createTempDirectory("nodered-mqtt5");
        try (Mosquitto mq = new Mosquitto()) {
            Files.writeString(userDir.resolve("flows.json"), nodeRedFlows(mq.port));
            String redwire = "[" + MqttV5Test.broker(mq.port) + ","
                    + MqttV5Test.mqttIn("in", "shape/#", ",\"nl\":false,\"rap\":true,\"rh\":0", "out") + ","
                    + MqttNodesTest.debug("out") + "," + MqttNodesTest.statusOf("in", "st") + "]";
            try (FlowKit kit = new FlowKit(Map.of(), redwire);
                 NodeRedPeer nodeRed = NodeRedPeer.start(userDir, Ports.free(), "flows.json")) {
                kit.awaitStatus("st", "node-red:common.status.connected", 20);
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (!nodeRed.log().contains("Connected to broker") && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                try (PeerProcess p = PeerProcess.start("mosquitto_pub", "-V", "5", "-h", "127.0.0.1", "-p",
                        String.valueOf(mq.port), "-t", "shape/1", "-m", "{\"t\":21.5,\"ok\":true}", "-q", "1",
                        "-D", "publish", "content-type", "application/json",
                        "-D", "publish", "response-topic", "shape/reply",
                        "-D", "publish", "correlation-data", "corr-1",
                        "-D", "publish", "message-expiry-interval", "600",
                        "-D", "publish", "payload-format-indicator", "1",
                        "-D", "publish", "user-property", "site", "lab")) {
                    assertEquals(0, p.waitFor(10), p.output());
                }
                Map<String, Object> ours = kit.await("out", e -> e.msg() != null, 10).msg();
                String theirs = "";
                while (System.nanoTime() < deadline + 10_000_000_000L && !theirs.startsWith("{")) {
                    Thread.sleep(100);
                    theirs = HTTP.send(HttpRequest.newBuilder(URI.create(nodeRed.url("/last"))).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                }
                Map<String, Object> nodeRedMsg = new LinkedHashMap<>((Map<String, Object>) Json.parse(theirs));
                Map<String, Object> redwireMsg = new LinkedHashMap<>((Map<String, Object>) Json.parse(
                        Json.stringify(ours)));
                assertEquals(java.util.List.of("topic", "payload", "qos", "retain", "responseTopic", "correlationData",
                        "contentType", "messageExpiryInterval", "payloadFormatIndicator", "userProperties", "_topic",
                        "_msgid"), java.util.List.copyOf(nodeRedMsg.keySet()), "what Node-RED gives");
                for (Map<String, Object> m : java.util.List.of(nodeRedMsg, redwireMsg)) {
                    m.remove("_msgid");
                    Object expiry = m.get("messageExpiryInterval");
                    assertTrue(expiry instanceof Number n && n.longValue() > 590, "expiry: " + m);
                    m.put("messageExpiryInterval", "ticking");
                }
                assertEquals(Json.stringify(nodeRedMsg), Json.stringify(redwireMsg), "Node-RED log:\n" + nodeRed.log());
            }
        }
    }
}
