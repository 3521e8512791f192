package io.redwire.nodes.http;

import io.vertx.ext.web.RoutingContext;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Requests an http in node passed on that no http response has answered yet: once the flows are stopped (a deploy,
 * a stop) nothing can answer them any more — say, the msg was held in a delay node, which drops it on close
 * as Node-RED's does. Node-RED leaves those connections open until the client gives up; they are answered
 * 503 instead, so neither side holds them forever.
 */
final class OrphanRequests {
    /** An embedding application's router may run on other threads. */
    private final Set<RoutingContext> unanswered = ConcurrentHashMap.newKeySet();

    /** A request passed on: kept until it is answered or its client goes away. */
    void track(RoutingContext ctx) {
        if (unanswered.add(ctx)) {
            ctx.addEndHandler(v -> unanswered.remove(ctx));
        }
    }

    /** The flows stopped: what is still open is answered 503. */
    void answerAll() {
        for (RoutingContext ctx : List.copyOf(unanswered)) {
            if (!ctx.response().ended() && !ctx.response().closed()) {
                ErrorPage.send(ctx, 503, "ServiceUnavailableError: the flows handling this request were stopped");
            }
        }
        unanswered.clear();
    }
}
