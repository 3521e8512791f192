package io.redwire.runtime;

import io.redwire.api.Node;
import io.redwire.api.NodeType;
import io.redwire.flow.DeployDiff;
import io.redwire.flow.DeployMode;
import io.redwire.flow.FlowSet;
import io.redwire.msg.ContextScope;
import io.redwire.msg.FlowException;

import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The running flow set and its atomic swap: a new set is built and validated with no side effects, the old one is
 * stopped, the new one started; if anything fails to start, the new set is stopped and the previous one started
 * again. Http requests arriving meanwhile wait for the new (or restored) routes. On the flow loop.
 */
final class Deployer {
    private static final long ROUTE_HOLD_LIMIT_MS = 10_000;
    private static final long DEPLOY_STEP_LIMIT_MS = 60_000;

    private final Engine engine;
    private final DeliveryQueue queue;
    private final Map<String, ContextScope> flowContexts = new HashMap<>();
    private Deployment current;
    private volatile String state = "stop";
    private final PreparingServices preparing;
    private Future<Void> lastPrepared = Future.succeededFuture(); // guarded by this

    Deployer(Engine engine, DeliveryQueue queue) {
        this.engine = engine;
        this.queue = queue;
        this.preparing = new PreparingServices(engine);
    }

    /** Started with --safe: nothing runs until the first deploy; state "safe" as Node-RED reports it. */
    void enterSafeMode() {
        if (current == null) {
            state = "safe";
        }
    }

    boolean flowsStarted() {
        return current != null && queue.isOpen();
    }

    String state() {
        return state;
    }

    boolean runs(Node n) {
        Deployment d = current;
        return d != null && d.contains(n);
    }

    Node node(String id) {
        Deployment d = current;
        return d == null ? null : d.node(id);
    }

    Collection<Node> runningNodes() {
        Deployment d = current;
        return d == null ? List.of() : d.nodes();
    }

    ContextScope flowContext(String flowId) {
        return flowContexts.get(flowId);
    }

    List<Map<String, Object>> flows() {
        Deployment d = current;
        return d == null ? List.of() : d.source();
    }

    Future<Void> deploy(List<Map<String, Object>> flows, DeployMode mode) {
        Promise<Void> done = Promise.promise();
        prepared(flows).onComplete(p -> engine.loop().runOnContext(v -> {
            try {
                swap(flows, mode, done);
            } catch (Throwable e) { // must still answer
                if (!Failures.isRecoverable(e)) {
                    throw e;
                }
                done.tryFail(Failures.asFlowException("deploy failed: ", e));
            }
        }));
        return done.future();
    }

    /**
     * Runs the {@link io.redwire.api.NodeType.Preparer}s of the flows' nodes on a worker, after those of the
     * deploys before (so deploys still swap in the order they were asked for); never fails.
     */
    private synchronized Future<Void> prepared(List<Map<String, Object>> flows) {
        List<Runnable> work = new ArrayList<>();
        for (Map<String, Object> raw : flows) {
            NodeType t = raw.get("type") instanceof String type ? engine.registry().get(type) : null;
            if (t != null && t.prepares()) {
                work.add(() -> t.prepare(raw, preparing));
            }
        }
        if (work.isEmpty() && lastPrepared.isComplete()) {
            return lastPrepared;
        }
        lastPrepared = lastPrepared.transform(x -> work.isEmpty() ? Future.succeededFuture()
                : engine.vertx().executeBlocking(() -> {
                    work.forEach(Runnable::run);
                    return null;
                }, false).<Void>mapEmpty().otherwiseEmpty());
        return lastPrepared;
    }

    private void swap(List<Map<String, Object>> flows, DeployMode mode, Promise<Void> done) {
        Deployment old = current;
        Deployment next = build(flows, old, mode);
        // finish what the running flows already accepted (e.g. an http request on its way to its response)
        // before stopping them; bounded so a looping flow cannot hold the deploy up
        queue.settle();
        // requests arriving while the flows are swapped wait for the new (or restored) routes; a start that
        // never finishes must not hold them forever
        engine.routes().hold();
        long holdLimit = engine.vertx().setTimer(ROUTE_HOLD_LIMIT_MS, t -> engine.routes().release());
        Runnable releaseRoutes = () -> {
            engine.vertx().cancelTimer(holdLimit);
            engine.routes().release();
        };
        step(() -> stop(old, next)).compose(x -> engine.contextStores().flush().otherwiseEmpty())
                .compose(x -> step(() -> start(next))).onComplete(started -> {
            engine.metrics().deployed(started.succeeded());
            if (started.succeeded()) {
                releaseRoutes.run();
                done.complete();
                return;
            }
            Throwable cause = started.cause();
            engine.log().error("deploy failed: " + cause.getMessage());
            step(() -> stopBuilt(next)).compose(x -> old == null ? Future.succeededFuture()
                    : step(() -> start(build(old.source(), next, mode))))
                    .onComplete(r -> {
                        releaseRoutes.run();
                        done.fail(cause);
                    });
        });
    }

