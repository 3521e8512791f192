package io.redwire.bench.floor;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.mqtt.MqttClient;
import io.vertx.mqtt.MqttClientOptions;

import java.util.Map;

/**
 * The MQTT relay floor: a bare Vert.x MQTT 3.1.1 client on one event loop that republishes every message of
 * bench/in0 and bench/in1 to bench/out0 and bench/out1 at the same QoS, as bench-mqtt.sh's flow does, until killed.
 * Each message crosses the broker twice here (in, then out), where mosquitto_pub -> mosquitto_sub alone crosses it
 * once: through one broker this is what a relay can reach.
 */
public final class MqttRelayFloor {
    private MqttRelayFloor() {
    }

    /** {@code <broker port>}: relays until killed. */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        relay(Vertx.vertx(), port)
                .onSuccess(c -> System.out.println("Started floor (relaying through 127.0.0.1:" + port + ")"))
                .onFailure(e -> {
                    System.err.println("relay floor: " + e);
                    System.exit(1);
                });
    }

    /** Connects to the broker on 127.0.0.1:port and relays; completes once subscribed. */
    public static Future<MqttClient> relay(Vertx vertx, int port) {
        MqttClient client = MqttClient.create(vertx, new MqttClientOptions().setClientId("relay-floor")
                .setCleanSession(true).setMaxInflightQueue(65535));
        client.publishHandler(m -> client.publish(m.topicName().replace("bench/in", "bench/out"), m.payload(),
                m.qosLevel(), false, false));
        return client.connect(port, "127.0.0.1")
                .compose(ack -> client.subscribe(Map.of("bench/in0", 0, "bench/in1", 1)))
                .map(id -> client);
    }
}
