package io.redwire.runtime;

import io.redwire.api.DebugEvent;
import io.redwire.api.LoopTimers;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.context.ContextStores;
import io.redwire.flow.DeployMode;
import io.redwire.logging.Log;
import io.redwire.msg.ContextScope;
import io.redwire.msg.ContextStore;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;
import io.redwire.spi.FlowEngine;
import io.redwire.spi.HttpRoutes;
import io.redwire.spi.Membership;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The flow runtime as nodes and the server see it: its loop, settings, contexts, shared services and feeds. Every
 * node runs on one Vert.x event-loop context (Node-RED's single-thread semantics without locks); messages go
 * through the {@link DeliveryQueue} drained on that context, and the running flow set is swapped atomically by the
 * {@link Deployer}: a new flow set that fails to build or start leaves the previous one running.
 */
public final class Engine implements FlowEngine {
    private final Vertx vertx;
    private final Context loop;
    private final NodeRegistry registry;
    private final Settings settings;
    private final Log log;
    private final EventFeed events = new EventFeed();
    private ContextStores contextStores;
    private final RuntimeMetrics metrics;
    private ContextScope global;
    private Membership membership = Membership.SINGLE;
    private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
    private final HttpRoutes routes;
    private final Path protosDir;
    private final LoopTimers timers;
    private volatile Thread loopThread;
    private final DeliveryQueue queue;
    private final Deployer deployer;

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
        this.queue = new DeliveryQueue(this, this::runs);
        this.deployer = new Deployer(this, queue);
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
        return events;
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
        deployer.enterSafeMode();
    }

    /** Whether flows run and every node has finished starting (readiness). On the flow loop. */
    public boolean flowsStarted() {
        return deployer.flowsStarted();
    }

    /** "start" when flows run, "safe" before the first deploy in safe mode, "stop" otherwise. */
    public String state() {
        return deployer.state();
    }

    /** The thread the flow loop runs on (null until its first task ran): for stall reports. */
    public Thread loopThread() {
        return loopThread;
    }

    /** The node a queued message is being handed to now, or null (timers and I/O run outside deliveries). */
    public Node delivering() {
        return queue.delivering();
    }

    @Override
    public void runAs(Node node, Runnable handling) {
        queue.runAs(node, handling);
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

    private boolean runs(Node n) {
        return deployer.runs(n);
    }

    /** Queues a message for a node; delivery happens later on the flow loop, in send order. */
    public void deliver(Node target, Map<String, Object> msg) {
        queue.add(target, msg);
    }

    @Override
    public int queuedMessages() {
        return queue.size();
    }

    @Override
    public void deliverNow() {
        queue.deliverNow();
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
        events.publish(DebugEvent.TOPIC, event);
    }

    void publishStatus(Node node, Map<String, Object> status) {
        events.publish("status/" + node.id(), status);
    }

    // ---- deploys ------------------------------------------------------------------------------------------------

    /** The running node with this id (not config-only lookups), or null. */
    public Node node(String id) {
        return deployer.node(id);
    }

    /** Every running node (flow and config nodes), in deploy order. */
    public Collection<Node> runningNodes() {
        return deployer.runningNodes();
    }

    /** The context of a running flow (tab or subflow instance), or null; use on the flow loop. */
    public ContextScope flowContext(String flowId) {
        return deployer.flowContext(flowId);
    }

    public List<Map<String, Object>> flows() {
        return deployer.flows();
    }

    /**
     * Replaces the running flows. Fails (with every problem named) when the new flows cannot be built or started;
     * the previous flows are then running again.
     */
    public Future<Void> deploy(List<Map<String, Object>> flows) {
        return deploy(flows, DeployMode.FULL);
    }

    /**
     * As {@link #deploy(List)}, restarting only what {@code mode} asks: a {@code flows} or {@code nodes} deploy
     * leaves the nodes it does not restart running, with their state, connections and timers.
     */
    public Future<Void> deploy(List<Map<String, Object>> flows, DeployMode mode) {
        return deployer.deploy(flows, mode);
    }

    /** Tells every running node that a graceful stop began ({@link Node#draining()}); completes on the loop. */
    public Future<Void> draining() {
        return deployer.draining();
    }

    /** Stops the flows and writes persistent context. */
    public Future<Void> stop() {
        return deployer.stop();
    }

    /** Stops the flows for good: persistent context is written and its flush timers end. */
    public Future<Void> shutdown() {
        return deployer.shutdown();
    }
}
