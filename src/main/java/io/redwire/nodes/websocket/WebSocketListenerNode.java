package io.redwire.nodes.websocket;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.spi.HttpRoutes;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

import java.util.HashSet;
import java.util.Set;

/**
 * websocket-listener (config): a WebSocket endpoint at httpNodeRoot + path on Redwire's HTTP server, the server
 * http in routes use. Two listeners on one path are refused as Node-RED refuses them; more than
 * {@code webSocketNodeMaxConnections} open sockets are answered 503.
 */
public final class WebSocketListenerNode extends WebSocketEndpoint {
    static final Field PATH = Field.str("path", "").asRequired();

    public static final NodeType TYPE = NodeType.builder("websocket-listener", "network").configNode()
            .help("A WebSocket endpoint at a path on the flows' HTTP server, shared by the websocket in and out nodes that use it.")
            .label(Label.computed())
            .fields(PATH, WHOLEMSG)
            .factory(WebSocketListenerNode::new);

    /** Full paths in use by running listeners (process-wide, like Node-RED's listener table). */
    static final class Paths {
        final Set<String> inUse = new HashSet<>();
    }

    private final String path;
    private final String fullPath;
    private final HttpRoutes routes;
    private final Paths paths;
    private final int maxConnections;
    private HttpRoutes.Registration registration;

    WebSocketListenerNode(NodeConfig c) {
        super(c);
        this.path = c.str(PATH);
        String root = RuntimeSettings.HTTP_NODE_ROOT.read(c.services().settings()) instanceof String r ? r : "/";
        root = root.endsWith("/") ? root : root + "/";
        this.fullPath = root + (path.startsWith("/") ? path.substring(1) : path);
        this.routes = c.services().httpRoutes();
        this.paths = c.services().shared(Paths.class, Paths::new);
        this.maxConnections = WebSocketSettings.MAX_CONNECTIONS.read(c.services().settings());
    }

    @Override
    public Future<Void> start() {
        synchronized (paths) {
            if (!paths.inUse.add(fullPath)) {
                error("Cannot have two WebSocket listeners on the same path: " + path, null);
                return Future.succeededFuture();
            }
        }
        registration = routes.add("get", fullPath, this::upgrade);
        return Future.succeededFuture();
    }

    private void upgrade(RoutingContext ctx) {
        if (!"websocket".equalsIgnoreCase(ctx.request().getHeader("upgrade"))) {
            ctx.response().setStatusCode(426).putHeader("content-type", "text/plain").end("Upgrade Required");
            return;
        }
        if (sockets.size() >= maxConnections) {
            ctx.response().setStatusCode(503).putHeader("content-type", "text/plain")
                    .end("too many WebSocket connections on " + fullPath);
            warn("refused a WebSocket connection: " + maxConnections + " open (webSocketNodeMaxConnections)");
            return;
        }
        ctx.request().toWebSocket().onSuccess(this::attach)
                .onFailure(e -> warn("An error occurred on the ws connection: " + e.getMessage()));
    }

    @Override
    protected String count() {
        return String.valueOf(sockets.size());
    }

    @Override
    public Future<Void> close() {
        if (registration != null) {
            registration.remove();
            registration = null;
            synchronized (paths) {
                paths.inUse.remove(fullPath);
            }
        }
        closeSockets();
        return Future.succeededFuture();
    }
}
