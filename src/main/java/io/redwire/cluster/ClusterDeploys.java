package io.redwire.cluster;

import io.redwire.deploy.DeployReplication;
import io.redwire.deploy.FlowService;
import io.redwire.flow.DeployMode;
import io.redwire.flow.FlowFileReader;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.shareddata.AsyncMap;
import io.vertx.core.spi.cluster.ClusterManager;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One deploy for the whole cluster. The member that takes a deploy holds the cluster-wide deploy lock, starts the
 * flows itself, then asks every other member (each listens on its own event-bus address) to start them too. If
 * any member cannot, those that did go back to the previous flows and the deploy is refused everywhere; if all
 * can, the flows and revision are stored in the cluster map that joining members start from.
 */
final class ClusterDeploys implements DeployReplication {
    static final String DEPLOY_LOCK = "redwire.deploy";
    static final String FLOWS_KEY = "flows";
    /** The deploy's Node-RED-Deployment-Type, so every member restarts only what the first one did. */
    static final String MODE_HEADER = "deploymentType";
    private static final long LOCK_TIMEOUT_MS = 120_000;
    private static final long MEMBER_TIMEOUT_MS = 60_000;

    private final Vertx vertx;
    private final ClusterManager manager;
    private final AsyncMap<String, String> clusterFlows;

    ClusterDeploys(Vertx vertx, ClusterManager manager, AsyncMap<String, String> clusterFlows) {
        this.vertx = vertx;
        this.manager = manager;
        this.clusterFlows = clusterFlows;
    }

    static String address(String memberId) {
        return "redwire.deploy." + memberId;
    }

    /** Starts the deploys other members spread to this one; completes once the cluster knows the address. */
    Future<Void> listen(FlowService flows) {
        return vertx.eventBus().<String>consumer(address(manager.getNodeId()), m -> {
            List<java.util.Map<String, Object>> nodes;
            try {
                nodes = FlowFileReader.parse(m.body(), "flows from the cluster");
            } catch (RuntimeException e) {
                m.fail(400, e.getMessage());
                return;
            }
            DeployMode mode = DeployMode.ofHeader(m.headers().get(MODE_HEADER));
            flows.deployHere(nodes, true, mode == null ? DeployMode.FULL : mode).onComplete(r -> {
                if (r.succeeded()) {
                    m.reply(r.result());
                } else {
                    m.fail(400, String.valueOf(r.cause().getMessage()));
                }
            });
        }).completion();
    }

    @Override
    public <T> Future<T> exclusive(Supplier<Future<T>> deploy) {
        return vertx.sharedData().getLockWithTimeout(DEPLOY_LOCK, LOCK_TIMEOUT_MS)
                .compose(lock -> deploy.get().onComplete(r -> lock.release()));
    }

    @Override
    public Future<Void> spread(String flowsJson, String previousJson, DeployMode mode) {
        List<String> others = new ArrayList<>(manager.getNodes());
        others.remove(manager.getNodeId());
        List<Future<String>> answers = others.stream().map(id -> startOn(id, flowsJson, mode)).toList();
        return Future.join(answers).transform(all -> {
            List<String> refused = new ArrayList<>();
            List<String> started = new ArrayList<>();
            for (int i = 0; i < others.size(); i++) {
                Future<String> a = answers.get(i);
                if (a.succeeded()) {
                    started.add(others.get(i));
                } else {
                    refused.add("member " + others.get(i) + ": " + reason(a.cause()));
                }
            }
            if (refused.isEmpty()) {
                return clusterFlows.put(FLOWS_KEY, flowsJson);
            }
            List<Future<String>> back = started.stream().map(id -> startOn(id, previousJson, mode)).toList();
            return Future.join(back).transform(x -> Future.failedFuture(String.join("\n", refused)));
        });
    }

    private Future<String> startOn(String memberId, String flowsJson, DeployMode mode) {
        return vertx.eventBus().<String>request(address(memberId), flowsJson, new DeliveryOptions()
                .setSendTimeout(MEMBER_TIMEOUT_MS).addHeader(MODE_HEADER, mode.header())).map(m -> m.body());
    }

    private static String reason(Throwable t) {
        return t instanceof ReplyException r && r.failureCode() == -1 ? "did not answer (" + r.getMessage() + ")"
                : String.valueOf(t.getMessage());
    }
}
