package io.redwire.spi;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** Registers routes for flow nodes on the shared HTTP server. */
public interface HttpRoutes {
    /** Routing-context key of the matched path parameters ({@code Map<String, String>}). */
    String PARAMS = "redwire.params";

    /** A registered route; removing it stops it matching. */
    interface Registration {
        void remove();
    }

    /**
     * @param method lower-case HTTP method
     * @param path   Express-style path (`/a/:id/:opt?`, `*`)
     */
    Registration add(String method, String path, Handler<RoutingContext> handler);

    /**
     * From now on, requests for flow routes wait (paused) instead of being matched: a deploy swaps the old flows'
     * routes for the new ones, and a request arriving in between would otherwise find no route at all (Node-RED
     * answers those 404). On the engine's loop.
     */
    void hold();

    /** Matches the held requests against the routes as they are now, then matches new ones as they come. */
    void release();
}
