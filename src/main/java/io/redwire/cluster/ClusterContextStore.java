package io.redwire.cluster;

import com.hazelcast.core.HazelcastInstance;
import io.redwire.msg.ContextStore;
import io.vertx.core.Future;

import java.util.HashMap;
import java.util.Map;

/**
 * The default context store of a cluster member: global context (and each flow's, when asked) lives in Hazelcast
 * replicated maps shared by every member; node context stays in this process, as the node does.
 */
final class ClusterContextStore implements ContextStore {
    private final HazelcastInstance hazelcast;
    private final boolean sharedFlows;
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();

    ClusterContextStore(HazelcastInstance hazelcast, boolean sharedFlows) {
        this.hazelcast = hazelcast;
        this.sharedFlows = sharedFlows;
    }

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, id -> shared(id)
                ? new ReplicatedContextMap(hazelcast.getReplicatedMap("redwire.context." + id)) : new HashMap<>());
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
        // replicated maps send each put themselves
    }

    @Override
    public Future<Void> flush() {
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        return Future.succeededFuture();
    }
}
