package io.redwire.spi;

import io.redwire.api.Node;
import io.redwire.msg.ContextScope;

import java.util.Map;

/** Where a started node is attached: its engine, output wiring, flow scope and contexts. Implemented by the runtime. */
public interface NodeBinding {
    FlowEngine engine();

    /** Per output port, the nodes wired to it. */
    Node[][] targets();

    /** Queues a message for a node on the flow loop, in send order. */
    void deliver(Node target, Map<String, Object> msg);

    ContextScope nodeContext();

    ContextScope flowContext();

    ContextScope globalContext();

    /** env var lookup through group, flow, subflow and global levels. */
    Object env(Node node, String name);

    void logInfo(Node node, String text);

    /** text goes to the log; the debug sidebar shows {@code shown} (the value warned of, the Error reported). */
    void logWarn(Node node, String text, Object shown);

    void logError(Node node, String text, Object shown);

    /** A text for both the log and the debug sidebar. */
    default void logWarn(Node node, String text) {
        logWarn(node, text, text);
    }

    default void logError(Node node, String text) {
        logError(node, text, text);
    }

    /** Routes an error with its msg to the catch nodes in scope; false when none took it. */
    boolean handleError(Node node, Object error, Map<String, Object> msg);

    /** A node finished with a msg: complete nodes in scope see it. */
    void handleComplete(Node node, Map<String, Object> msg);

    /** A node's status changed: status nodes in scope and the editor see it. */
    void handleStatus(Node node, Map<String, Object> status);

    /** True when both bindings belong to the same flow (tab or subflow instance). */
    boolean sameFlow(NodeBinding other);
}
