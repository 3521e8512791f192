package io.redwire.deploy;

import io.redwire.flow.DeployMode;
import io.vertx.core.Future;

import java.util.function.Supplier;

/**
 * How a deploy reaches the other Redwire instances running the same flows. Alone, there are none: deploys run as
 * they come and nothing is spread.
 */
public interface DeployReplication {
    DeployReplication ALONE = new DeployReplication() {
        @Override
        public <T> Future<T> exclusive(Supplier<Future<T>> deploy) {
            return deploy.get();
        }

        @Override
        public Future<Void> spread(String flowsJson, String previousJson, DeployMode mode) {
            return Future.succeededFuture();
        }
    };

    /** Runs a deploy while no other member deploys (the revision check is then cluster-wide). */
    <T> Future<T> exclusive(Supplier<Future<T>> deploy);

    /**
     * Starts flows that already run here on every other member. Fails, naming each member that could not start
     * them, after restarting previousJson on the members that did; the caller then restarts it here. Each member
     * restarts only what {@code mode} asks, as this one did.
     */
    Future<Void> spread(String flowsJson, String previousJson, DeployMode mode);
}
