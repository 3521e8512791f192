package io.redwire.nodes.websocket;

/** Defaults of the websocket settings (README "MQTT, WebSocket, TCP and UDP" lists them). */
public final class NetLimits {
    /** socketMaxBufferedBytes: output queued for one peer that does not read, before messages to it are dropped. */
    public static final int MAX_BUFFERED = 16 * 1024 * 1024;
    /** webSocketNodeMaxPayload: largest message (and frame) accepted, ws's (Node-RED's) 100 MiB. */
    public static final int MAX_PAYLOAD = 100 * 1024 * 1024;
    /** webSocketNodeMaxConnections: open sockets per websocket-listener; more are answered 503. */
    public static final int MAX_CONNECTIONS = 4096;

    private NetLimits() {
    }
}
