package io.redwire.nodes.function;

import io.redwire.msg.ContextScope;
import io.redwire.msg.NodeError;

import java.util.List;
import java.util.Map;

/** What the sandbox asks of its function node. Called on the flow loop, from inside JavaScript. */
interface FunctionHost {
    /** id, name, path, outputCount and libs (variable names), for the sandbox's node object. */
    Map<String, Object> info();

    /**
     * Sends converted msgs (one entry per output: null or a list of msgs); call is null during initialize. Returns
     * null, or why nothing was sent (the delivery queue is full).
     */
    String send(Call call, List<Object> perPort);

    /** The body resolved to one msg object (converted, not cloned): send it on output 1, then settle. */
    void returned(Call call, Object msg);

    /** node.done(err?) called by the code itself. */
    void done(Call call, NodeError error);

    /** The body resolved (error null) or rejected. */
    void settled(Call call, NodeError error);

    /** The initialize code resolved (error null) or rejected. */
    void initialized(NodeError error);

    /** Every node.on('close') handler has finished. */
    void closed();

    /** level: info, warn, error, debug, trace. */
    void log(String level, Object value);

    /** node.error(err, msg); msg null when not given. */
    void error(NodeError error, Map<String, Object> msg);

    void status(Object status);

    /** A return/send slot held something that is not a msg object. */
    void nonMessage(String type);

    /** Calls the sandbox's runTimers in delayMillis (or later), replacing the wake-up asked for before. */
    void wakeTimers(long delayMillis);

    /**
     * Adds delta to the cluster-wide counter (0 reads it) and later settles the sandbox's pending promise id with
     * the new value. Atomic across a cluster's members, unlike a get-then-set on global context.
     */
    void counter(int id, String name, long delta);

    /**
     * node.linkcall: hands msg to the link in named by target (an id, else a name) and later settles the
     * sandbox's pending promise id with the msg a return-mode link out sends back, or rejects it with "timeout".
     * Returns null, or why there was no call (no such link in).
     */
    String linkcall(int id, String target, Map<String, Object> msg, long timeoutMillis);

    /** scope: node, flow or global; store: the explicit store argument or null. */
    ContextScope context(String scope, String store);

    Object env(String name);

    /** RED.util.evaluateNodeProperty for the types evaluated by the runtime (str, json, env, jsonata, ...). */
    Object evaluate(String value, String type, Map<String, Object> msg);
}
