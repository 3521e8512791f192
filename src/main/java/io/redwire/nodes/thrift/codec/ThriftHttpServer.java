package io.redwire.nodes.thrift.codec;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;

/**
 * Thrift over HTTP on a port of its own ({@link HttpCalls} for every path). Like {@link ThriftServer} it listens
 * from the flow loop, so requests reach their flows without a thread hop.
 */
public final class ThriftHttpServer implements ThriftListener {
    private final Vertx vertx;
    private final HttpCalls calls;
    private HttpServer server;

    public ThriftHttpServer(Vertx vertx, HttpCalls calls) {
        this.vertx = vertx;
        this.calls = calls;
    }

    @Override
    public Future<Void> listen(String host, int port) {
        server = vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true)).requestHandler(calls);
        return server.listen(port, host).mapEmpty();
    }

    @Override
    public int port() {
        return server == null ? 0 : server.actualPort();
    }

    @Override
    public Future<Void> close() {
        calls.stop();
        return server == null ? Future.succeededFuture() : server.close();
    }
}
