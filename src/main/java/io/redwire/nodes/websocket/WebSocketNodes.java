package io.redwire.nodes.websocket;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The websocket node family: websocket-listener and websocket-client configs, websocket in and out. */
public final class WebSocketNodes {
    private WebSocketNodes() {
    }

    public static List<NodeType> types() {
        return List.of(WebSocketListenerNode.TYPE, WebSocketClientNode.TYPE, WebSocketInNode.TYPE,
                WebSocketOutNode.TYPE);
    }
}
