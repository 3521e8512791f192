package io.redwire.nodes.tcp;

/** Defaults of the tcp settings (README "MQTT, WebSocket, TCP and UDP" lists them). */
final class TcpLimits {
    /** tcpMaxConnections: open connections per tcp in / tcp out server; more are closed at once with a warning. */
    static final int MAX_CONNECTIONS = 1024;

    private TcpLimits() {
    }
}
