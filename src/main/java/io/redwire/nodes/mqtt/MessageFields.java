package io.redwire.nodes.mqtt;

import io.redwire.api.Field;

import java.util.Map;

/**
 * The five config fields of one of the broker's own messages — birth, close or will — as Node-RED's mqtt-broker
 * names them: {@code <key>Topic}, {@code <key>Qos}, {@code <key>Retain}, {@code <key>Payload}, {@code <key>Msg}
 * (the MQTT v5 properties). {@code key} is also the connect action's override ({@code msg.broker.<key>}).
 */
record MessageFields(String key, Field topic, Field qos, Field retain, Field payload, Field msg) {
    static MessageFields named(String key) {
        return new MessageFields(key, Field.str(key + "Topic", ""), Field.select(key + "Qos", "0", "0", "1", "2"),
                Field.select(key + "Retain", "false", "false", "true"), Field.str(key + "Payload", ""),
                Field.json(key + "Msg", Map.of()));
    }

    /** In the editor's order. */
    Field[] all() {
        return new Field[] {topic, qos, retain, payload, msg};
    }
}
