package io.redwire.nodes.tcp;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Setting;
import io.redwire.api.Settings;

import java.util.List;

/** The tcp family's settings (docs/settings.md lists them), and what tcp in and tcp out read from them. */
final class TcpSettings {
    static final Setting<Integer> MAX_CONNECTIONS = Setting.integer("tcpMaxConnections", 1024, null)
            .help("connections per tcp in / tcp out server; more are closed at once with a warning (Redwire-only)");
    static final Setting<Long> SOCKET_TIMEOUT = Setting.millis("socketTimeout", 0).shownDefault("none")
            .help("idle connections of a tcp in server are closed (as Node-RED)");
    static final Setting<Long> RECONNECT_TIME = Setting.millis("socketReconnectTime", 10_000)
            .help("wait before a tcp in / tcp out client connects again (as Node-RED)");
    static final Setting<Integer> MSG_QUEUE_SIZE = Setting.integer("tcpMsgQueueSize", 1000, null)
            .help("tcp request messages queued per connection while it opens (as Node-RED)");
    static final List<Setting<?>> ALL = List.of(MAX_CONNECTIONS, SOCKET_TIMEOUT, RECONNECT_TIME, MSG_QUEUE_SIZE);

    private TcpSettings() {
    }

    /**
     * The settings a tcp in or tcp out node works with, read once when it is built. Unlike Node-RED, their servers
     * bind the HTTP server's address (uiHost; a blank one is 127.0.0.1), not every interface.
     */
    record Connections(int maxBuffered, int maxConnections, long socketTimeoutMs, long reconnectMs,
                       String bindHost) {
        static Connections of(Settings s) {
            String host = RuntimeSettings.UI_HOST.read(s);
            return new Connections(RuntimeSettings.SOCKET_MAX_BUFFERED_BYTES.read(s), MAX_CONNECTIONS.read(s),
                    SOCKET_TIMEOUT.read(s), RECONNECT_TIME.read(s), host.isEmpty() ? "127.0.0.1" : host);
        }
    }
}
