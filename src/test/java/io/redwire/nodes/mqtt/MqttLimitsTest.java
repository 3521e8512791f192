package io.redwire.nodes.mqtt;

import io.redwire.testing.FlowKit;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * mqttMaxMessageSize (Redwire-only: Node-RED's MQTT.js takes any size) against a real mosquitto. MQTT 3.1.1: a
 * PUBLISH over the limit is dropped with a warning naming the limit, the connection is opened again and the next
 * message arrives. MQTT 5: the limit goes to the broker as CONNECT's Maximum Packet Size, so the broker itself drops
 * the message (its log says so) and the connection stays up. In both the engine keeps serving.
 */
class MqttLimitsTest {
    private static final Map<String, Object> SETTINGS = Map.of("mqttMaxMessageSize", 1024, "mqttReconnectTime", 400);

    private static String flows(String broker, String mqttIn) {
        return "[" + broker + "," + mqttIn + "," + MqttNodesTest.debug("out") + ","
                + MqttNodesTest.statusOf("in", "st") + "]";
    }

    private static void nextMessageArrives(Mosquitto mq, FlowKit kit) throws Exception {
        mq.publish("big/2", "small", 1, false);
        FlowKit.Event e = kit.await("out", x -> x.msg() != null, 20);
        assertEquals("small", e.payload(), "only the small message arrives");
        assertEquals("big/2", e.msg().get("topic"));
        assertEquals(200, kit.harness().get("/settings").statusCode(), "the engine keeps serving");
    }

    @Test
    void anOversizedMessageOnMqtt311IsDroppedWithAWarningAndTheSubscriptionGoesOn() throws Exception {
        try (Mosquitto mq = new Mosquitto(); FlowKit kit = new FlowKit(SETTINGS, flows(
                MqttNodesTest.broker(mq.port, ""), MqttNodesTest.mqttIn("in", "big/#", 1, "auto-detect", "out")))) {
            kit.awaitStatus("st", "node-red:common.status.connected", 20);
            mq.publish("big/1", "x".repeat(5000), 1, false);
            kit.awaitLog("larger than mqttMaxMessageSize (1024 bytes)", 20);
            kit.awaitStatus("st", "node-red:common.status.connected", 20);
            nextMessageArrives(mq, kit);
        }
    }

    @Test
    void onMqtt5TheBrokerIsToldTheLimitAndDropsTheOversizedMessage() throws Exception {
        try (Mosquitto mq = new Mosquitto(); FlowKit kit = new FlowKit(SETTINGS, flows(
                MqttV5Test.broker(mq.port), MqttV5Test.mqttIn("in", "big/#", "", "out")))) {
            kit.awaitStatus("st", "node-red:common.status.connected", 20);
            mq.publish("big/1", "x".repeat(5000), 1, false);
            nextMessageArrives(mq, kit);
            mq.awaitLog("Dropping too large outgoing PUBLISH", 10);
        }
    }
}
