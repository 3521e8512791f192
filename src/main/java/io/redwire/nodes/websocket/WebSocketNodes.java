package io.redwire.nodes.websocket;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The websocket node family: websocket-listener and websocket-client configs, websocket in and out. */
public final class WebSocketNodes extends DeclaredFamily {
    public WebSocketNodes() {
        super("websocket", List.of("websocket-listener", "websocket-client", "websocket in", "websocket out"),
                () -> List.of(WebSocketListenerNode.TYPE, WebSocketClientNode.TYPE, WebSocketInNode.TYPE,
                WebSocketOutNode.TYPE));
        declares(WebSocketSettings.ALL);
    }
}
