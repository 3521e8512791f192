package io.redwire.nodes.http;

import io.redwire.msg.SharedRef;

import io.vertx.ext.web.RoutingContext;

/** msg.res: the pending HTTP response an http response node answers. Shared by reference, never cloned. */
public final class HttpResponseRef implements SharedRef {
    private final RoutingContext ctx;

    HttpResponseRef(RoutingContext ctx) {
        this.ctx = ctx;
    }

    RoutingContext context() {
        return ctx;
    }
}
