package io.redwire.runtime;

import io.redwire.api.DebugEvent;
import io.redwire.api.LoopTimers;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.context.ContextStores;
import io.redwire.flow.FlowSet;
import io.redwire.logging.Log;
import io.redwire.msg.ContextScope;
import io.redwire.msg.ContextStore;
import io.redwire.msg.FlowException;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;
import io.redwire.spi.FlowEngine;
import io.redwire.spi.HttpRoutes;
import io.redwire.spi.Membership;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The flow runtime. Every node runs on one Vert.x event-loop context (Node-RED's single-thread semantics without
 * locks); message delivery is asynchronous through a FIFO queue drained on that context. Deploys are atomic:
 * a new flow set that fails to build or start leaves the previous one running.
 */
public final class Engine implements FlowEngine {
    private static final int DRAIN_BATCH = 4096;
    private static final int SETTLE_LIMIT = 16 * DRAIN_BATCH;
    private static final long ROUTE_HOLD_LIMIT_MS = 10_000;
    private static final long DEPLOY_STEP_LIMIT_MS = 60_000;

    private final Vertx vertx;
    private final Context loop;
    private final NodeRegistry registry;
    private final Settings settings;
    private final Log log;
    private final EventFeed comms = new EventFeed();
    private ContextStores contextStores;
    private final RuntimeMetrics metrics;
    private ContextScope global;
    private Membership membership = Membership.SINGLE;
    private final Map<String, ContextScope> flowContexts = new HashMap<>();
    private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
    private final HttpRoutes routes;
    private final Path protosDir;

    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private boolean drainScheduled;
    private final LoopTimers timers;
    /** False while a deployment is starting: deliveries queue until every node has started. */
    private boolean started;
    private volatile Thread loopThread;
    /** The node handling a queued message right now (a plain field: read racily, by the watchdog only). */
    private Node delivering;
    private Deployment current;
    private volatile String state = "stop";

    public Engine(Vertx vertx, NodeRegistry registry, Settings settings, Log log, HttpRoutes routes, Path protosDir) {
        this(vertx, registry, settings, log, routes, protosDir, RuntimeMetrics.inMemory());
    }

    public Engine(Vertx vertx, NodeRegistry registry, Settings settings, Log log, HttpRoutes routes, Path protosDir,
                  RuntimeMetrics metrics) {
        this.vertx = vertx;
        this.metrics = metrics;
        this.loop = vertx.getOrCreateContext(); // a fresh event-loop context when called off Vert.x threads
        this.registry = registry;
        this.settings = settings;
        settings.declare(registry.settings()); // before anyone asks for its problems: family keys are not unknown
        this.log = log;
        this.routes = routes;
        this.protosDir = protosDir;
        this.loop.runOnContext(v -> loopThread = Thread.currentThread());
        this.loop.exceptionHandler(this::uncaughtOnLoop);
        this.timers = new LoopTimers(() -> System.nanoTime() / 1_000_000,
                delayMs -> vertx.setTimer(delayMs, t -> execute(() -> timers().runDue())));
        this.contextStores = ContextStores.from(settings, loop, log);
        this.global = new ContextScope(null, contextStores, "global");
        RuntimeSettings.FUNCTION_GLOBAL_CONTEXT.read(settings).forEach(global::set);
    }

    public Vertx vertx() {
        return vertx;
    }

    /** The context every node runs on. */
    public Context loop() {
        return loop;
    }

    @Override
    public LoopTimers timers() {
        return timers;
    }

    public NodeRegistry registry() {
        return registry;
    }

    public Settings settings() {
        return settings;
    }

    public Log log() {
        return log;
    }

    public EventFeed events() {
        return comms;
    }

    public ContextScope globalContext() {
        return global;
    }

    public RuntimeMetrics metrics() {
        return metrics;
    }

    @Override
    public io.micrometer.core.instrument.MeterRegistry meters() {
        return metrics.registry();
    }

    /** The context stores (contextStorage); flushed on deploy and stop. */
    @Override
    public Membership membership() {
        return membership;
    }

    /**
     * Runs these flows as one member of a cluster: the cluster's shared context store becomes the default store.
     * Called once, before the first deploy.
     */
    public void joinCluster(Membership member, ContextStore sharedStore) {
        this.membership = member;
        this.contextStores = contextStores.withDefault("cluster", sharedStore);
        this.global = new ContextScope(null, contextStores, "global");
        RuntimeSettings.FUNCTION_GLOBAL_CONTEXT.read(settings).forEach(global::set);
    }

    public ContextStores contextStores() {
        return contextStores;
    }

    public HttpRoutes routes() {
        return routes;
    }

    public Path protosDir() {
        return protosDir;
    }

    @SuppressWarnings("unchecked")
    public <T> T shared(Class<T> key, Supplier<T> create) {
        return (T) shared.computeIfAbsent(key, k -> create.get());
    }

