package io.redwire.msg;

import io.vertx.core.Future;

import java.util.Map;

/**
 * One named context store (Node-RED's {@code contextStorage} entry). Scopes are "global", a flow id, or
 * "nodeId:flowId"; their maps are touched on the flow loop only.
 */
public interface ContextStore {
    /** The live map of a scope, created empty on first use; the same map every time. */
    Map<String, Object> scope(String scopeId);

    /** A value in the scope was set or deleted (a persistent store schedules it for the next flush). */
    void changed(String scopeId);

    /** Writes what changed since the last flush (persistent stores); call on the flow loop. */
    Future<Void> flush();

    /** Final flush, timers cancelled. */
    Future<Void> close();
}
