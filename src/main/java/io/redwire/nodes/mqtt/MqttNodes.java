package io.redwire.nodes.mqtt;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The mqtt node family: mqtt-broker (config), mqtt in, mqtt out on vert.x's MQTT client. */
public final class MqttNodes {
    private MqttNodes() {
    }

    public static List<NodeType> types() {
        return List.of(MqttBrokerNode.TYPE, MqttInNode.TYPE, MqttOutNode.TYPE);
    }
}
