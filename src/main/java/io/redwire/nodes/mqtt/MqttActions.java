package io.redwire.nodes.mqtt;

import io.redwire.api.Done;
import io.redwire.msg.NodeError;

import java.util.Map;

/**
 * The connect / disconnect actions both mqtt nodes accept (Node-RED 5.0.7): connect with an optional msg.broker
 * of option overrides; while connected, overrides are refused unless msg.broker.force cycles the connection.
 */
final class MqttActions {
    private MqttActions() {
    }

    @SuppressWarnings("unchecked")
    static void connect(MqttBrokerNode broker, Map<String, Object> msg, Done done) {
        Map<String, Object> overrides = msg.get("broker") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
        MqttConnection c = broker.connection();
        if (c.canConnect()) {
            if (overrides != null) {
                broker.applyOverrides(overrides);
            }
            broker.connect(done::done);
        } else if (overrides == null) {
            done.done();
        } else if (Boolean.TRUE.equals(overrides.get("force")) || "true".equals(overrides.get("force"))) {
            c.disconnect().onComplete(v -> {
                broker.applyOverrides(overrides);
                broker.connect(done::done);
            });
        } else {
            done.done(new NodeError("Error: Disconnect from broker before connecting"));
        }
    }

    static void disconnect(MqttBrokerNode broker, Done done) {
        broker.connection().disconnect().onComplete(v -> done.done());
    }
}
