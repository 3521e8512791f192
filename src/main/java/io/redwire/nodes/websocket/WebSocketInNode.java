package io.redwire.nodes.websocket;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import io.vertx.core.Future;

import java.util.Map;

/** websocket in: sends each message its listener or client config receives, with msg._session naming the socket. */
public final class WebSocketInNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field SERVER = Field.config("server", "websocket-listener");
    static final Field CLIENT = Field.config("client", "websocket-client");

    public static final NodeType TYPE = NodeType.builder("websocket in", "network").icon("socket").ports(0, 1).color("#d7d7a0")
            .help("Sends a msg for every WebSocket message a listener or client receives, the payload or (whole-message mode) the parsed msg, with `_session` set.")
            .label(Label.computed())
            .fields(NAME, SERVER, CLIENT)
            .factory(WebSocketInNode::new);

    private final WebSocketEndpoint endpoint;

    WebSocketInNode(NodeConfig c) {
        super(c);
        this.endpoint = endpointOf(c);
    }

    /** Node-RED: the client config when set, else the server one. */
    static WebSocketEndpoint endpointOf(NodeConfig c) {
        return c.str(CLIENT).isEmpty() ? c.configNode(SERVER, WebSocketListenerNode.class)
                : c.configNode(CLIENT, WebSocketClientNode.class);
    }

    @Override
    public Future<Void> start() {
        if (endpoint == null) {
            error("Missing server configuration", null);
            return Future.succeededFuture();
        }
        endpoint.addInput(this);
        if (endpoint instanceof WebSocketClientNode client) {
            client.connect();
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (endpoint != null) {
            endpoint.removeInput(this);
        }
        status(Map.of());
        return Future.succeededFuture();
    }
}
