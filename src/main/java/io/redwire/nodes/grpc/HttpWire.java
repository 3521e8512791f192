package io.redwire.nodes.grpc;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/**
 * What a {@link CallWire} on a plain Vert.x HTTP exchange (Connect, HTTP/JSON) does alike: headers, backpressure
 * and the bound on unsent bytes come straight from the request and response.
 */
abstract class HttpWire implements CallWire {
    protected final HttpServerRequest request;
    protected final HttpServerResponse response;
    protected final UnsentBytes unsent = new UnsentBytes();

    HttpWire(HttpServerRequest request) {
        this.request = request;
        this.response = request.response();
    }

    @Override
    public MultiMap headers() {
        return request.headers();
    }

    @Override
    public long unsent() {
        return unsent.unsent();
    }

    @Override
    public boolean writeQueueFull() {
        return response.writeQueueFull();
    }

    @Override
    public void onDrain(Runnable then) {
        response.drainHandler(v -> then.run());
    }

    @Override
    public void pauseRequests() {
        request.pause();
    }

    @Override
    public void resumeRequests() {
        request.resume();
    }
}
