package io.redwire.nodes.websocket;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.TlsConfig;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import io.vertx.core.Future;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.net.ClientSSLOptions;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * websocket-client (config): connects to a ws:// or wss:// URL when its first websocket in (or out) node starts,
 * reconnects 3 s after a close or error as Node-RED 5.0.7 does, optionally pings every {@code hb} seconds and drops
 * a connection whose previous ping got no pong; sends {@code subprotocol} and the configured upgrade headers.
 */
public final class WebSocketClientNode extends WebSocketEndpoint {
    static final Field PATH = Field.str("path", "").asRequired();
    static final Field TLS = Field.config("tls", "tls-config");
    static final Field HB = Field.num("hb", 0);
    static final Field SUBPROTOCOL = Field.str("subprotocol", "");
    static final Field HEADERS = Field.json("headers", List.of());

    public static final NodeType TYPE = NodeType.builder("websocket-client", "network").configNode()
            .help("A WebSocket connection to a server URL, shared by the websocket in and out nodes that use it; reconnects when it drops and can send heartbeat pings.")
            .label(Label.firstOf("path"))
            .fields(PATH, TLS, WHOLEMSG, HB, SUBPROTOCOL, HEADERS)
            .factory(WebSocketClientNode::new);

    private static final long RECONNECT_MS = 3000;

    private final URI url;
    private final TlsConfig tls;
    private final long heartbeatMs;
    private final List<String> subprotocols;
    private final NodeConfig config;
    private WebSocketClient client;
    private WebSocket socket;
    private boolean closing;
    private boolean connecting;
    private long reconnectTimer = -1;
    private long heartbeatTimer = -1;
    private boolean pongPending;

    WebSocketClientNode(NodeConfig c) {
        super(c);
        this.config = c;
        try {
            this.url = URI.create(c.str(PATH).strip());
        } catch (IllegalArgumentException e) {
            throw c.error(PATH, "not a ws:// or wss:// URL: " + e.getMessage());
        }
        if (url.getScheme() == null || !url.getScheme().toLowerCase().matches("wss?")) {
            throw c.error(PATH, "not a ws:// or wss:// URL: " + c.str(PATH));
        }
        this.tls = c.configNode(TLS, TlsConfig.class);
        double hb = JsValues.toNumber(c.get(HB));
        this.heartbeatMs = Double.isNaN(hb) || hb <= 0 ? 0 : (long) (hb * 1000);
        String sp = c.str(SUBPROTOCOL);
        this.subprotocols = sp.isBlank() ? List.of() : List.of(sp.split("\\s*,\\s*"));
    }

    @Override
    protected String count() {
        return "";
    }

    /** Connects if not connected or connecting (Node-RED's startconn). */
    void connect() {
        if (closing || connecting || socket != null) {
            return;
        }
        connecting = true;
        reconnectTimer = -1;
        boolean secure = url.getScheme().equalsIgnoreCase("wss");
        Future<ClientSSLOptions> ssl = tls == null || !secure ? Future.succeededFuture() : tls.whenReady();
        ssl.onComplete(ar -> {
            if (closing) {
                connecting = false;
                return;
            }
            int maxPayload = RuntimeSettings.WEB_SOCKET_NODE_MAX_PAYLOAD.read(config.services().settings());
            WebSocketClientOptions o = new WebSocketClientOptions().setMaxMessageSize(maxPayload)
                    .setMaxFrameSize(maxPayload).setConnectTimeout(30_000);
            if (secure) {
                o.setSsl(true);
            }
            if (client != null) {
                client.close();
            }
            client = vertx().createWebSocketClient(o);
            int port = url.getPort() > 0 ? url.getPort() : secure ? 443 : 80;
            String uri = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                    + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
            WebSocketConnectOptions co = new WebSocketConnectOptions().setHost(url.getHost()).setPort(port)
                    .setURI(uri).setSsl(secure).setSubProtocols(subprotocols.isEmpty() ? null : subprotocols);
            if (secure && ar.succeeded() && ar.result() != null) {
                co.setSslOptions(ar.result());
            }
            headers().forEach(co::addHeader);
            client.connect(co).onComplete(c -> {
                connecting = false;
                if (c.failed()) {
                    warn("An error occurred on the ws connection: " + c.cause().getMessage());
                    scheduleReconnect();
                    return;
                }
                if (closing) {
                    c.result().close();
                    return;
                }
                opened(c.result());
            });
        });
    }

    private void opened(WebSocket ws) {
        socket = ws;
        String id = attach(ws);
        ws.closeHandler(v -> {
            socket = null;
            stopHeartbeat();
            sockets.remove(id);
            closed(id);
            scheduleReconnect();
        });
        if (heartbeatMs > 0) {
            pongPending = false;
            ws.pongHandler(p -> pongPending = false);
            heartbeatTimer = vertx().setPeriodic(heartbeatMs, t -> {
                if (pongPending) {
                    warn("An error occurred on the ws connection: timeout");
                    ws.close();
                    return;
                }
                pongPending = true;
                ws.writePing(io.vertx.core.buffer.Buffer.buffer());
            });
        }
    }

    private void scheduleReconnect() {
        if (!closing && reconnectTimer < 0) {
            reconnectTimer = vertx().setTimer(RECONNECT_MS, t -> connect());
        }
    }

    private void stopHeartbeat() {
        if (heartbeatTimer >= 0) {
            vertx().cancelTimer(heartbeatTimer);
            heartbeatTimer = -1;
        }
    }

    /** Upgrade headers: {keyType, keyValue, valueType, valueValue}; "other" means the typed value, env reads env. */
    private Map<String, String> headers() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (Object h : config.list(HEADERS)) {
            if (!(h instanceof Map<?, ?> m)) {
                continue;
            }
            String keyType = String.valueOf(m.get("keyType"));
            String name = "other".equals(keyType) ? String.valueOf(m.get("keyValue")) : keyType;
            String valueType = String.valueOf(m.get("valueType"));
            Object value = switch (valueType) {
                case "other" -> m.get("valueValue");
                case "env" -> config.services().env(id(), String.valueOf(m.get("valueValue")));
                default -> valueType;
            };
            if (!name.isEmpty() && !"null".equals(name) && value != null && value != Undefined.VALUE
                    && !"".equals(value)) {
                out.put(name, JsValues.toJsString(value));
            }
        }
        return out;
    }

    @Override
    public Future<Void> close() {
        closing = true;
        stopHeartbeat();
        if (reconnectTimer >= 0) {
            vertx().cancelTimer(reconnectTimer);
        }
        closeSockets();
        socket = null;
        return client == null ? Future.succeededFuture() : client.close();
    }
}
