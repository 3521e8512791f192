package io.redwire.msg;

import io.vertx.core.Future;

import java.util.Map;
import java.util.Set;

/**
 * One named context store (Node-RED's {@code contextStorage} entry). Scopes are "global", a flow id, or
 * "nodeId:flowId"; their maps are touched on the flow loop only.
 */
public interface ContextStore {
    /** The live map of a scope, created empty on first use; the same map every time. */
    Map<String, Object> scope(String scopeId);

    /**
     * A value in the scope was set or deleted (a persistent store schedules it for the next flush). The defaults
     * here and of {@link #flush} and {@link #close} suit a store that holds its values only in memory.
     */
    default void changed(String scopeId) {
    }

    /** Writes what changed since the last flush (persistent stores); call on the flow loop. */
    default Future<Void> flush() {
        return Future.succeededFuture();
    }

    /** Final flush, timers cancelled. */
    default Future<Void> close() {
        return Future.succeededFuture();
    }

    /**
     * Drops the scopes of the nodes and flows no longer deployed (the scope id's part before ':' is not among
     * {@code deployed}; "global" stays), as Node-RED's context.clean after each deploy. A store whose values live
     * elsewhere (a file, the cluster) keeps them: the default does nothing.
     */
    default void clean(Set<String> deployed) {
    }

    /**
     * Whether values are copied into the scope maps instead of referenced (maps shared with other processes):
     * a write to "a.b" then stores a new copy of "a", so the map sees every change.
     */
    default boolean storesByValue() {
        return false;
    }
}
