package io.redwire.nodes.websocket;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The websocket node family: websocket-listener and websocket-client configs, websocket in and out. */
public final class WebSocketNodes implements NodeFamily {
    @Override
    public String name() {
        return "websocket";
    }

    @Override
    public List<NodeType> types() {
        return List.of(WebSocketListenerNode.TYPE, WebSocketClientNode.TYPE, WebSocketInNode.TYPE,
                WebSocketOutNode.TYPE);
    }
}
