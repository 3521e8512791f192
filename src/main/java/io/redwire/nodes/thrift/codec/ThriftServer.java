package io.redwire.nodes.thrift.codec;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A Thrift server on a Vert.x NetServer. Its connections run on the event-loop context that calls
 * {@link #listen}; Redwire listens from the flow loop, so a decoded call reaches its flow and the answer reaches
 * the socket without a thread hop (each hop is a wake-up that costs more per call than the decoding itself).
 */
public final class ThriftServer implements ThriftListener {
    private final Vertx vertx;
    private final ThriftWire wire;
    private final CallRoutes routes;
    private final Consumer<String> problems;
    private final InputLimits limits;
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private NetServer server;

    /** problems receives one line per rejected call or dropped connection, on the connection's context. */
    public ThriftServer(Vertx vertx, ThriftWire wire, CallRoutes routes, Consumer<String> problems) {
        this(vertx, wire, routes, problems, InputLimits.none());
    }

    public ThriftServer(Vertx vertx, ThriftWire wire, CallRoutes routes, Consumer<String> problems,
                        InputLimits limits) {
        this.vertx = vertx;
        this.wire = wire;
        this.routes = routes;
        this.problems = problems;
        this.limits = limits;
    }

    @Override
    public Future<Void> listen(String host, int port) {
        // NODELAY: a reply is one write; with Nagle + delayed ACK each call could stall ~40 ms
        server = vertx.createNetServer(new NetServerOptions().setTcpNoDelay(true));
        server.connectHandler(socket -> {
            ServerConnection c = new ServerConnection(vertx, socket, wire, routes, problems, limits);
            connections.add(c);
            socket.closeHandler(v -> {
                connections.remove(c);
                c.closed();
            });
        });
        return server.listen(port, host).mapEmpty();
    }

    @Override
    public int port() {
        return server == null ? 0 : server.actualPort();
    }

    @Override
    public Future<Void> close() {
        if (server == null) {
            return Future.succeededFuture();
        }
        connections.forEach(ServerConnection::close);
        return server.close();
    }
}
