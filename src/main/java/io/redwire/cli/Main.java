package io.redwire.cli;

import io.redwire.api.InjectTarget;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.cluster.ClusterOptions;
import io.redwire.cluster.RedwireCluster;
import io.redwire.embed.Server;
import io.redwire.logging.Logging;
import io.redwire.msg.FlowException;
import io.redwire.ops.UncaughtErrors;
import io.redwire.runtime.StartupTimeline;
import io.vertx.core.Vertx;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * `redwire [run] [flows.json] [options]`: runs flows headless (debug output goes to stdout, logs to stderr) with
 * the admin API and editor; `redwire hash-pw`: a bcrypt hash for the settings' adminAuth.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        StartupTimeline.mark("JVM start to main()");
        Logging.bridgeJul();
        StartupTimeline.mark("logging (logback, JUL bridge)");
        System.exit(execute(args));
    }

    /** Runs the command line; returns the exit code (or never returns while flows run). */
    static int execute(String[] args) {
        if (args.length > 0 && args[0].equals("hash-pw")) {
            return HashPassword.run(System.in, System.out, System.err);
        }
        String[] rest = args.length > 0 && args[0].equals("run") ? Arrays.copyOfRange(args, 1, args.length) : args;
        Options o;
        try {
            o = Options.parse(rest);
            StartupTimeline.mark("command line parsed");
        } catch (IllegalArgumentException e) {
            System.err.println("redwire: " + e.getMessage() + " (see redwire --help)");
            return 2;
        }
        if (o.help) {
            Options.usage(System.out);
            return 0;
        }
        if (o.version) {
            Options.versionLines().forEach(System.out::println);
            return 0;
        }
        return run(o);
    }

    /** A scripted run: it ends after some debug output or drives an inject node, nobody opens the editor. */
    private static boolean headless(Options o) {
        return o.exitAfterDebug >= 0 || o.inject != null;
    }

    static int run(Options o) {
        Launch launch;
        Server server;
        RedwireCluster cluster;
        List<String> logProblems;
        try {
            launch = Launch.resolve(o);
            logProblems = Logging.configure(launch.settings());
            StartupTimeline.mark("settings, log levels");
            cluster = joinCluster(o, launch.settings());
            Vertx vertx = cluster == null ? null : cluster.vertx();
            server = new Server(vertx, launch.settings(), o.protosDir, launch.store(), o.adminPort >= 0,
                    launch.userDir(), o.nodeDirs);
        } catch (java.io.IOException | IllegalArgumentException e) {
            System.err.println("redwire: " + e.getMessage());
            return 1;
        }
        // a runtime thread dying of an error is logged; of one the JVM cannot go on after, ends the process
        UncaughtErrors.install(server.engine().log(), () -> Runtime.getRuntime().halt(UncaughtErrors.EXIT_STATUS));
        logProblems.forEach(server.engine().log()::warn);
        List<Map<String, Object>> flows;
        try {
            flows = launch.store().loadOrCreate(server.engine().log());
            StartupTimeline.mark("flows file read");
            server.loadFamiliesOf(flows);
            if (cluster == null) {
                // the editor and GET /flows see the stored flows from the first request, not "[]" until they run:
                // an editor opened during the start would otherwise offer an empty workspace to deploy over them
                server.admin().flows().loadStopped(flows, false);
            }
        } catch (FlowException e) {
            System.err.println("redwire: " + e.getMessage());
            server.close();
            return 1;
        }
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false, StandardCharsets.UTF_8);
        AtomicInteger debugCount = new AtomicInteger();
        AtomicInteger fired = new AtomicInteger();
        Runnable afterDebug = () -> {
            int n = debugCount.incrementAndGet();
            if (o.exitAfterDebug >= 0 && n >= o.exitAfterDebug) {
                out.flush();
                Runtime.getRuntime().halt(0);
            }
            if (o.inject != null && fired.get() < o.times) {
                fire(server, o.inject, fired);
            }
        };
        server.engine().events().subscribe(new DebugPrinter(out, o.debugJson(), afterDebug));
        String host = launch.host();
        try {
            int port = await(server.listen(host, launch.port()), "port " + launch.port(), host);
            server.engine().log().info("Server now running at http://" + host + ":" + port + "/");
            StartupTimeline.mark("web server listening");
            if (o.adminPort >= 0) {
                int adminPort = await(server.listenAdmin(host, o.adminPort), "admin port " + o.adminPort, host);
                server.engine().log().info("Editor and admin API at http://" + host + ":" + adminPort + "/");
            }
            server.engine().log().info("Flows file     : " + launch.store().path());
            if (RuntimeSettings.SAFE_MODE.read(launch.settings())) {
                server.loadWithoutStarting(flows);
                server.engine().log().warn("Flows stopped due to safe mode (--safe): deploy to start them");
            } else if (cluster == null) {
                if (headless(o) || !server.waitForMissingTypes(flows)) {
                    // a scripted run cannot wait for an editor: unknown types fail it with their list
                    server.deploy(flows).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
                    server.engine().log().info("Started flows");
                    StartupTimeline.mark("Started flows");
                    StartupTimeline.report().forEach(server.engine().log()::info);
                }
            } else {
                boolean sharedFlows = RuntimeSettings.CLUSTER_FLOW_CONTEXT.read(launch.settings());
                cluster.join(server.engine(), server.admin().flows(), flows, sharedFlows, server::deploy)
                        .toCompletionStage().toCompletableFuture().get(180, TimeUnit.SECONDS);
                server.engine().log().info("Joined the cluster as member " + cluster.memberId());
                server.engine().log().info("Started flows");
            }
        } catch (Exception e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            System.err.println("redwire: " + cause.getMessage());
            server.close();
            return 1;
        }
        if (o.inject != null) {
            if (!(server.engine().node(o.inject) instanceof InjectTarget)) {
                System.err.println("redwire: --inject " + o.inject + ": no running inject node with that id");
                server.close();
                return 1;
            }
            fire(server, o.inject, fired);
        }
        long deadlineMs = (long) (RuntimeSettings.SHUTDOWN_TIMEOUT.read(launch.settings()) * 1000);
        AtomicBoolean stopped = new AtomicBoolean();
        Runnable gracefulStop = () -> {
            if (!stopped.compareAndSet(false, true)) {
                return;
            }
            server.engine().log().info("Stopping flows");
            try {
                server.stopGracefully(deadlineMs).toCompletionStage().toCompletableFuture()
                        .get(deadlineMs + 20_000, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                server.engine().log().warn("stop did not finish cleanly: " + e);
            }
            server.engine().log().info("Stopped flows");
            out.flush();
        };
        StopSignals.install(gracefulStop);
        Runtime.getRuntime().addShutdownHook(new Thread(gracefulStop, "redwire-stop"));
        try {
            Thread.currentThread().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Forms or joins a cluster when the flags or the settings' "cluster" object ask for one; null otherwise. */
    private static RedwireCluster joinCluster(Options o, Settings settings) throws java.io.IOException {
        boolean asked = o.cluster || o.clusterHost != null || o.clusterPort != null || o.clusterMembers != null;
        ClusterOptions options = ClusterOptions.resolve(asked, o.clusterHost, o.clusterPort, o.clusterMembers,
                settings);
        if (options == null) {
            return null;
        }
        try {
            return RedwireCluster.start(options).toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new java.io.IOException("could not join the cluster on " + options.host() + ":" + options.port()
                    + " (members " + options.members() + "): " + cause.getMessage(), cause);
        }
    }

    /** Waits for a listen; a taken port is named with what to do about it. */
    private static int await(io.vertx.core.Future<Integer> listening, String what, String host) throws Exception {
        try {
            return listening.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BindException b) {
                throw new IllegalStateException("cannot listen on " + host + ", " + what + ": " + b.getMessage()
                        + " — stop the process using it or choose another port (-p/--port, --admin-port, or "
                        + "uiPort in the settings)", b);
            }
            throw e;
        }
    }

    private static void fire(Server server, String id, AtomicInteger fired) {
        fired.incrementAndGet();
        server.engine().execute(() -> {
            Node n = server.engine().node(id);
            if (n instanceof InjectTarget t) {
                t.inject(Map.of());
            }
        });
    }
}
