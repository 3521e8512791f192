package io.redwire.web;

import io.redwire.api.RuntimeSettings;
import io.redwire.runtime.Engine;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one HTTP server: admin API and editor first, then the routes of http in nodes, then Express's 404 page.
 * It listens from the engine's loop so node handlers run on the flow's event loop. With {@code --admin-port} a second
 * instance without node routes serves the admin API and editor alone.
 */
public final class WebServer {
    private final Engine engine;
    private final NodeRouteTable nodeRoutes;
    private final Router router;
    private final ConnectionGuard guard;
    private HttpServer server;
    private boolean routesClosed;
    /** Set once the routes are complete; null until then, and when node routes need httpNodeAuth first. */
    private ClaimedSegments claimed;

    /** @param nodeRoutes the http-in routes, or null for an admin-only server */
    public WebServer(Engine engine, NodeRouteTable nodeRoutes) {
        this.engine = engine;
        this.nodeRoutes = nodeRoutes;
        this.router = Router.router(engine.vertx());
        this.guard = new ConnectionGuard(engine.vertx(), engine.settings());
        router.route().handler(guard::requestStarted); // first, before admin and node routes
        router.route().handler(this::straightToNodeRoutes);
    }

    /**
     * A request no admin or editor route can match is handed to the http in routes at once, skipping the walk past
     * every admin route; one they do not serve either continues down the router (static files, 404).
     */
    private void straightToNodeRoutes(RoutingContext ctx) {
        ClaimedSegments c = claimed;
        if (c != null && ctx.mountPoint() == null && !c.mayClaim(ctx.normalizedPath()) && nodeRoutes.tryDispatch(ctx)) {
            return;
        }
        ctx.next();
    }

    /** The router admin handlers are added to, before {@link #listen}. */
    public Router router() {
        return router;
    }

    /**
     * Serves these routes from an application's own router instead of a server of ours: each request continues on
     * the flow loop (node handlers keep Node-RED's single thread). Everything under {@code mountPoint} ("/",
     * "/red/") is ours, unmatched paths included (Express's 404): mount it after the application's own routes.
     */
    public void mountOn(Router host, String mountPoint) {
        String path = mountPoint.endsWith("/") ? mountPoint + "*" : mountPoint + "/*";
        host.route(path).handler(ctx -> engine.execute(ctx::next));
        host.route(path).subRouter(completeRoutes());
    }

    /** The router with its last routes (http-in nodes, then the settings' httpStatic files, then 404) added once. */
    private Router completeRoutes() {
        if (!routesClosed) {
            routesClosed = true;
            if (nodeRoutes != null) {
                NodeAuth auth = NodeAuth.from(engine.settings(), engine.vertx());
                if (auth != null) {
                    router.route().handler(auth);
                } else { // the guard and the shortcut itself come first and match every path
                    List<Route> before = router.getRoutes();
                    claimed = ClaimedSegments.of(before.subList(2, before.size()));
                }
                router.route().handler(nodeRoutes::dispatch); // a path no http in serves goes on (the table's fallback)
                StaticFiles.mount(router, engine.settings());
            }
            router.route().handler(WebServer::notFound);
        }
        return router;
    }

    public Future<Integer> listen(String host, int port) {
        completeRoutes();
        HttpServerOptions options;
        try { // a malformed https setting fails the listen here, not unseen inside the loop's task
            // plain HTTP/1.1 like Node-RED: with h2c upgrades on, Java's HttpClient (which asks for one on
            // each GET) hung or hit framing errors on large answers such as GET /flows and GET /nodes
            options = guard.apply(HttpsOptions.apply(new HttpServerOptions().setHost(host).setPort(port)
                    .setTcpNoDelay(true).setHttp2ClearTextEnabled(false).setCompressionSupported(false)
                    .setMaxWebSocketFrameSize(webSocketMaxPayload())
                    .setMaxWebSocketMessageSize(webSocketMaxPayload()), engine.settings()));
        } catch (IllegalArgumentException e) {
            return Future.failedFuture(e);
        }
        Promise<Integer> bound = Promise.promise();
        engine.loop().runOnContext(v -> engine.vertx().createHttpServer(options)
                .connectionHandler(guard::accepted)
                .requestHandler(router)
                .listen()
                .onSuccess(s -> {
                    server = s;
                    bound.complete(s.actualPort());
                })
                .onFailure(bound::fail));
        return bound.future();
    }

    /** websocket-listener nodes share this server: ws's (Node-RED's) 100 MiB unless webSocketNodeMaxPayload says. */
    private int webSocketMaxPayload() {
        return RuntimeSettings.WEB_SOCKET_NODE_MAX_PAYLOAD.read(engine.settings());
    }

    /** Express's 404 page. */
    public static void notFound(RoutingContext ctx) {
        String method = ctx.request().method().name();
        String body = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>Error</title>\n</head>\n<body>\n<pre>Cannot " + method + " "
                + Html.escape(ctx.request().path()) + "</pre>\n</body>\n</html>\n";
        ctx.response().setStatusCode(404).putHeader("content-type", "text/html; charset=utf-8")
                .putHeader("x-content-type-options", "nosniff").end(body);
    }

    /** Stops accepting; open exchanges may finish within the deadline, then connections are closed. */
    public Future<Void> shutdown(long deadlineMs) {
        return server == null ? Future.succeededFuture() : server.shutdown(deadlineMs, TimeUnit.MILLISECONDS);
    }

    public Future<Void> close() {
        return server == null ? Future.succeededFuture() : server.close();
    }
}
