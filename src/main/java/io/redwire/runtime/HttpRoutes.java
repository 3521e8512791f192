package io.redwire.runtime;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** Registers routes for flow nodes on the shared HTTP server. */
public interface HttpRoutes {
    /** A registered route; removing it stops it matching. */
    interface Registration {
        void remove();
    }

    /**
     * @param method lower-case HTTP method
     * @param path   Express-style path (`/a/:id/:opt?`, `*`)
     */
    Registration add(String method, String path, Handler<RoutingContext> handler);
}
