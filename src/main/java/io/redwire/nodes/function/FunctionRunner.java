package io.redwire.nodes.function;

import io.redwire.api.Done;
import io.redwire.api.LinkCalls;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.js.JsValues;
import io.redwire.msg.ContextScope;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.TypedValue;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.micrometer.core.instrument.Timer;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs one function node: builds its sandbox (off the event loop), runs initialize before any message (queueing
 * input meanwhile), calls the body per message with Node-RED's send/done/error rules, owns its timers, and runs
 * finalize and the close handlers on close. Everything but the sandbox build happens on the flow loop.
 */
public final class FunctionRunner implements FunctionHost {
    private static final long CLOSE_TIMEOUT_MS = 15_000;

    private enum State { STARTING, READY, DEAD, CLOSED }

    private record Pending(Map<String, Object> msg, Done done) {
    }

    private record Built(FunctionSandbox sandbox, FunctionSandbox.Compiled body, FunctionSandbox.Compiled setup,
                         FunctionSandbox.Compiled cleanup) {
    }

    private final Node node;
    private final FunctionCode code;
    private final LinkCalls linkCalls;
    private final boolean codeCallsDone;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private int deliveryQueueLimit;
    private long wakeTimer = -1;
    private long batchStarted;
    private final Set<String> warnedStores = new HashSet<>();
    private Timer runTime; // bound on the first run (the node is attached by then): no lookup per message
    private State state = State.STARTING;
    private Map<String, Object> info;
    private FunctionSandbox sandbox;
    private FunctionSandbox.Compiled body;
    private FunctionSandbox.Compiled cleanup;
    private boolean clearStatusOnClose;
    private Promise<Void> closing;
    private Future<Built> building;
    private Callable<Built> build; // set by start(), submitted by deployStarted()
    private Runnable whenStarted; // a close that came while the node was starting
    private final Promise<Void> leftStarting = Promise.promise();

    public FunctionRunner(Node node, FunctionCode code, LinkCalls linkCalls) {
        this.node = node;
        this.code = code;
        this.linkCalls = linkCalls;
        this.codeCallsDone = CodeScanner.callsDone(code.body());
    }

    /**
     * Prepares the sandbox's build, which {@link #deployStarted()} runs on a worker thread ({@link SandboxBuilds}; the
     * first GraalJS context of a process takes seconds) without holding up the event loop or the deploy: like Node-RED 5, which compiles after its module loading promise and counts
     * the flows started before its initialize code has run, the node queues input until its code is ready and then
     * runs it in order ({@link #ready()} says when). Compile errors are logged and leave a node that ignores its
     * input.
     */
    public Future<Void> start() {
        info = nodeInfo();
        Settings settings = node.engine().settings();
        long timeoutMillis = Math.round(timeoutSeconds(settings) * 1000);
        long heapLimit = FunctionSettings.HEAP_LIMIT.read(settings);
        deliveryQueueLimit = FunctionSettings.DELIVERY_QUEUE_LIMIT.read(settings);
        for (FunctionCode.Lib lib : code.libs()) {
            if (!lib.module().isEmpty()) {
                node.warn("external modules are not loaded: '" + lib.var() + "' (" + lib.module() + ") is undefined");
            }
        }
        build = () -> build(timeoutMillis, heapLimit);
        // the deploy does not wait for the sandbox (compile errors are logged, not refused): a redeploy waits for
        // ready() before it closes any node, so what queued here meanwhile reaches the nodes after this one while
        // they are still open (RedeployInFlightTest)
        return Future.succeededFuture();
    }

    /**
     * Submits the sandbox build once every node of the deploy has started: on two cores a GraalJS build beside the
     * start takes the CPU the start needs (the seed reached "Started flows" ~160 ms sooner this way, its first loop
     * sets 35–55 ms later; docs/perf/README.md).
     */
    public void deployStarted() {
        if (build == null || building != null || state == State.CLOSED) {
            return;
        }
        building = node.engine().shared(SandboxBuilds.class, () -> new SandboxBuilds(node.vertx())).submit(build);
        building.onComplete(built -> node.engine().execute(() -> {
            if (state == State.CLOSED) {
                if (built.succeeded()) {
                    built.result().sandbox().close();
                }
            } else if (built.failed()) {
                state = State.DEAD;
                queue.clear();
                Throwable e = built.cause();
                node.error(e instanceof NodeError ne ? ne : new NodeError(String.valueOf(e.getMessage())), null);
                started();
            } else {
                ready(built.result());
            }
        }));
    }

