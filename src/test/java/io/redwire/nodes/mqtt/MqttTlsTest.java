package io.redwire.nodes.mqtt;

import io.redwire.msg.Json;
import io.redwire.testing.FlowKit;
import io.redwire.testing.Ports;
import io.redwire.testing.TestCerts;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * mqtt-broker with usetls and a tls-config against mosquitto's TLS listener, on a CA made by the test: with the
 * right CA a message goes out and comes back through the broker (MQTT 3.1.1 and 5); with another CA the client
 * refuses the broker's certificate (mosquitto logs the TLS alert it sent) and the nodes never show connected
 * (as Node-RED: an info log line, then yellow "connecting" while it retries).
 */
class MqttTlsTest {
    static TestCerts.TwoCas cas;

    @BeforeAll
    static void certificates() throws Exception {
        cas = TestCerts.rightAndWrong();
    }

    private static Mosquitto tlsBroker() throws Exception {
        Path d = cas.right();
        return new Mosquitto(Ports.free(), "cafile " + d.resolve("ca.pem") + "\ncertfile " + d.resolve("server.pem")
                + "\nkeyfile " + d.resolve("server.key") + "\nallow_anonymous true\n");
    }

    private static String flow(int port, String version, Path ca) {
        return "[" + MqttNodesTest.broker(port, ",\"tls\":\"tc\"").replace("\"usetls\":false", "\"usetls\":true")
                .replace("\"protocolVersion\":\"4\"", "\"protocolVersion\":\"" + version + "\"") + ","
                + "{\"id\":\"tc\",\"type\":\"tls-config\",\"ca\":" + Json.stringify(ca.toString())
                + ",\"verifyservercert\":true},"
                + MqttNodesTest.mqttIn("in", "secure/#", 1, "utf8", "out") + "," + MqttNodesTest.debug("out") + ","
                + "{\"id\":\"pub\",\"type\":\"mqtt out\",\"topic\":\"\",\"qos\":\"1\",\"retain\":\"\",\"broker\":\"b1\"},"
                + MqttNodesTest.statusOf("in", "st") + "]";
    }

    @ParameterizedTest
    @ValueSource(strings = {"4", "5"})
    void aMessageGoesThroughTheTlsListener(String version) throws Exception {
        try (Mosquitto mq = tlsBroker(); FlowKit kit = new FlowKit(Map.of(), flow(mq.port, version, cas.rightCa()))) {
            kit.awaitStatus("st", "node-red:common.status.connected", 15);
            kit.receive("pub", "{\"topic\":\"secure/1\",\"payload\":\"over tls v" + version + "\"}");
            kit.awaitPayload("out", "over tls v" + version, 10);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"4", "5"})
    void anotherCaIsRefusedWithTheReason(String version) throws Exception {
        try (Mosquitto mq = tlsBroker(); FlowKit kit = new FlowKit(Map.of(), flow(mq.port, version, cas.wrongCa()))) {
            // Node-RED logs "Connection failed to broker" at info level and keeps retrying, its status left at the
            // "connecting" set while the deploy starts the nodes, which no status node hears
            // the alert our client sends when it rejects the chain; mosquitto logs it as "Client connection from
            // ... failed: ..." or as "OpenSSL Error[0]: ..." depending on whether the handshake was under way
            // when it accepted the socket
            mq.awaitLog("alert certificate unknown", 15);
            assertNull(kit.poll("st", e -> e.msg() != null && e.msg().get("status") instanceof Map<?, ?> s
                    && "node-red:common.status.connected".equals(s.get("text")), 1.0), "never connected");
        }
    }
}
