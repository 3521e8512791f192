package io.redwire.nodes.mqtt;

import io.redwire.api.Setting;

import java.util.List;

/** The mqtt family's settings (docs/settings.md lists them). */
final class MqttSettings {
    static final Setting<Long> RECONNECT_TIME = Setting.millis("mqttReconnectTime", 5000)
            .help("longest wait between broker reconnects (1 s doubling up to it)");
    static final Setting<Integer> MAX_MESSAGE_SIZE = Setting.integer("mqttMaxMessageSize", 16 * 1024 * 1024, "bytes")
            .help("largest PUBLISH accepted from a broker; MQTT 5 sends it as Maximum Packet Size (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(RECONNECT_TIME, MAX_MESSAGE_SIZE);

    private MqttSettings() {
    }
}
