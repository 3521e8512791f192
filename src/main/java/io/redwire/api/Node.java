package io.redwire.api;

import io.redwire.js.JsValues;
import io.redwire.msg.ContextScope;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.ValueScope;
import io.redwire.spi.FlowEngine;
import io.redwire.spi.NodeBinding;

import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A running node. Subclasses implement {@link #onInput}; the runtime calls it on the flow's event loop, one message
 * at a time. Construction must be free of side effects; servers and timers start in {@link #start()}.
 */
public abstract class Node implements ValueScope {
    /** The types whose Node-RED node copies its name setting as it is, an empty text included. */
    private static final Set<String> KEEPS_EMPTY_NAME = Set.of("debug", "function", "template", "delay", "tcp out");

    private final NodeConfig config;
    private final String id;
    private final String name;
    private NodeBinding binding;

    protected Node(NodeConfig config) {
        this.config = config;
        this.id = config.id();
        this.name = config.name();
    }

    public final String id() {
        return id;
    }

    public final String type() {
        return config.type().type();
    }

    public final String name() {
        return name;
    }

    /**
     * The name as Node-RED's node object holds it, which error and status sources and log entries show: null
     * (undefined there) when empty, except for the types whose Node-RED node copies its name setting as it is.
     */
    public final String nodeRedName() {
        return !name.isEmpty() || KEEPS_EMPTY_NAME.contains(type()) ? name : null;
    }

    public final NodeConfig config() {
        return config;
    }

    /** "type:name" or "type:id", as Node-RED's log prefix reads. */
    public final String label() {
        return type() + ":" + (name.isEmpty() ? id : name);
    }

    /** Called once all nodes of a deploy exist; a failed future refuses the deploy. */
    public Future<Void> start() {
        return Future.succeededFuture();
    }

    /**
     * Completes once what {@link #start()} left running in the background has finished and what the node queued
     * meanwhile has been handled (a function node's sandbox built, its queued messages run). Before a deploy closes
     * nodes it waits for theirs (bounded), so those messages reach nodes that are still open. On the flow loop.
     */
    public Future<Void> ready() {
        return Future.succeededFuture();
    }

    /**
     * Called once every node of the deploy has started (their servers listen). A client that may connect to a
     * server of the same deploy connects here and finds it listening, as Node-RED's first connect comes after the
     * listen (its host lookup is asynchronous).
     */
    public void started() {
    }

    /**
     * A graceful stop began: the flows still run while open exchanges finish, then {@link #close()} follows.
     * A server that clients probe says here that it is going away (gRPC health turns NOT_SERVING). On the flow loop.
     */
    public void draining() {
    }

    /** Why this node cannot serve now, for the readiness probe (/health/ready); null when it can or has no say. */
    public String notReady() {
        return null;
    }

    /** Stops timers, servers and connections. */
    public Future<Void> close() {
        return Future.succeededFuture();
    }

    /** Handles one input message; call done once it is finished with. */
    protected void onInput(Map<String, Object> msg, Done done) {
        done.done();
    }

    /**
     * Node-RED's node.receive: runs the input handler now, on the caller's thread (the flow loop). Whatever the
     * handler throws, a StackOverflowError or OutOfMemoryError included, is this node's error for this msg (catch
     * nodes see it); only an error {@link JvmErrors#isFatal fatal} to the JVM goes on up. Running out of memory is
     * also logged naming the node, caught or not: the heap's size is the operator's to fix.
     */
    public final void receive(Map<String, Object> msg) {
        if (!msg.containsKey("_msgid")) {
            msg.put("_msgid", Messages.newId());
        }
        try {
            onInput(msg, err -> {
                if (err != null) {
                    error(err, msg);
                } else {
                    binding.handleComplete(this, msg);
                }
            });
        } catch (Throwable e) {
            JvmErrors.rethrowIfFatal(e);
            if (e instanceof OutOfMemoryError) {
                binding.logWarn(this, "ran out of memory handling a message: " + NodeError.textOf(e));
            }
            error(e, msg);
        }
    }

    // ---- sending -------------------------------------------------------------------------------------------

    /** Node-RED's node.send: a msg, an array per output, or arrays of arrays; clones all but the first delivery. */
    @SuppressWarnings("unchecked")
    public final void send(Object out) {
        if (out == null || binding == null) {
            return;
        }
        Node[][] targets = binding.targets();
        if (out instanceof Map<?, ?> single) {
            if (targets.length == 0) {
                return;
            }
            sendOnPorts(targets, List.of(List.of(single)));
            return;
        }
        if (!(out instanceof List<?> ports)) {
            error(new NodeError("Node tried to send a message of type " + JsValues.typeOf(out)), null);
            return;
        }
        List<List<?>> perPort = new ArrayList<>(ports.size());
        for (Object p : ports) {
            if (p == null) {
                perPort.add(List.of());
            } else if (p instanceof List<?> many) {
                perPort.add(many);
            } else {
                perPort.add(List.of(p));
            }
        }
        sendOnPorts(targets, perPort);
    }

    /** Sends one message on one output port. */
    public final void sendTo(int port, Map<String, Object> msg) {
        if (binding == null) {
            return;
        }
        Node[][] targets = binding.targets();
        if (port >= targets.length) {
            return;
        }
        List<List<?>> perPort = new ArrayList<>(port + 1);
        for (int i = 0; i < port; i++) {
            perPort.add(List.of());
        }
        perPort.add(List.of(msg));
        sendOnPorts(targets, perPort);
    }

    @SuppressWarnings("unchecked")
    private void sendOnPorts(Node[][] targets, List<List<?>> perPort) {
        int n = Math.min(targets.length, perPort.size());
        String sharedId = null;
        for (int i = 0; i < n; i++) {
            for (Object m : perPort.get(i)) {
                if (m instanceof Map<?, ?> map && map.get("_msgid") instanceof String s) {
                    sharedId = s;
                    break;
                }
            }
            if (sharedId != null) {
                break;
            }
        }
        boolean sent = false;
        for (int i = 0; i < n; i++) {
            Node[] wires = targets[i];
            List<?> msgs = perPort.get(i);
            if (msgs.isEmpty() || wires.length == 0) {
                continue;
            }
            for (Node target : wires) {
                for (Object m : msgs) {
                    if (m == null) {
                        continue;
                    }
                    if (!(m instanceof Map)) {
                        binding.logError(this, "Node tried to send a message of type " + JsValues.typeOf(m));
                        continue;
                    }
                    Map<String, Object> msg = (Map<String, Object>) m;
                    if (!msg.containsKey("_msgid")) {
                        if (sharedId == null) {
                            sharedId = Messages.newId();
                        }
                        msg.put("_msgid", sharedId);
                    }
                    binding.deliver(target, sent ? Messages.cloneMessage(msg) : msg);
                    sent = true;
                }
            }
        }
    }

    public final int outputCount() {
        return binding == null ? 0 : binding.targets().length;
    }

    // ---- errors, logs, status -----------------------------------------------------------------------------

    /**
     * node.error(err, msg): routed to catch nodes when msg is given, and logged (to the console and the editor's
     * debug sidebar) only when no catch node took it, as Node-RED does.
     */
    public final void error(Object err, Map<String, Object> msg) {
        boolean handled = false;
        if (msg != null) {
            try {
                handled = binding.handleError(this, err, msg);
            } catch (Throwable e) { // e.g. a message too deep to copy for a catch node
                JvmErrors.rethrowIfFatal(e);
                binding.logError(this, "error not passed to catch nodes: " + NodeError.textOf(e));
            }
        }
        if (!handled) {
            String text = errorText(err);
            binding.logError(this, text, NodeError.shown(err, text));
        }
    }

    /** Logs the text of {@code value}; the debug sidebar shows the value itself (an object, an Error, ...). */
    public final void warn(Object value) {
        binding.logWarn(this, JsValues.toJsString(value), value);
    }

    public final void log(Object text) {
        binding.logInfo(this, JsValues.toJsString(text));
    }

    /** node.status: {fill, shape, text}; a string, number or boolean becomes {text}. */
    public final void status(Object status) {
        Map<String, Object> s;
        if (status instanceof Map<?, ?> m) {
            s = new LinkedHashMap<>();
            m.forEach((k, v) -> s.put(String.valueOf(k), "text".equals(k) && v != null && !(v instanceof String)
                    ? JsValues.toJsString(v) : v));
        } else {
            s = new LinkedHashMap<>();
            if (status != null) {
                s.put("text", JsValues.toJsString(status));
            }
        }
        if (binding != null) {
            binding.handleStatus(this, s);
        }
    }

    public static String errorText(Object err) {
        if (err instanceof Throwable t) {
            return NodeError.textOf(t);
        }
        if (err instanceof Map<?, ?> m && m.get("message") != null) {
            return JsValues.toJsString(m.get("message"));
        }
        return JsValues.toJsString(err);
    }

    // ---- context and environment --------------------------------------------------------------------------

    @Override
    public final ContextScope nodeContext() {
        return binding.nodeContext();
    }

    @Override
    public final ContextScope flowContext() {
        return binding.flowContext();
    }

    @Override
    public final ContextScope globalContext() {
        return binding.globalContext();
    }

    @Override
    public Object env(String name) {
        return binding.env(this, name);
    }

    public final Vertx vertx() {
        return binding.engine().vertx();
    }

    /** Node.js-ordered timers on the flow loop, for the timeouts and intervals Node-RED's nodes set. */
    public final LoopTimers timers() {
        return binding.engine().timers();
    }

    /** The engine running this node: its loop, settings, shared services and the other running nodes. */
    public final FlowEngine engine() {
        return binding.engine();
    }

    /** True when the other node runs in the same flow (tab or subflow instance) as this one. */
    public final boolean inSameFlowAs(Node other) {
        return binding != null && other.binding != null && binding.sameFlow(other.binding);
    }

    /** The group this node sits in (its `g`), or null. */
    public final String group() {
        return config.group();
    }

    /** The original id inside a subflow template (`_alias`), or null. */
    public final String alias() {
        return config.alias();
    }

    public final String z() {
        return config.z();
    }

    /** Called by the runtime once, when the deploy wires its nodes. */
    public final void bind(NodeBinding b) {
        if (binding != null) {
            throw new IllegalStateException(label() + " is already bound");
        }
        this.binding = b;
    }

    /** Where the runtime attached this node; null before the deploy wires it. */
    public final NodeBinding binding() {
        return binding;
    }
}
