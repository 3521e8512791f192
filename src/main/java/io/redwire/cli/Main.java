package io.redwire.cli;

import io.redwire.admin.FlowFile;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.FlowException;
import io.redwire.spi.InjectTarget;
import io.redwire.spi.Node;
import io.redwire.spi.Settings;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * `redwire run [flows.json] [options]`: runs flows headless (debug output goes to stdout) with the admin API and
 * editor; `redwire hash-pw`: a bcrypt hash for the settings' adminAuth.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("hash-pw")) {
            System.exit(HashPassword.run(System.in, System.out, System.err));
        }
        if (args.length == 0 || !args[0].equals("run")) {
            System.err.print(Options.USAGE);
            System.exit(args.length == 0 ? 2 : args[0].equals("--help") ? 0 : 2);
        }
        Options o;
        try {
            o = Options.parse(Arrays.asList(args).subList(1, args.length));
        } catch (IllegalArgumentException e) {
            System.err.println("redwire: " + e.getMessage());
            System.err.print(Options.USAGE);
            System.exit(2);
            return;
        }
        System.exit(run(o));
    }

    static int run(Options o) {
        List<Map<String, Object>> flows;
        Settings settings;
        // a given flows file is also where editor deploys are saved, as Node-RED does with its flows file
        FlowFile store = o.flows() != null ? new FlowFile(o.flows()) : FlowFile.inUserDir(o.userDir());
        Server server;
        try {
            settings = o.settings() == null ? Settings.defaults() : Settings.load(o.settings());
            server = new Server(settings, o.protosDir(), store, o.adminPort() >= 0);
        } catch (java.io.IOException | IllegalArgumentException e) {
            System.err.println("redwire: " + e.getMessage());
            return 1;
        }
        try {
            flows = o.flows() != null ? FlowFileReader.read(o.flows()) : store.load(server.engine().log());
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
            if (o.exitAfterDebug() >= 0 && n >= o.exitAfterDebug()) {
                out.flush();
                Runtime.getRuntime().halt(0);
            }
            if (o.inject() != null && fired.get() < o.times()) {
                fire(server, o.inject(), fired);
            }
        };
        server.engine().comms().subscribe(new DebugPrinter(out, o.debugJson(), afterDebug));
        try {
            int port = server.listen(o.host(), o.port()).toCompletionStage().toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            server.engine().log().info("Server now running at http://" + o.host() + ":" + port + "/");
            if (o.adminPort() >= 0) {
                int adminPort = server.listenAdmin(o.host(), o.adminPort()).toCompletionStage()
                        .toCompletableFuture().get(30, TimeUnit.SECONDS);
                server.engine().log().info("Editor and admin API at http://" + o.host() + ":" + adminPort + "/");
            }
            server.engine().log().info(o.flows() != null ? "Flows file: " + store.path()
                    : "Flows file: " + store.path() + (flows.isEmpty() ? " (none yet, starting empty)" : ""));
            server.deploy(flows).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
            server.engine().log().info("Started flows");
        } catch (Exception e) {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null
                    ? e.getCause() : e;
            System.err.println("redwire: " + cause.getMessage());
            server.close();
            return 1;
        }
        if (o.inject() != null) {
            if (!(server.engine().node(o.inject()) instanceof InjectTarget)) {
                System.err.println("redwire: --inject " + o.inject() + ": no running inject node with that id");
                server.close();
                return 1;
            }
            fire(server, o.inject(), fired);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.flush();
            try {
                server.close().toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // exiting anyway
            }
        }));
        try {
            Thread.currentThread().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
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
