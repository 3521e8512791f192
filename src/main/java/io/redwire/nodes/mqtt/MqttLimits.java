package io.redwire.nodes.mqtt;

/** Defaults of the mqtt settings (README "MQTT, WebSocket, TCP and UDP nodes" lists them). */
final class MqttLimits {
    /** mqttMaxMessageSize: largest PUBLISH accepted from a broker; a bigger one closes the connection. */
    static final int MAX_MESSAGE_SIZE = 16 * 1024 * 1024;

    private MqttLimits() {
    }
}
