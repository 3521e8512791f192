package io.redwire.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;

/** Starts a clustered Vert.x on Hazelcast with Redwire's join and failure-detection settings. */
final class ClusterVertx {
    /** Members that stop answering are removed after this long (Hazelcast's default of 60 s is too slow for HA). */
    static final int MAX_NO_HEARTBEAT_SECONDS = 5;

    private ClusterVertx() {
    }

    static Future<Vertx> start(ClusterOptions options, HazelcastClusterManager manager) {
        EventBusOptions bus = new EventBusOptions().setHost(options.host()).setClusterPublicHost(options.host());
        return Vertx.builder().with(new VertxOptions().setEventBusOptions(bus))
                .withClusterManager(manager).buildClustered();
    }

    static Config hazelcastConfig(ClusterOptions options) {
        Config config = ConfigUtil.loadConfig(); // keeps the maps and multimaps Vert.x's cluster manager expects
        config.setClusterName("redwire");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.shutdownhook.enabled", "false"); // Vert.x leaves the cluster on close
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", String.valueOf(MAX_NO_HEARTBEAT_SECONDS));
        config.setProperty("hazelcast.local.localAddress", options.host());
        config.setProperty("hazelcast.health.monitoring.level", "OFF");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(options.port()).setPortAutoIncrement(false);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(options.members().isEmpty()
                ? java.util.List.of(options.host() + ":" + options.port()) : options.members());
        return config;
    }
}
