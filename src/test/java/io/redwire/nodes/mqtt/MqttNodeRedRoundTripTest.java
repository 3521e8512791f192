package io.redwire.nodes.mqtt;

import io.redwire.testing.FlowKit;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Node-RED 5.0.7's mqtt out → mosquitto → Redwire mqtt in → change → Redwire mqtt out → mosquitto → Node-RED's
 * mqtt in: each side's nodes must read what the other's publish. Skipped when Node-RED is not installed.
 */
class MqttNodeRedRoundTripTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static String nodeRedFlows(int brokerPort) {
        return "[{\"id\":\"tab\",\"type\":\"tab\",\"label\":\"rt\"},"
                + "{\"id\":\"nr-broker\",\"type\":\"mqtt-broker\",\"broker\":\"127.0.0.1\",\"port\":\"" + brokerPort + "\","
                + "\"clientid\":\"\",\"autoConnect\":true,\"usetls\":false,\"protocolVersion\":\"4\",\"keepalive\":\"60\","
                + "\"cleansession\":true},"
                + "{\"id\":\"nr-send\",\"type\":\"http in\",\"z\":\"tab\",\"url\":\"/send\",\"method\":\"post\","
                + "\"wires\":[[\"nr-pub\",\"nr-ok\"]]},"
                + "{\"id\":\"nr-pub\",\"type\":\"mqtt out\",\"z\":\"tab\",\"topic\":\"nr/to/rw\",\"qos\":\"1\",\"retain\":\"\","
                + "\"broker\":\"nr-broker\",\"wires\":[]},"
                + "{\"id\":\"nr-ok\",\"type\":\"http response\",\"z\":\"tab\",\"wires\":[]},"
                + "{\"id\":\"nr-sub\",\"type\":\"mqtt in\",\"z\":\"tab\",\"topic\":\"rw/to/nr\",\"qos\":\"1\","
                + "\"datatype\":\"auto-detect\",\"broker\":\"nr-broker\",\"inputs\":0,\"wires\":[[\"nr-keep\"]]},"
                + "{\"id\":\"nr-keep\",\"type\":\"change\",\"z\":\"tab\",\"rules\":[{\"t\":\"set\",\"p\":\"last\",\"pt\":\"flow\","
                + "\"to\":\"payload\",\"tot\":\"msg\"}],\"wires\":[]},"
                + LAST_ENDPOINT + "]";
    }

    /** Node-RED nodes answering GET /last with flow.last (on tab "tab"). */
    static final String LAST_ENDPOINT = "{\"id\":\"nr-get\",\"type\":\"http in\",\"z\":\"tab\",\"url\":\"/last\","
            + "\"method\":\"get\",\"wires\":[[\"nr-read\"]]},"
            + "{\"id\":\"nr-read\",\"type\":\"change\",\"z\":\"tab\",\"rules\":[{\"t\":\"set\",\"p\":\"payload\","
            + "\"pt\":\"msg\",\"to\":\"last\",\"tot\":\"flow\"}],\"wires\":[[\"nr-answer\"]]},"
            + "{\"id\":\"nr-answer\",\"type\":\"http response\",\"z\":\"tab\",\"wires\":[]}";

    @Test
    void nodeRedToRedwireAndBack() throws Exception {
        NodeRedPeer.installDir();
        Path userDir = Files.createTempDirectory("nodered-mqtt");
        try (Mosquitto mq = new Mosquitto()) {
            Files.writeString(userDir.resolve("flows.json"), nodeRedFlows(mq.port));
            String redwire = "[" + MqttNodesTest.broker(mq.port, "") + ","
                    + MqttNodesTest.mqttIn("in", "nr/to/rw", 1, "auto-detect", "mark") + ","
                    + "{\"id\":\"mark\",\"type\":\"change\",\"rules\":[{\"t\":\"set\",\"p\":\"payload.via\",\"pt\":\"msg\","
                    + "\"to\":\"redwire\",\"tot\":\"str\"}],\"wires\":[[\"out\"]]},"
                    + "{\"id\":\"out\",\"type\":\"mqtt out\",\"topic\":\"rw/to/nr\",\"qos\":\"1\",\"retain\":\"\","
                    + "\"broker\":\"b1\"}," + MqttNodesTest.statusOf("out", "st") + "]";
            try (FlowKit kit = new FlowKit(Map.of(), redwire);
                 NodeRedPeer nodeRed = NodeRedPeer.start(userDir, Ports.free(), "flows.json")) {
                kit.awaitStatus("st", "node-red:common.status.connected", 20);
                waitForNodeRedBroker(nodeRed);
                HttpResponse<String> sent = HTTP.send(HttpRequest.newBuilder(URI.create(nodeRed.url("/send")))
                        .header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"n\":7}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, sent.statusCode());
                String last = "";
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (System.nanoTime() < deadline && !last.contains("redwire")) {
                    Thread.sleep(100);
                    last = HTTP.send(HttpRequest.newBuilder(URI.create(nodeRed.url("/last"))).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                }
                assertEquals("{\"n\":7,\"via\":\"redwire\"}", last, "Node-RED log:\n" + nodeRed.log());
            }
        }
    }

    /** Node-RED logs "Connected to broker" once its mqtt nodes can publish. */
    private static void waitForNodeRedBroker(NodeRedPeer nodeRed) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!nodeRed.log().contains("Connected to broker") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }
}
