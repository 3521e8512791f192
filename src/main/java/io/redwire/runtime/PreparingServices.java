package io.redwire.runtime;

import io.redwire.api.Node;
import io.redwire.api.Settings;
import io.redwire.spi.HttpRoutes;
import io.redwire.spi.NodeServices;

import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * What a {@link io.redwire.api.NodeType.Preparer} may use on its worker thread before a deploy builds the nodes:
 * the engine's settings, shared objects and protos directory. No node exists yet, so there are no config nodes,
 * and no flow, so no env. A deployment's own services add those two on top of these.
 */
class PreparingServices implements NodeServices {
    private final Engine engine;

    PreparingServices(Engine engine) {
        this.engine = engine;
    }

    @Override
    public Node configNode(String id) {
        return null;
    }

    @Override
    public Settings settings() {
        return engine.settings();
    }

    @Override
    public Vertx vertx() {
        return engine.vertx();
    }

    @Override
    public HttpRoutes httpRoutes() {
        return engine.routes();
    }

    @Override
    public Path protosDir() {
        return engine.protosDir();
    }

    @Override
    public <T> T shared(Class<T> key, Supplier<T> create) {
        return engine.shared(key, create);
    }

    @Override
    public Object env(String nodeId, String name) {
        return null;
    }
}