    /** Started with --safe: nothing runs until the first deploy; state "safe" as Node-RED reports it. */
    public void enterSafeMode() {
        if (current == null) {
            state = "safe";
        }
    }

    /** Whether flows run and every node has finished starting (readiness). On the flow loop. */
    public boolean flowsStarted() {
        return current != null && started;
    }

    /** "start" when flows run, "safe" before the first deploy in safe mode, "stop" otherwise. */
    public String state() {
        return state;
    }

    /** The thread the flow loop runs on (null until its first task ran): for stall reports. */
    public Thread loopThread() {
        return loopThread;
    }

    /** The node a queued message is being handed to now, or null (timers and I/O run outside deliveries). */
    public Node delivering() {
        return delivering;
    }

    public boolean onLoop() {
        return Thread.currentThread() == loopThread;
    }

    /** Runs a task on the flow loop (now, if already there). */
    public void execute(Runnable task) {
        if (onLoop()) {
            task.run();
        } else {
            loop.runOnContext(v -> task.run());
        }
    }

    // ---- message delivery -------------------------------------------------------------------------------------

    /** Queues a message for a node; delivery happens later on the flow loop, in send order. */
    public void deliver(Node target, Map<String, Object> msg) {
        if (!onLoop()) {
            loop.runOnContext(v -> deliver(target, msg));
            return;
        }
        queue.add(target);
        queue.add(msg);
        if (started && !drainScheduled) {
            drainScheduled = true;
            loop.runOnContext(v -> drain());
        }
    }

    @SuppressWarnings("unchecked")
    private void drain() {
        try {
            deliverQueuedInOneTurn();
        } finally { // whatever escaped a node, the queue keeps draining
            if (queue.isEmpty()) {
                drainScheduled = false;
            } else {
                loop.runOnContext(v -> drain()); // let I/O in between batches
            }
        }
    }

    /**
     * Delivers what is queued now, when called on the flow loop outside a delivery: at the end of an I/O callback
     * that sent messages (a request read, a response read). The flow's replies are then written while the
     * transport is still inside its read and leave with the read's one flush, instead of one socket write per
     * frame from a later task (an HTTP/2 response is headers, data and trailers). Node-RED delivers after the I/O
     * callback too (setImmediate); the order of deliveries does not change.
     */
    @Override
    public int queuedMessages() {
        return queue.size() / 2; // a target and a msg per message
    }

    @Override
    public void deliverNow() {
        if (started && delivering == null && !queue.isEmpty() && onLoop()) { // never inside a node's input
            deliverQueuedInOneTurn();
        }
    }

