package io.redwire.api;

import java.util.List;
import java.util.Map;

/** A catch, status or complete node: the runtime hands it events from the nodes in its scope. */
public interface FlowEventNode {
    enum Kind { CATCH, STATUS, COMPLETE }

    Kind kind();

    /** Node ids in scope, or null for every node of the flow. */
    List<String> scopeIds();

    /** scope "group": only nodes inside the same group tree. */
    boolean groupScope();

    /** catch only: fire only for errors nobody else handled. */
    default boolean uncaught() {
        return false;
    }

    /** Delivers the event msg to this node (runs its input pipeline). */
    void deliverEvent(Map<String, Object> msg);

    String id();

    String group();
}
