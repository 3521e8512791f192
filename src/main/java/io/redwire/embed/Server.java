package io.redwire.embed;

import io.redwire.admin.Admin;
import io.redwire.admin.AdminRoot;
import io.redwire.api.NodeType;
import io.redwire.api.Settings;
import io.redwire.credentials.CredentialException;
import io.redwire.credentials.CredentialStore;
import io.redwire.deploy.FlowFile;
import io.redwire.flow.FlowSet;
import io.redwire.logging.Log;
import io.redwire.ops.FlowLoopWatchdog;
import io.redwire.ops.Health;
import io.redwire.ops.ProcessMetrics;
import io.redwire.runtime.Engine;
import io.redwire.runtime.NodeFamilies;
import io.redwire.runtime.NodeRegistry;
import io.redwire.runtime.PluginJars;
import io.redwire.runtime.RuntimeMetrics;
import io.redwire.runtime.StartupTimeline;
import io.redwire.web.NodeRouteTable;
import io.redwire.web.WebServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.function.Function;

/** A whole Redwire process: Vert.x, the engine, the web server with admin API. Used by the CLI and by tests. */
public final class Server {
    private final Vertx vertx;
    private final Engine engine;
    private final WebServer web;
    private final WebServer adminWeb; // only with a separate admin port
    private final Admin admin;
    private final ProcessMetrics metrics;
    private final Health health;
    private final FlowLoopWatchdog watchdog; // null when turned off
    private final boolean ownsVertx;
    private final Runnable stopLoopProbe;
    private int port;
    private int adminPort;

    public Server(Settings settings, Path protosDir) {
        this(settings, protosDir, null, false);
    }

    /**
     * @param store             where deploys from the editor are saved (null: kept in memory only)
     * @param separateAdminPort serve the admin API and editor from {@link #listenAdmin} instead of the flows' port
     * @throws IllegalArgumentException when the settings' adminAuth is malformed
     */
    public Server(Settings settings, Path protosDir, FlowFile store, boolean separateAdminPort) {
        this(settings, protosDir, store, separateAdminPort, null);
    }

    /**
     * @param userDir with a flows file: credentials are kept in {@code <flows>_cred.json}, encrypted with the
     *                settings' credentialSecret or a secret generated into this directory; null keeps them in memory
     * @throws IllegalArgumentException when the settings' adminAuth is malformed or the credentials cannot be read
     *                                  (the message says why and what to do)
     */
    public Server(Settings settings, Path protosDir, FlowFile store, boolean separateAdminPort, Path userDir) {
        this(settings, protosDir, store, separateAdminPort, userDir, List.of());
    }

    /** @param nodeDirs directories of plugin jars besides {@code <userDir>/nodes} (the --nodes option) */
    public Server(Settings settings, Path protosDir, FlowFile store, boolean separateAdminPort, Path userDir,
                  List<Path> nodeDirs) {
        this(null, settings, protosDir, store, separateAdminPort, userDir, nodeDirs);
    }

    /**
     * @param vertx the Vert.x to run on (a clustered one in cluster mode, without Vert.x's own metrics); null
     *              creates one that reports into /metrics. Closed with the server.
     */
    public Server(Vertx vertx, Settings settings, Path protosDir, FlowFile store, boolean separateAdminPort,
                  Path userDir, List<Path> nodeDirs) {
        this(vertx, true, settings, protosDir, store, separateAdminPort, userDir, nodeDirs, List.of());
    }

