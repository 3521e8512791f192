package io.redwire.nodes.function;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;

import java.util.concurrent.Callable;

/**
 * Where function nodes' sandboxes are built: a worker pool of all cores but one, so that building many GraalJS
 * contexts at a start never takes the core the deploy and the flow loop run on. On two cores, building the seed's
 * four sandboxes one at a time instead of four at once on Vert.x's worker pool started it ~4 % sooner and ran its
 * first HTTP set ~7 % sooner (docs/perf/README.md).
 */
final class SandboxBuilds {
    private final WorkerExecutor pool;

    SandboxBuilds(Vertx vertx) {
        this.pool = vertx.createSharedWorkerExecutor("redwire-js-build",
                Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    <T> Future<T> submit(Callable<T> build) {
        return pool.executeBlocking(build, false);
    }
}
