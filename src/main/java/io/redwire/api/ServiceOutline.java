package io.redwire.api;

import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The services and methods an interface definition (a .proto, a .thrift) declares, so the editor can offer them as
 * lists. A family whose config node holds such a definition compiles it here with its own runtime compiler;
 * {@link NodeType.Builder#serviceOutline} registers it. The editor's route calls {@link #outline}, which by default
 * compiles with {@link #services} on a worker thread (compiling may read files); a family whose definition can
 * come from elsewhere (a server's reflection) overrides it.
 */
@FunctionalInterface
public interface ServiceOutline {
    /**
     * @param config    the config node's properties as the editor holds them (edits not yet deployed included)
     * @param protosDir where the definition's imports and named files are found
     * @throws Invalid when the definition does not compile
     */
    List<Service> services(Map<String, Object> config, Path protosDir);

    /**
     * The outline, without blocking the calling event loop; fails with {@link Invalid}, or {@link Unavailable}
     * when the definition had to be fetched and could not be.
     */
    default Future<List<Service>> outline(Map<String, Object> config, Path protosDir, Vertx vertx) {
        return vertx.executeBlocking(() -> services(config, protosDir), false);
    }

    /** A method and how it is called ("unary", "server streaming", … for gRPC; "call" / "oneway" for Thrift). */
    record Method(String name, String kind) {
    }

    /** {@code name} is what a node's service field holds. */
    record Service(String name, List<Method> methods) {
    }

    /** A definition that is fetched (not written in the config) and could not be: the reason. */
    final class Unavailable extends RuntimeException {
        public Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    /** A definition that does not compile: the compiler's message and the line it names (0: none). */
    final class Invalid extends RuntimeException {
        private final int line;

        public Invalid(String message, int line) {
            super(message, null, false, false);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }
}
