package io.redwire.nodes.grpc;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/** A {@link CallWire} on a plain Vert.x HTTP exchange (Connect, HTTP/JSON): metadata from its headers. */
abstract class HttpWire extends CallWire {
    protected final HttpServerRequest request;
    protected final HttpServerResponse response;
    protected InboundCall call;
    /** The answer has been sent or the exchange is gone: nothing more is read or written. */
    protected boolean ended;

    HttpWire(HttpServerRequest request) {
        super(request, request.response());
        this.request = request;
        this.response = request.response();
    }

    @Override
    MultiMap headers() {
        return request.headers();
    }

    /** Keeps the call; an error or close of the exchange is the client leaving. */
    protected final void attach(InboundCall call) {
        this.call = call;
        request.exceptionHandler(e -> lost());
        response.exceptionHandler(e -> lost());
        response.closeHandler(v -> lost());
    }

    private void lost() {
        if (endOnce()) {
            call.lost();
        }
    }

    /** Marks the exchange ended, once: false when it already was. */
    protected final boolean endOnce() {
        if (ended) {
            return false;
        }
        ended = true;
        ending();
        return true;
    }

    /** The exchange has just ended (timers of its own stop here). */
    protected void ending() {
    }

    @Override
    void cancel() {
        endOnce();
        response.reset();
    }
}
