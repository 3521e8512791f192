package io.redwire.cluster;

import com.hazelcast.core.HazelcastInstance;
import io.redwire.msg.ContextStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;

import java.util.HashMap;
import java.util.Map;

/**
 * The default context store of a cluster member: global context (and each flow's, when asked) lives in Hazelcast
 * replicated maps shared by every member; node context stays in this process, as the node does. Writes to the
 * shared maps go through one single-threaded writer, in order and off the flow loop.
 */
final class ClusterContextStore implements ContextStore {
    private final HazelcastInstance hazelcast;
    private final boolean sharedFlows;
    private final WorkerExecutor writer;
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();

    ClusterContextStore(Vertx vertx, HazelcastInstance hazelcast, boolean sharedFlows) {
        this.hazelcast = hazelcast;
        this.sharedFlows = sharedFlows;
        this.writer = vertx.createSharedWorkerExecutor("redwire-context-writer", 1);
    }

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, id -> shared(id)
                ? new ReplicatedContextMap(hazelcast.getReplicatedMap("redwire.context." + id), writer) : new HashMap<>());
    }

    /** "global", or a flow id when flow context is shared; node scopes are "nodeId:flowId". */
    private boolean shared(String scopeId) {
        return scopeId.equals("global") || sharedFlows && !scopeId.contains(":");
    }

    @Override
    public boolean storesByValue() {
        return true;
    }

    @Override
    public void changed(String scopeId) {
        // each put is already queued for the replicated map
    }

    /** Completes once every write queued before it has reached the replicated maps. */
    @Override
    public Future<Void> flush() {
        return writer.executeBlocking(() -> null);
    }

    @Override
    public Future<Void> close() {
        return flush().eventually(writer::close);
    }
}
