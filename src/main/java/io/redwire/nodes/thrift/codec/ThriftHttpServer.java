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
    private final HttpCalls calls;
    private final HttpServer server;
    private int boundPort;

    public ThriftHttpServer(Vertx vertx, HttpCalls calls) {
        this.calls = calls;
        this.server = vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true)).requestHandler(calls);
    }

    @Override
    public Future<Void> listen(String host, int port) {
        return server.listen(port, host).onSuccess(s -> boundPort = s.actualPort()).mapEmpty();
    }

    @Override
    public int port() {
        return boundPort;
    }

    /** Stops listening; calls still waiting for their flows are answered 503. */
    @Override
    public Future<Void> close() {
        calls.stop();
        return server.close(); // closing a server twice, or one never listening, is a no-op
    }
}