    /** Completes when the node has left STARTING: its code ready and what queued meanwhile run, or dead, or closed. */
    public Future<Void> ready() {
        return leftStarting.future();
    }

    private double timeoutSeconds(Settings settings) {
        if (code.timeoutSeconds() > 0) {
            return code.timeoutSeconds();
        }
        double global = FunctionSettings.GLOBAL_TIMEOUT.read(settings);
        return global > 0 ? global : RuntimeSettings.FUNCTION_TIMEOUT.read(settings);
    }

    private Map<String, Object> nodeInfo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", node.id());
        m.put("name", node.name());
        m.put("path", JsValues.toJsString(node.env("NR_NODE_PATH")));
        m.put("outputCount", code.outputs());
        m.put("maxTimers", FunctionSettings.MAX_TIMERS.read(node.engine().settings()));
        m.put("libs", code.libs().stream().map(FunctionCode.Lib::var).filter(v -> !v.isEmpty()).toList());
        return m;
    }

    private Built build(long timeoutMillis, long heapLimit) {
        FunctionSandbox s = new FunctionSandbox(JsEngine.get(), this, timeoutMillis, heapLimit);
        try {
            String id = node.id();
            String name = node.name();
            FunctionSandbox.Compiled b = s.compile(FunctionSandbox.Kind.bodyFor(code.body()), code.body(), id, name);
            FunctionSandbox.Compiled setup = code.setup().isBlank() ? null
                    : s.compile(FunctionSandbox.Kind.SETUP, code.setup().strip(), id, name);
            FunctionSandbox.Compiled clean = code.cleanup().isBlank() ? null
                    : s.compile(FunctionSandbox.Kind.CLEANUP, code.cleanup().strip(), id, name);
            return new Built(s, b, setup, clean);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private void ready(Built built) {
        sandbox = built.sandbox();
        body = built.body();
        cleanup = built.cleanup();
        if (built.setup() == null) {
            initialized(null);
            return;
        }
        NodeError err = sandbox.run(() -> sandbox.runSetup(built.setup()));
        if (err != null) {
            initialized(err);
        }
    }

    // ---- input ------------------------------------------------------------------------------------------------

    /** Runs the body now, or queues the msg while the node is starting; a dead node drops it. */
    public void input(Map<String, Object> msg, Done done) {
        if (state == State.READY && queue.isEmpty()) {
            invoke(msg, done);
        } else if (state == State.STARTING || state == State.READY) {
            queue.add(new Pending(msg, done));
        }
    }

    private void drainQueue() {
        while (state == State.READY && !queue.isEmpty()) {
            Pending p = queue.poll();
            node.engine().runAs(node, () -> invoke(p.msg(), p.done()));
        }
        started();
    }

    /** The node left STARTING (ready with its queue run, or dead): a close that waited for that goes on. */
    private void started() {
        leftStarting.tryComplete();
        Runnable r = whenStarted;
        whenStarted = null;
        if (r != null) {
            r.run();
        }
    }

    private void invoke(Map<String, Object> msg, Done done) {
        Call call = new Call(msg, sandbox.values().inputRoot(msg), done);
        long started = System.nanoTime();
        NodeError err = sandbox.run(() -> sandbox.invoke(body, call.root, call));
        if (runTime == null) {
            runTime = Timer.builder("redwire_function_run").description("time in function node JavaScript")
                    .register(node.engine().meters());
        }
        runTime.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        if (err != null && !call.settled) {
            call.settle(); // a timed-out body never resolves
            done.done(err);
        }
    }

    // ---- FunctionHost -----------------------------------------------------------------------------------------

    @Override
    public Map<String, Object> info() {
        return info;
    }

    /**
     * Refused while settings.deliveryQueueLimit messages wait for delivery: Node-RED's queue has no bound, but code
     * sending in a loop would fill the heap before any of its messages is delivered (they are delivered only after
     * the call returns). The refusal is an Error thrown at the node.send, a node error unless the code catches it.
     */
    @Override
    @SuppressWarnings("unchecked")
    public String send(Call call, List<Object> perPort) {
        int queued = node.engine().queuedMessages();
        if (queued >= deliveryQueueLimit) {
            return "node.send refused: " + queued + " messages are waiting for delivery (settings.deliveryQueueLimit)";
        }
        String msgid = call != null && call.msgid != null ? call.msgid : Messages.newId();
        for (Object port : perPort) {
            if (port instanceof List<?> msgs) {
                for (Object m : msgs) {
                    if (m instanceof Map<?, ?> map) {
                        ((Map<String, Object>) map).put("_msgid", msgid);
                    }
                }
            }
        }
        node.send(perPort);
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void returned(Call call, Object msg) {
        if (msg instanceof Map<?, ?> m && call.msgid != null) {
            ((Map<String, Object>) m).put("_msgid", call.msgid);
        }
        node.send(msg);
        settled(call, null);
    }

    @Override
    public void done(Call call, NodeError error) {
        if (call != null) {
            call.root.materialize();
            call.done.done(error);
        }
    }

    @Override
    public void settled(Call call, NodeError error) {
        if (call == null || call.settled) {
            return;
        }
        call.settle();
        if (error != null) {
            call.done.done(error);
        } else if (!codeCallsDone) {
            call.done.done();
        }
    }

    @Override
    public void initialized(NodeError error) {
        if (state != State.STARTING) {
            return;
        }
        if (error != null) {
            state = State.DEAD;
            queue.clear();
            node.error(error, null);
            started();
            return;
        }
        state = State.READY;
        if (!queue.isEmpty() || whenStarted != null) {
            node.engine().loop().runOnContext(v -> drainQueue()); // after the current call into JS
        } else {
            started();
        }
    }

    @Override
    public void closed() {
        if (closing != null) {
            closing.tryComplete();
        }
    }

    @Override
    public void log(String level, Object value) {
        switch (level) {
            case "info" -> node.log(value);
            case "warn" -> node.warn(value);
            case "error" -> node.error(new NodeError(JsValues.toJsString(value)), null);
            default -> {
                // debug and trace are below Node-RED's default log level
            }
        }
    }

    @Override
    public void error(NodeError error, Map<String, Object> msg) {
        node.error(error, msg);
    }

    @Override
    public void status(Object status) {
        clearStatusOnClose = true;
        node.status(status);
    }

    @Override
    public void nonMessage(String type) {
        node.error(new NodeError("Function tried to send a message of type " + type), null);
    }

    /**
     * One Vert.x timer per node runs its due JS timers in one batch. The next batch waits at least as long as this
     * one ran, so a node's timers take at most half the flow loop however many 1 ms intervals it holds.
     */
    @Override
    public void wakeTimers(long delayMillis) {
        if (state == State.CLOSED) {
            return;
        }
        Vertx vertx = node.vertx();
        if (wakeTimer >= 0) {
            vertx.cancelTimer(wakeTimer);
        }
        long busy = batchStarted == 0 ? 0 : (System.nanoTime() - batchStarted) / 1_000_000;
        wakeTimer = vertx.setTimer(Math.max(1, Math.max(delayMillis, busy)), t -> {
            wakeTimer = -1;
            runTimers();
        });
    }

    private void runTimers() {
        if (state == State.CLOSED || sandbox == null) {
            return;
        }
        batchStarted = System.nanoTime();
        NodeError err;
        try {
            err = sandbox.run(sandbox::runTimers);
        } finally {
            batchStarted = 0;
        }
        if (err != null) {
            node.error(err, Messages.create());
        }
    }

    @Override
    public void counter(int id, String name, long delta) {
        node.vertx().sharedData().getCounter(name)
                .compose(c -> delta == 0 ? c.get() : c.addAndGet(delta))
                .onComplete(r -> node.engine().execute(() -> {
                    if (state == State.CLOSED || sandbox == null) {
                        return;
                    }
                    NodeError err = sandbox.run(() -> sandbox.settle(id, r.succeeded() ? r.result() : null,
                            r.failed() ? "counter " + name + ": " + r.cause().getMessage() : null));
                    if (err != null) {
                        node.error(err, Messages.create());
                    }
                }));
    }

    /** Node-RED's node.linkcall: the target is called by id when a node has that id, else dynamically by name. */
    @Override
    public String linkcall(int id, String target, Map<String, Object> msg, long timeoutMillis) {
        if (msg == null) {
            return "Error link call msg parameter is not valid, expected an object";
        }
        Node linkIn;
        try {
            linkIn = linkCalls.target(target, node.engine().node(target) == null);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        linkCalls.call(linkIn, msg, timeoutMillis).onComplete(answer -> {
            if (state == State.CLOSED || sandbox == null) {
                return;
            }
            NodeError err = sandbox.run(() -> sandbox.settle(id,
                    answer.succeeded() ? sandbox.values().toGuest(answer.result()) : null,
                    answer.succeeded() ? null : answer.cause().getMessage()));
            if (err != null) {
                node.error(err, Messages.create());
            }
        });
        return null;
    }

    @Override
    public ContextScope context(String scope, String store) {
        if (store != null && !knownStore(store) && warnedStores.add(store)) {
            node.warn("Unknown context store '" + store + "' specified. Using default store.");
        }
        ContextScope ctx = switch (scope) {
            case "flow" -> node.flowContext();
            case "global" -> node.globalContext();
            default -> node.nodeContext();
        };
        return ctx.inStore(store);
    }

    private boolean knownStore(String store) {
        return "default".equals(store)
                || RuntimeSettings.CONTEXT_STORAGE.read(node.engine().settings()).containsKey(store);
    }

    @Override
    public Object env(String name) {
        return node.env(name);
    }

    @Override
    public Object evaluate(String value, String type, Map<String, Object> msg) {
        return TypedValue.compile(value, type).evaluate(msg, node);
    }

    // ---- close ------------------------------------------------------------------------------------------------

    /**
     * finalize, then timers, status and the node.on('close') handlers (up to 15 s), then the context. A node that
     * queued messages while starting first finishes (up to 15 s) and runs them, in order, before it closes; one
     * with nothing queued closes at once, as Node-RED's does while its initialize code still runs.
     */
    public Future<Void> close() {
        if (queue.isEmpty() || building == null) {
            return closeNow();
        }
        Promise<Void> closed = Promise.promise();
        Vertx vertx = node.vertx();
        long guard = vertx.setTimer(CLOSE_TIMEOUT_MS, t -> started()); // initialize never settled: close anyway
        whenStarted = () -> {
            vertx.cancelTimer(guard);
            closeNow().onComplete(closed);
        };
        return closed.future();
    }

    private Future<Void> closeNow() {
        state = State.CLOSED;
        leftStarting.tryComplete();
        queue.clear();
        linkCalls.close();
        if (sandbox == null) {
            // never compiled, or still building: the build's completion sees CLOSED and closes the context
            return building == null ? Future.succeededFuture() : building.<Void>mapEmpty().otherwiseEmpty();
        }
        if (cleanup != null) {
            NodeError err = sandbox.run(() -> sandbox.runCleanup(cleanup));
            if (err != null) {
                node.error(err, null);
            }
        }
        Vertx vertx = node.vertx();
        if (wakeTimer >= 0) {
            vertx.cancelTimer(wakeTimer);
            wakeTimer = -1;
        }
        if (clearStatusOnClose) {
            node.status(Map.of());
        }
        closing = Promise.promise();
        NodeError err = sandbox.run(sandbox::closeHandlers);
        if (err != null) {
            node.error(err, null);
            closing.tryComplete();
        }
        long guard = vertx.setTimer(CLOSE_TIMEOUT_MS, t -> closing.tryComplete());
        FunctionSandbox s = sandbox;
        return closing.future().onComplete(r -> {
            vertx.cancelTimer(guard);
            s.close();
        });
    }
}
