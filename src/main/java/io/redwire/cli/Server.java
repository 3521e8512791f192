package io.redwire.cli;

import io.redwire.admin.AdminApi;
import io.redwire.admin.NodeRouteTable;
import io.redwire.admin.WebServer;
import io.redwire.runtime.Engine;
import io.redwire.runtime.Log;
import io.redwire.runtime.Settings;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A whole Redwire process: Vert.x, the engine, the web server with admin API. Used by the CLI and by tests. */
public final class Server {
    private final Vertx vertx;
    private final Engine engine;
    private final WebServer web;
    private int port;

    public Server(Settings settings, Path protosDir) {
        this.vertx = Vertx.vertx();
        NodeRouteTable routes = new NodeRouteTable();
        Log log = new Log(System.err);
        this.engine = new Engine(vertx, NodeCatalog.standard(), settings, log, routes, protosDir);
        this.web = new WebServer(engine, routes);
        new AdminApi(engine).mount(web.router());
    }

    public Future<Integer> listen(String host, int port) {
        return web.listen(host, port).onSuccess(p -> this.port = p);
    }

    public Future<Void> deploy(List<Map<String, Object>> flows) {
        return engine.deploy(flows);
    }

    public Engine engine() {
        return engine;
    }

    public int port() {
        return port;
    }

    public Future<Void> close() {
        return engine.stop().eventually(() -> web.close()).eventually(() -> vertx.close());
    }
}
