package io.redwire.spi;

import io.redwire.api.Node;
import io.redwire.api.Settings;

import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/** What a node may use while it is being built: config nodes, settings, shared engine services. */
public interface NodeServices {
    Node configNode(String id);

    Settings settings();

    Vertx vertx();

    /** Where node routes (http in) are registered; shared with the admin API. */
    HttpRoutes httpRoutes();

    /** Directory of .proto / .thrift files (the --protos option, default ./protos). */
    Path protosDir();

    /** A process-wide service created once on first use (JS engine, compiled schema caches, client pools). */
    <T> T shared(Class<T> key, Supplier<T> create);

    /** The stored credentials of a node (flows_cred.json), by credential field name; empty when none. */
    default Map<String, Object> credentials(String nodeId) {
        return Map.of();
    }

    /** Environment lookup for a node at deploy time (group, flow, global-config, process). */
    Object env(String nodeId, String name);
}