    /**
     * @param ownsVertx  close {@code vertx} with the server (false: it belongs to the embedding application)
     * @param extraTypes node types registered besides the discovered families and plugin jars
     * @throws IllegalArgumentException also when an extra type clashes with a registered one
     */
    public Server(Vertx vertx, boolean ownsVertx, Settings settings, Path protosDir, FlowFile store,
                  boolean separateAdminPort, Path userDir, List<Path> nodeDirs, List<NodeType> extraTypes) {
        this.metrics = new ProcessMetrics();
        this.vertx = vertx != null ? vertx : metrics.newVertx();
        this.ownsVertx = vertx == null || ownsVertx;
        StartupTimeline.mark("Vert.x and metrics");
        // unmatched requests go on to the web server's static files (httpStatic) and its 404
        NodeRouteTable routes = new NodeRouteTable(RoutingContext::next, metrics.registry());
        Log log = Log.slf4j();
        NodeRegistry registry = NodeFamilies.discover(Server.class.getClassLoader(), log::warn);
        List<Path> plugins = new ArrayList<>(nodeDirs);
        if (userDir != null) {
            plugins.add(0, userDir.resolve("nodes"));
        }
        PluginJars.load(registry, plugins, log::warn).forEach(f -> log.info("Loaded node family " + f));
        StartupTimeline.mark("node families listed");
        String clash = registry.firstClash(extraTypes);
        if (clash != null) {
            closeOwnVertx();
            throw new IllegalArgumentException("node type '" + clash + "' already exists");
        }
        registry.register(extraTypes);
        this.engine = new Engine(this.vertx, registry, settings, log, routes, protosDir,
                new RuntimeMetrics(metrics.registry()));
        settings.problems().forEach(log::warn); // once every family has declared its settings
        this.watchdog = FlowLoopWatchdog.start(engine, metrics.registry(),
                () -> Runtime.getRuntime().halt(FlowLoopWatchdog.EXIT_STATUS)); // shutdown hooks need the loop
        this.health = new Health(engine, () -> watchdog != null && watchdog.unhealthy());
        this.stopLoopProbe = metrics.watchLoop(engine);
        log.sidebar(engine.events()::publish); // node warnings and errors also reach the editor's debug sidebar
        try {
            Function<String, Map<String, String>> declared = type -> {
                NodeType t = engine.registry().get(type);
                return t == null || t.credentials().isEmpty() ? null : t.credentialTypes();
            };
            CredentialStore credentials = store != null && userDir != null
                    ? CredentialStore.open(store.path(), settings, userDir, log, declared)
                    : CredentialStore.inMemory(declared);
            this.admin = new Admin(engine, store, credentials, userDir);
        } catch (IllegalArgumentException e) {
            closeOwnVertx();
            throw e;
        } catch (CredentialException e) {
            closeOwnVertx();
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        this.web = new WebServer(engine, routes);
        this.adminWeb = separateAdminPort ? new WebServer(engine, null) : null;
        Router adminRouter = (separateAdminPort ? adminWeb : web).router();
        health.mount(adminRouter); // before the admin routes: probes and scrapes need no adminAuth login
        metrics.mount(adminRouter);
        AdminRoot.mount(adminRouter, this.vertx, settings, admin);
        StartupTimeline.mark("engine, credentials, admin API");
    }

    private Future<Void> closeOwnVertx() {
        if (stopLoopProbe != null) {
            stopLoopProbe.run();
        }
        if (watchdog != null) {
            watchdog.close();
        }
        return ownsVertx ? vertx.close() : Future.succeededFuture();
    }

    /** Serves the admin API, editor and http-in routes from an application's router instead of {@link #listen}. */
    public void mountOn(Router host, String mountPoint) {
        web.mountOn(host, mountPoint);
    }

    public Future<Integer> listen(String host, int port) {
        return web.listen(host, port).onSuccess(p -> this.port = p);
    }

    /** Starts the admin-only server; needs the separate-admin-port constructor. */
    public Future<Integer> listenAdmin(String host, int port) {
        if (adminWeb == null) {
            return Future.failedFuture(new IllegalStateException("the admin API shares the flows' port"));
        }
        return adminWeb.listen(host, port).onSuccess(p -> this.adminPort = p);
    }

    /**
     * Loads the node families {@code flows} use (the others load when first used), so that their class loading and
     * warm-ups (the gRPC family's proto compiler) overlap the web server's start instead of following it.
     */
    public void loadFamiliesOf(List<Map<String, Object>> flows) {
        for (Map<String, Object> node : flows) {
            if (node.get("type") instanceof String type) {
                engine.registry().has(type);
            }
        }
        StartupTimeline.mark("node families of the flows loaded");
    }

    /** Deploys flows as the process starts them (not saved back); fails with the engine's FlowException. */
    public Future<Void> deploy(List<Map<String, Object>> flows) {
        return admin.flows().deployHere(flows, false).<Void>mapEmpty()
                .recover(e -> Future.failedFuture(e.getCause() != null ? e.getCause() : e));
    }

    /** Safe mode: the flows are loaded for the editor but not started. */
    public void loadWithoutStarting(List<Map<String, Object>> flows) {
        admin.flows().loadStopped(flows, true);
    }

    /**
     * Flows that use node types Redwire lacks: logged as Node-RED logs them, served to the editor, not started;
     * a deploy (of fixed flows) starts them. Returns false (nothing done) when every type is known.
     */
    public boolean waitForMissingTypes(List<Map<String, Object>> flows) {
        Set<String> missing = FlowSet.build(flows, engine.registry()::has).missingTypes().keySet();
        if (missing.isEmpty()) {
            return false;
        }
        engine.log().info("Waiting for missing types to be registered:");
        missing.forEach(type -> engine.log().info(" - " + type));
        admin.flows().loadStopped(flows, false);
        return true;
    }

    public Admin admin() {
        return admin;
    }

    public Engine engine() {
        return engine;
    }

    public int port() {
        return port;
    }

    /** The admin API's port: the separate one, else the flows' port. */
    public int adminPort() {
        return adminWeb != null ? adminPort : port;
    }

    /**
     * Graceful stop (SIGTERM/SIGINT): not ready any more (nodes hear {@link io.redwire.api.Node#draining()}: gRPC health turns
     * NOT_SERVING), stop accepting connections, let open HTTP exchanges
     * (including those waiting on the flows) finish within the deadline, then close every node (each may finish
     * its work), write persistent context, and close Vert.x.
     */
    public Future<Void> stopGracefully(long deadlineMs) {
        health.stopping();
        return engine.draining().transform(d -> Future.join(web.shutdown(deadlineMs),
                        adminWeb == null ? Future.succeededFuture() : adminWeb.shutdown(deadlineMs)))
                .transform(x -> engine.shutdown())
                .eventually(this::closeOwnVertx);
    }

    public Future<Void> close() {
        return engine.shutdown().eventually(() -> web.close())
                .eventually(() -> adminWeb == null ? Future.succeededFuture() : adminWeb.close())
                .eventually(this::closeOwnVertx);
    }
}
