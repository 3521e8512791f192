package io.redwire.nodes.websocket;

import io.redwire.api.Setting;

import java.util.List;

/**
 * The websocket family's settings (docs/settings.md lists them); the largest message and the output queued for a
 * peer are the runtime's, shared with the HTTP server and the tcp nodes.
 */
final class WebSocketSettings {
    static final Setting<Integer> MAX_CONNECTIONS = Setting.integer("webSocketNodeMaxConnections", 4096, null)
            .help("open sockets per websocket-listener; more are answered 503 (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(MAX_CONNECTIONS);

    private WebSocketSettings() {
    }
}
