package io.redwire.cluster;

import io.redwire.admin.FlowService;
import io.redwire.flow.FlowFileReader;
import io.redwire.runtime.Engine;
import io.redwire.runtime.Json;
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
     * the local file's), otherwise the local ones, which then become the cluster's. No deploy runs meanwhile.
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
                new ClusterContextStore(hazelcast, sharedFlowContext));
        return vertx.sharedData().<String, String>getClusterWideMap(FLOWS_MAP).compose(map -> {
            ClusterDeploys deploys = new ClusterDeploys(vertx, manager, map);
            return deploys.exclusive(() -> map.get(ClusterDeploys.FLOWS_KEY).compose(current -> {
                List<Map<String, Object>> run = current == null ? local
                        : FlowFileReader.parse(current, "the cluster's flows");
                Future<Void> stored = current == null ? map.put(ClusterDeploys.FLOWS_KEY, Json.stringify(local))
                        : Future.succeededFuture();
                return stored.compose(x -> start.apply(run)).map(x -> {
                    deploys.listen(flows);
                    flows.replicateWith(deploys);
                    return run;
                });
            }));
        });
    }
}
