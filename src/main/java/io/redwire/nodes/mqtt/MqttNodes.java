package io.redwire.nodes.mqtt;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The mqtt node family: mqtt-broker (config), mqtt in, mqtt out on vert.x's MQTT client. */
public final class MqttNodes implements NodeFamily {
    @Override
    public String name() {
        return "mqtt";
    }

    @Override
    public List<NodeType> types() {
        return List.of(MqttBrokerNode.TYPE, MqttInNode.TYPE, MqttOutNode.TYPE);
    }
}