    /**
     * One stop or start of a flow set: whatever it throws becomes a failed future, and one that never finishes
     * fails after {@link #DEPLOY_STEP_LIMIT_MS}, so the deploy path is never left locked.
     */
    private Future<Void> step(Supplier<Future<Void>> run) {
        Future<Void> f;
        try {
            f = run.get();
        } catch (Throwable e) {
            if (!Failures.isRecoverable(e)) {
                throw e;
            }
            return Future.failedFuture(Failures.asFlowException("", e));
        }
        return f.timeout(DEPLOY_STEP_LIMIT_MS, TimeUnit.MILLISECONDS);
    }

    Future<Void> draining() {
        Promise<Void> p = Promise.promise();
        engine.loop().runOnContext(v -> {
            Deployment d = current;
            if (d != null) {
                d.draining();
            }
            p.complete();
        });
        return p.future();
    }

    Future<Void> stop() {
        Promise<Void> p = Promise.promise();
        engine.loop().runOnContext(v -> stop(current, null).eventually(() -> engine.contextStores().flush())
                .onComplete(p));
        return p.future();
    }

    Future<Void> shutdown() {
        Promise<Void> p = Promise.promise();
        engine.loop().runOnContext(v -> {
            queue.settle(); // messages already queued are delivered before the nodes close
            stop(current, null).eventually(() -> engine.contextStores().close()).onComplete(p);
        });
        return p.future();
    }

    /**
     * A full deploy (or the first) builds every node; a {@code flows} or {@code nodes} deploy keeps the running
     * nodes the {@link DeployDiff} leaves alone.
     */
    private Deployment build(List<Map<String, Object>> flows, Deployment running, DeployMode mode) {
        Set<String> restarted = running == null ? null : DeployDiff.between(running.source(), flows).restarted(mode);
        return build(flows, restarted == null ? null : running, restarted);
    }

    private Deployment build(List<Map<String, Object>> flows, Deployment running, Set<String> restarted) {
        FlowSet set = FlowSet.build(flows, engine.registry()::has);
        StartupTimeline.mark("flows parsed (" + set.flowNodes().size() + " nodes)");
        if (!set.missingTypes().isEmpty()) {
            StringBuilder sb = new StringBuilder("unknown node types:");
            set.missingTypes().forEach((type, ids) -> sb.append(' ').append(type).append(" (used by ")
                    .append(ids.size() <= 5 ? String.join(", ", ids) : String.join(", ", ids.stream().limit(5)
                            .toList()) + " and " + (ids.size() - 5) + " more").append(");"));
            sb.setLength(sb.length() - 1);
            throw new FlowException(sb.toString());
        }
        Deployment d = new Deployment(engine, set, flowContexts, running, restarted);
        StartupTimeline.mark("nodes built");
        return d;
    }

    private Future<Void> start(Deployment d) {
        current = d;
        state = "start";
        queue.close();
        flowContexts.keySet().retainAll(d.unitIds());
        Set<String> deployed = new HashSet<>(d.unitIds());
        d.nodes().forEach(n -> deployed.add(n.id()));
        // as Node-RED's context.clean: what is no longer deployed loses its context
        engine.contextStores().clean(deployed);
        return d.start().onComplete(r -> {
            StartupTimeline.mark("nodes started");
            queue.open();
        });
    }

    /**
     * Stops a deployment's nodes, but those {@code next} keeps running (null: stops them all). Two phases: the nodes
     * still finishing their start (a function node whose sandbox is being built, with messages queued in it) go on
     * running until they have, and what they sent is delivered; only then does any node close, so a request queued
     * in a function node reaches its http response node while that is still open.
     */
    private Future<Void> stop(Deployment d, Deployment next) {
        if (d == null) {
            return Future.succeededFuture();
        }
        return d.readyToStop(next).compose(v -> {
            queue.settle();
            if (current == d) {
                current = null;
                state = "stop";
            }
            return next == null ? d.stop() : d.stopAllBut(next);
        });
    }

    /** A refused deploy: what it built stops, the nodes it took over keep running for the restored flows. */
    private Future<Void> stopBuilt(Deployment d) {
        if (current == d) {
            current = null;
            state = "stop";
        }
        return d.stopOwn();
    }
}
