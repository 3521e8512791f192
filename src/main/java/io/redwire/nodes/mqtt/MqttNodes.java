package io.redwire.nodes.mqtt;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The mqtt node family: mqtt-broker (config), mqtt in, mqtt out on vert.x's MQTT client. */
public final class MqttNodes extends DeclaredFamily {
    public MqttNodes() {
        super("mqtt", List.of("mqtt-broker", "mqtt in", "mqtt out"),
                () -> List.of(MqttBrokerNode.TYPE, MqttInNode.TYPE, MqttOutNode.TYPE));
        declares(MqttSettings.ALL);
        needs("io.vertx.mqtt.MqttClient", "io.vertx:vertx-mqtt");
        needs("org.eclipse.paho.mqttv5.client.MqttAsyncClient", "org.eclipse.paho:org.eclipse.paho.mqttv5.client");
    }
}
