package io.redwire.nodes.websocket;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.Json;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * websocket out: sends msg.payload (a Buffer as a binary frame, anything else as text; objects as JSON), or the
 * whole msg as JSON without _session when the config says so — to the socket msg._session names, else to every
 * socket of the listener (or the client's one connection). An empty payload sends nothing, as in Node-RED 5.0.7.
 */
public final class WebSocketOutNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field SERVER = Field.config("server", "websocket-listener");
    static final Field CLIENT = Field.config("client", "websocket-client");

    public static final NodeType TYPE = NodeType.builder("websocket out", "network").icon("socket").ports(1, 0).color("#d7d7a0")
            .help("Sends `msg.payload` (or the whole msg as JSON) over a WebSocket: back on `msg._session`, else to every connected peer.")
            .label(Label.computed())
            .fields(NAME, SERVER, CLIENT)
            .factory(WebSocketOutNode::new);

    private final WebSocketEndpoint endpoint;

    WebSocketOutNode(NodeConfig c) {
        super(c);
        this.endpoint = WebSocketInNode.endpointOf(c);
    }

    @Override
    public Future<Void> start() {
        if (endpoint == null) {
            error("Missing server configuration", null);
            return Future.succeededFuture();
        }
        endpoint.addUser(this);
        if (endpoint instanceof WebSocketClientNode client && !endpoint.hasInputs()) {
            client.connect();
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (endpoint != null) {
            endpoint.removeUser(this);
        }
        status(Map.of());
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object data = null;
        if (endpoint.wholeMsg()) {
            Map<String, Object> copy = new LinkedHashMap<>(msg);
            copy.remove("_session");
            data = Json.stringify(copy);
        } else if (msg.containsKey("payload")) {
            Object p = msg.get("payload");
            data = p instanceof byte[] ? p : p instanceof String s ? s
                    : p instanceof Map || p instanceof java.util.List ? Json.stringify(p) : JsValues.toJsString(p);
        }
        boolean empty = data == null || (data instanceof String s && s.isEmpty()); // "" is falsy in Node-RED
        if (!empty) {
            if (msg.get("_session") instanceof Map<?, ?> session && "websocket".equals(session.get("type"))) {
                endpoint.reply(String.valueOf(session.get("id")), data);
            } else {
                endpoint.broadcast(data);
            }
        }
        done.done();
    }
}
