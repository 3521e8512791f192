package io.redwire.embed;

import io.redwire.api.DebugEvent;
import io.redwire.api.InjectTarget;
import io.redwire.api.Node;
import io.redwire.api.NodeFamily;
import io.redwire.api.NodeType;
import io.redwire.api.Setting;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.flow.FlowFileReader;
import io.redwire.runtime.SettingsFile;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Redwire inside a Java application: build with {@link #builder()}, {@link Builder#start() start}, then deploy,
 * inject, watch debug output and close through the handle. docs/embedding.md shows it in use.
 */
public final class Redwire implements AutoCloseable {
    private final Server server;
    private final FlowFile store;

    private Redwire(Server server, FlowFile store) {
        this.server = server;
        this.store = store;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Replaces the running flows (Node-RED's full deploy); fails with the reasons when they cannot start. */
    public Future<Void> deploy(List<Map<String, Object>> flows) {
        return server.deploy(flows);
    }

    /** {@link #deploy(List)} from flows JSON text as Node-RED exports it. */
    public Future<Void> deploy(String flowsJson) {
        try {
            return deploy(FlowFileReader.parse(flowsJson, "flows"));
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }

    /** Fires an inject node as its button does; fails when no running inject node has this id. */
    public Future<Void> inject(String nodeId) {
        Promise<Void> done = Promise.promise();
        server.engine().execute(() -> {
            Node node = server.engine().node(nodeId);
            if (node instanceof InjectTarget target) {
                target.inject(Map.of());
                done.complete();
            } else {
                done.fail(new IllegalArgumentException("no running inject node with id " + nodeId));
            }
        });
        return done.future();
    }

    /**
     * Calls {@code listener} with each debug node's output (not node warnings), on the flow loop: hand slow work
     * elsewhere. Closing the returned handle unsubscribes.
     */
    public AutoCloseable onDebug(Consumer<DebugEvent> listener) {
        return onEvent((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() == null) {
                listener.accept(e);
            }
        });
    }

    /**
     * Every event the editor's comms socket gets: (topic, data) as Node-RED's comms — "debug" with a
     * {@link DebugEvent} (node warnings and errors carry a level), "status/&lt;id&gt;", "notification/…".
     */
    public AutoCloseable onEvent(BiConsumer<String, Object> listener) {
        Runnable unsubscribe = server.engine().events().subscribe(listener);
        return unsubscribe::run;
    }

    /** The port of Redwire's own HTTP server (0 without one: mounted on the application's router, or none). */
    public int port() {
        return server.port();
    }

    /** The flows file deploys from the editor are saved to (null: flows given as JSON, kept in memory). */
    public Path flowsFile() {
        return store == null ? null : store.path();
    }

    /** Stops every node (each finishes its work), writes persistent context, stops the HTTP server. */
    public Future<Void> stop() {
        return server.close();
    }

    /** {@link #stop()} and waits up to a minute. */
    @Override
    public void close() throws Exception {
        stop().toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    /** What to run and where; every setting is optional. */
    public static final class Builder {
        private Vertx vertx;
        private Settings settings = Settings.defaults();
        private Path flowsFile;
        private String flowsJson;
        private Path userDir;
        private Path protosDir = Path.of("protos");
        private final List<Path> nodeDirs = new ArrayList<>();
        private final List<NodeType> nodeTypes = new ArrayList<>();
        private final List<Setting<?>> familySettings = new ArrayList<>();
        private String host = "127.0.0.1";
        private Integer port;
        private Router router;
        private String mountPoint = "/";

        private Builder() {
        }

        /** The application's Vert.x (not closed by Redwire); default: one of Redwire's own, closed with it. */
        public Builder vertx(Vertx vertx) {
            this.vertx = vertx;
            return this;
        }

        /** A flows file as Node-RED writes it: started at once, and deploys from the editor are saved to it. */
        public Builder flows(Path file) {
            this.flowsFile = file;
            this.flowsJson = null;
            return this;
        }

        /** Flows as JSON text (Node-RED's export); deploys are kept in memory only. */
        public Builder flows(String json) {
            this.flowsJson = json;
            this.flowsFile = null;
            return this;
        }

        /** Node-RED settings keys (docs/settings.md lists those Redwire acts on), e.g. {@code functionTimeout}. */
        public Builder settings(Map<String, Object> values) {
            this.settings = new Settings(new LinkedHashMap<>(values));
            return this;
        }

        /** A Node-RED settings.js or a settings JSON file. */
        public Builder settings(Path file) {
            try {
                this.settings = SettingsFile.load(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** Node types of the application's own, besides the built-in families and plugin jars. */
        public Builder nodeTypes(NodeType... types) {
            nodeTypes.addAll(List.of(types));
            return this;
        }

        /** A whole family of the application's own (one not listed in META-INF/services). */
        public Builder nodeFamily(NodeFamily family) {
            nodeTypes.addAll(family.types());
            familySettings.addAll(family.settings());
            return this;
        }

        /** A directory of plugin jars (as {@code --nodes DIR}); repeatable. */
        public Builder nodesDir(Path dir) {
            nodeDirs.add(dir);
            return this;
        }

        /** Where credentials ({@code <flows>_cred.json}'s secret), context files and {@code nodes/} live. */
        public Builder userDir(Path dir) {
            this.userDir = dir;
            return this;
        }

        /** Directory of .proto and .thrift files (default ./protos). */
        public Builder protosDir(Path dir) {
            this.protosDir = dir;
            return this;
        }

        /**
         * Redwire's own HTTP server on 127.0.0.1 (admin API, editor, http in nodes); port 0 picks a free one. Without
         * this or {@link #httpServer(Router, String)} there is no HTTP at all: the flows run, http in nodes idle.
         */
        public Builder httpServer(int port) {
            return httpServer("127.0.0.1", port);
        }

        public Builder httpServer(String host, int port) {
            this.host = host;
            this.port = port;
            this.router = null;
            return this;
        }

        /**
         * No server of Redwire's own: its admin API, editor and http in routes answer on the application's router
         * under {@code mountPoint} ("/" or e.g. "/red/"). Everything under it is Redwire's, unmatched paths included:
         * add the application's own routes first.
         */
        public Builder httpServer(Router router, String mountPoint) {
            this.router = router;
            this.mountPoint = mountPoint;
            this.port = null;
            return this;
        }

        /**
         * Builds the engine, starts the HTTP part and then the flows. The future fails, with everything closed
         * again, when the flows cannot be read or started or the port is taken.
         */
        public Future<Redwire> start() {
            Server server;
            FlowFile store = flowsFile == null ? null : new FlowFile(flowsFile);
            List<Map<String, Object>> flows;
            settings.declare(familySettings);
            try {
                server = new Server(vertx, false, settings, protosDir, store, false, userDir, nodeDirs, nodeTypes);
            } catch (RuntimeException e) {
                return Future.failedFuture(e);
            }
            try {
                flows = store != null ? store.loadOrCreate(server.engine().log())
                        : flowsJson != null ? FlowFileReader.parse(flowsJson, "flows") : List.of();
            } catch (RuntimeException e) {
                return server.close().transform(x -> Future.failedFuture(e));
            }
            Future<?> http = Future.succeededFuture(); // neither: flows only, no HTTP at all
            if (router != null) {
                server.mountOn(router, mountPoint);
            } else if (port != null) {
                http = server.listen(host, port);
            }
            Redwire handle = new Redwire(server, store);
            return http.compose(x -> server.deploy(flows)).map(handle)
                    .recover(e -> server.close().transform(x -> Future.failedFuture(e)));
        }
    }
}
