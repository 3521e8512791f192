package io.redwire.cluster;

import io.redwire.credentials.CredentialStore;
import io.redwire.deploy.FlowService;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * This process as a member of a Redwire cluster on Vert.x's Hazelcast cluster manager: every member runs the
 * same flows, deploys reach all of them ({@link ClusterDeploys}), global context (and optionally flow context)
 * is shared, and work that must happen once runs on the leader ({@link HazelcastMembership}).
 */
public final class RedwireCluster {
    private static final String FLOWS_MAP = "redwire.flows";

    private final Vertx vertx;
    private final HazelcastClusterManager manager;

    private RedwireCluster(Vertx vertx, HazelcastClusterManager manager) {
        this.vertx = vertx;
        this.manager = manager;
    }

    /** Forms or joins the cluster. */
    public static Future<RedwireCluster> start(ClusterOptions options) {
        HazelcastClusterManager manager = new HazelcastClusterManager(ClusterVertx.hazelcastConfig(options));
        return ClusterVertx.start(options, manager).map(v -> new RedwireCluster(v, manager));
    }

    public Vertx vertx() {
        return vertx;
    }

    public String memberId() {
        return manager.getNodeId();
    }

    /**
     * Makes the engine a member and starts the flows the cluster runs: its current flows when it has some (not
     * the local file's), otherwise the local ones, which then become the cluster's, with this member's
     * credentials, so a member that joins later without a credentials file gets them as with a deploy. A deploy spread while these
     * start runs right after them.
     *
     * @param sharedFlowContext whether each flow's context is shared too (global context always is)
     * @param start             starts flows in this process only
     * @return the flows started
     */
    public Future<List<Map<String, Object>>> join(Engine engine, FlowService flows,
                                                  List<Map<String, Object>> local, boolean sharedFlowContext,
                                                  Function<List<Map<String, Object>>, Future<Void>> start) {
        var hazelcast = manager.getHazelcastInstance();
        engine.joinCluster(new HazelcastMembership(hazelcast, memberId()),
                new ClusterContextStore(vertx, hazelcast, sharedFlowContext));
        return vertx.sharedData().<String, String>getClusterWideMap(FLOWS_MAP).compose(map -> {
            ClusterDeploys deploys = new ClusterDeploys(vertx, manager, map);
            // Under the deploy lock: pick the flows (the first member's file seeds the cluster), queue their start,
            // and listen for spread deploys, which then queue behind it. The start itself runs unlocked.
            Future<Future<List<Map<String, Object>>>> queued = deploys.exclusive(() -> map.get(ClusterDeploys.FLOWS_KEY)
                    .compose(json -> json != null ? Future.succeededFuture(FlowFileReader.parse(json,
                            "the cluster's flows")) : map.put(ClusterDeploys.FLOWS_KEY,
                            Json.stringify(CredentialStore.withCredentials(local, flows.credentials().current())))
                            .map(x -> local))
                    .compose(run -> {
                        Future<List<Map<String, Object>>> started = start.apply(run).map(x -> run);
                        flows.replicateWith(deploys);
                        return deploys.listen(flows).map(x -> started);
                    }));
            return queued.compose(started -> started);
        });
    }
}
