package io.redwire.nodes.grpc;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/** A {@link CallWire} on a plain Vert.x HTTP exchange (Connect, HTTP/JSON): metadata from its headers. */
abstract class HttpWire extends StreamWire {
    protected final HttpServerRequest request;
    protected final HttpServerResponse response;
    protected InboundCall call;

    HttpWire(HttpServerRequest request) {
        super(request, request.response());
        this.request = request;
        this.response = request.response();
    }

    @Override
    public MultiMap headers() {
        return request.headers();
    }

    /** Keeps the call; an error or close of the exchange is the client leaving: {@code lost} runs. */
    protected final void attach(InboundCall call, Runnable lost) {
        this.call = call;
        request.exceptionHandler(e -> lost.run());
        response.exceptionHandler(e -> lost.run());
        response.closeHandler(v -> lost.run());
    }
}
