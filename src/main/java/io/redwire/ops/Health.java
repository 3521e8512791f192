package io.redwire.ops;

import io.redwire.api.Node;
import io.redwire.runtime.Engine;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.CheckResult;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.util.function.BooleanSupplier;

/**
 * Probes for orchestrators (vertx-health-check procedures): {@code GET /health/live} is 200 while the flow loop
 * answers; {@code GET /health/ready} is 200 once flows have started and until a stop begins, 503 before and after,
 * and while a running node says it cannot serve ({@link Node#notReady()}: a grpc-server's health not SERVING).
 * Answered as JSON ({"status":"UP"|"DOWN","checks":[...]}); outside adminAuth, like a probe needs.
 */
public final class Health {
    private final HealthChecks live;
    private final HealthChecks ready;
    private volatile boolean stopping;

    /** @param stalled whether the flow loop watchdog sees the loop stalled (or just recovered from a stall) */
    public Health(Engine engine, BooleanSupplier stalled) {
        this.live = HealthChecks.create(engine.vertx())
                .register("flow-loop", 2000, p -> engine.execute(() -> p.complete(Status.OK())));
        this.ready = HealthChecks.create(engine.vertx())
                .register("flows", 2000, p -> {
                    if (stalled.getAsBoolean()) { // answered without waiting for the loop
                        p.complete(Status.KO(new JsonObject().put("state", "stalled")));
                        return;
                    }
                    engine.execute(() -> {
                        if (stopping || !engine.flowsStarted()) {
                            p.complete(Status.KO(new JsonObject().put("state", stopping ? "stopping" : engine.state())));
                            return;
                        }
                        JsonObject unready = new JsonObject();
                        for (Node n : engine.runningNodes()) {
                            String why = n.notReady();
                            if (why != null) {
                                unready.put(n.label(), why);
                            }
                        }
                        p.complete(unready.isEmpty() ? Status.OK()
                                : Status.KO(new JsonObject().put("state", "started").put("nodes", unready)));
                    });
                });
    }

    public void mount(Router router) {
        router.get("/health/live").handler(ctx -> answer(ctx, live));
        router.get("/health/ready").handler(ctx -> answer(ctx, ready));
    }

    /** A stop began: not ready any more. */
    public void stopping() {
        stopping = true;
    }

    private static void answer(RoutingContext ctx, HealthChecks checks) {
        checks.checkStatus().onComplete(r -> {
            CheckResult result = r.succeeded() ? r.result() : CheckResult.from("health", r.cause());
            boolean up = CheckResult.isUp(result);
            ctx.response().setStatusCode(up ? 200 : 503).putHeader("content-type", "application/json")
                    .putHeader("cache-control", "no-store").end(result.toJson().encode());
        });
    }
}