    /** One drain is one loop turn for the node timers (Node.js reads the loop's time once per iteration). */
    private void deliverQueuedInOneTurn() {
        timers.turn(() -> {
            deliverQueued(DRAIN_BATCH);
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    private void deliverQueued(int max) {
        int n = 0;
        while (!queue.isEmpty() && n++ < max) {
            Node target = (Node) queue.poll();
            Map<String, Object> msg = (Map<String, Object>) queue.poll();
            if (target.binding() instanceof EngineBinding b && b.engine() == this && current != null
                    && current.contains(target)) {
                b.counters().received++;
                delivering = target;
                try {
                    target.receive(msg);
                } catch (Throwable e) { // thrown by the error routing itself
                    JvmErrors.rethrowIfFatal(e);
                    log.error(target, "uncaught: " + NodeError.textOf(e));
                } finally {
                    delivering = null;
                }
            }
        }
    }

    /**
     * What a timer, I/O callback or other task on the flow loop let escape (a delivery reports its own as the node's
     * error): logged where it was thrown; an error fatal to the JVM goes to the thread's uncaught-exception handler,
     * which ends the process when it is the CLI's (ops/UncaughtErrors).
     */
    private void uncaughtOnLoop(Throwable e) {
        if (JvmErrors.isFatal(e)) {
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, e);
            return;
        }
        StackTraceElement[] at = e.getStackTrace();
        log.error("uncaught on the flow loop: " + NodeError.textOf(e) + (at.length == 0 ? "" : " at " + at[0]));
    }

    // ---- status and debug feed --------------------------------------------------------------------------------

    @Override
    public void publishDebug(DebugEvent event) {
        comms.publish(DebugEvent.TOPIC, event);
    }

    void publishStatus(Node node, Map<String, Object> status) {
        comms.publish("status/" + node.id(), status);
    }

    // ---- deploys ------------------------------------------------------------------------------------------------

    /** The running node with this id (not config-only lookups), or null. */
    public Node node(String id) {
        Deployment d = current;
        return d == null ? null : d.node(id);
    }

    /** Every running node (flow and config nodes), in deploy order. */
    public java.util.Collection<Node> runningNodes() {
        Deployment d = current;
        return d == null ? List.of() : d.nodes();
    }

    /** The context of a running flow (tab or subflow instance), or null; use on the flow loop. */
    public ContextScope flowContext(String flowId) {
        return flowContexts.get(flowId);
    }

    public List<Map<String, Object>> flows() {
        Deployment d = current;
        return d == null ? List.of() : d.source();
    }

    /**
     * Replaces the running flows. Fails (with every problem named) when the new flows cannot be built or started;
     * the previous flows are then running again.
     */
    public Future<Void> deploy(List<Map<String, Object>> flows) {
        Promise<Void> done = Promise.promise();
        loop.runOnContext(v -> {
            try {
                swap(flows, done);
            } catch (Throwable e) { // must still answer
                if (!Failures.isRecoverable(e)) {
                    throw e;
                }
                done.tryFail(Failures.asFlowException("deploy failed: ", e));
            }
        });
        return done.future();
    }

    private void swap(List<Map<String, Object>> flows, Promise<Void> done) {
        Deployment next = build(flows);
        Deployment old = current;
        // finish what the running flows already accepted (e.g. an http request on its way to its response)
        // before stopping them; bounded so a looping flow cannot hold the deploy up
        deliverQueued(SETTLE_LIMIT);
        // requests arriving while the flows are swapped wait for the new (or restored) routes; a start that
        // never finishes must not hold them forever
        routes.hold();
        long holdLimit = vertx.setTimer(ROUTE_HOLD_LIMIT_MS, t -> routes.release());
        Runnable releaseRoutes = () -> {
            vertx.cancelTimer(holdLimit);
            routes.release();
        };
        step(() -> stop(old)).compose(x -> contextStores.flush().otherwiseEmpty())
                .compose(x -> step(() -> startDeployment(next))).onComplete(started -> {
            metrics.deployed(started.succeeded());
            if (started.succeeded()) {
                releaseRoutes.run();
                done.complete();
                return;
            }
            Throwable cause = started.cause();
            log.error("deploy failed: " + cause.getMessage());
            step(() -> stop(next))
                    .compose(x -> old == null ? Future.succeededFuture() : step(() -> startDeployment(
                            build(old.source()))))
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

    /** Tells every running node that a graceful stop began ({@link Node#draining()}); completes on the loop. */
    public Future<Void> draining() {
        Promise<Void> p = Promise.promise();
        loop.runOnContext(v -> {
            Deployment d = current;
            if (d != null) {
                d.draining();
            }
            p.complete();
        });
        return p.future();
    }

    /** Stops the flows and writes persistent context. */
    public Future<Void> stop() {
        Promise<Void> p = Promise.promise();
        loop.runOnContext(v -> stop(current).eventually(() -> contextStores.flush()).onComplete(p));
        return p.future();
    }

    /** Stops the flows for good: persistent context is written and its flush timers end. */
    public Future<Void> shutdown() {
        Promise<Void> p = Promise.promise();
        loop.runOnContext(v -> {
            deliverQueued(SETTLE_LIMIT); // messages already queued are delivered before the nodes close
            stop(current).eventually(() -> contextStores.close()).onComplete(p);
        });
        return p.future();
    }

    private Deployment build(List<Map<String, Object>> flows) {
        FlowSet set = FlowSet.build(flows, registry::has);
        StartupTimeline.mark("flows parsed (" + set.flowNodes().size() + " nodes)");
        if (!set.missingTypes().isEmpty()) {
            StringBuilder sb = new StringBuilder("unknown node types:");
            set.missingTypes().forEach((type, ids) -> sb.append(' ').append(type).append(" (used by ")
                    .append(ids.size() <= 5 ? String.join(", ", ids) : String.join(", ", ids.stream().limit(5)
                            .toList()) + " and " + (ids.size() - 5) + " more").append(");"));
            sb.setLength(sb.length() - 1);
            throw new FlowException(sb.toString());
        }
        Deployment d = new Deployment(this, set, flowContexts);
        StartupTimeline.mark("nodes built");
        return d;
    }

    private Future<Void> startDeployment(Deployment d) {
        current = d;
        state = "start";
        started = false;
        flowContexts.keySet().retainAll(d.unitIds());
        Set<String> deployed = new HashSet<>(d.unitIds());
        d.nodes().forEach(n -> deployed.add(n.id()));
        contextStores().clean(deployed); // as Node-RED's context.clean: what is no longer deployed loses its context
        return d.start().onComplete(r -> {
            StartupTimeline.mark("nodes started");
            started = true;
            if (!queue.isEmpty() && !drainScheduled) {
                drainScheduled = true;
                loop.runOnContext(v -> drain());
            }
        });
    }

    private Future<Void> stop(Deployment d) {
        if (d == null) {
            return Future.succeededFuture();
        }
        if (current == d) {
            current = null;
            state = "stop";
        }
        return d.stop();
    }
}
