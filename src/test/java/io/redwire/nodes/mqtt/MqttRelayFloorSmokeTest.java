package io.redwire.nodes.mqtt;

import io.redwire.bench.floor.MqttRelayFloor;

import io.netty.handler.codec.mqtt.MqttQoS;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.mqtt.MqttClient;
import io.vertx.mqtt.MqttClientOptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The bench's MQTT relay floor republishes what bench/in0 and bench/in1 receive to bench/out0 and bench/out1. */
class MqttRelayFloorSmokeTest {
    @Test
    void theRelayFloorRepublishesAtTheSameQos() throws Exception {
        Vertx vertx = Vertx.vertx();
        try (Mosquitto broker = new Mosquitto()) {
            MqttRelayFloor.relay(vertx, broker.port).await(10, TimeUnit.SECONDS);
            List<String> got = new CopyOnWriteArrayList<>();
            MqttClient sub = MqttClient.create(vertx, new MqttClientOptions().setClientId("smoke-sub"));
            sub.publishHandler(m -> got.add(m.topicName() + " " + m.qosLevel().value() + " " + m.payload()));
            sub.connect(broker.port, "127.0.0.1").await(10, TimeUnit.SECONDS);
            sub.subscribe(java.util.Map.of("bench/out0", 1, "bench/out1", 1)).await(10, TimeUnit.SECONDS);
            MqttClient pub = MqttClient.create(vertx, new MqttClientOptions().setClientId("smoke-pub"));
            pub.connect(broker.port, "127.0.0.1").await(10, TimeUnit.SECONDS);
            pub.publish("bench/in0", Buffer.buffer("a"), MqttQoS.AT_MOST_ONCE, false, false).await(10, TimeUnit.SECONDS);
            pub.publish("bench/in1", Buffer.buffer("b"), MqttQoS.AT_LEAST_ONCE, false, false).await(10, TimeUnit.SECONDS);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (got.size() < 2 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertEquals(List.of("bench/out0 0 a", "bench/out1 1 b"), got.stream().sorted().toList());
        } finally {
            vertx.close().await();
        }
    }
}
