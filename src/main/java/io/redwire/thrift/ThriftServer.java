package io.redwire.thrift;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A Thrift server on a Vert.x NetServer. It runs in its own verticle, so decoding and encoding of connections
 * happen on an event loop other than the flow loop; calls reach flows through the routes' handlers.
 */
public final class ThriftServer {
    private final Vertx vertx;
    private final ThriftWire wire;
    private final CallRoutes routes;
    private final Consumer<String> problems;
    private volatile String deploymentId;
    private volatile int port;

    /** problems receives one line per rejected call or dropped connection, on a connection loop. */
    public ThriftServer(Vertx vertx, ThriftWire wire, CallRoutes routes, Consumer<String> problems) {
        this.vertx = vertx;
        this.wire = wire;
        this.routes = routes;
        this.problems = problems;
    }

    public Future<Void> listen(String host, int requestedPort) {
        return vertx.deployVerticle(new Listener(host, requestedPort)).map(id -> {
            deploymentId = id;
            return null;
        });
    }

    /** The bound port (useful when 0 was requested). */
    public int port() {
        return port;
    }

    public Future<Void> close() {
        String id = deploymentId;
        deploymentId = null;
        return id == null ? Future.succeededFuture() : vertx.undeploy(id);
    }

    private final class Listener extends VerticleBase {
        private final String host;
        private final int requestedPort;
        private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
        private NetServer server;

        Listener(String host, int requestedPort) {
            this.host = host;
            this.requestedPort = requestedPort;
        }

        @Override
        public Future<?> start() {
            // NODELAY: a reply is one write; with Nagle + delayed ACK each call would stall ~40 ms
            server = vertx.createNetServer(new NetServerOptions().setTcpNoDelay(true));
            server.connectHandler(socket -> {
                ServerConnection c = new ServerConnection(socket, wire, routes, problems);
                connections.add(c);
                socket.closeHandler(v -> connections.remove(c));
            });
            return server.listen(requestedPort, host).onSuccess(s -> port = s.actualPort());
        }

        @Override
        public Future<?> stop() {
            connections.forEach(ServerConnection::close);
            return server.close();
        }
    }
}
