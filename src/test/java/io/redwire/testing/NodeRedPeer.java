package io.redwire.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The real Node-RED 5.0.7 (installed by scripts/nodered-peer.sh) run as a peer process on a user directory; tests
 * are skipped when it is not installed. Started with {@code -u DIR -p PORT [flows file]}.
 */
public final class NodeRedPeer implements AutoCloseable {
    private final Process process;
    private final StringBuilder log = new StringBuilder();
    private final int port;

    private NodeRedPeer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Where Node-RED is installed ($REDWIRE_NODERED_DIR or ~/.cache/redwire/nodered); skips the test if absent. */
    public static Path installDir() {
        Path dir = Path.of(System.getenv().getOrDefault("REDWIRE_NODERED_DIR",
                System.getProperty("user.home") + "/.cache/redwire/nodered"));
        Assumptions.assumeTrue(Files.isRegularFile(dir.resolve("node_modules/node-red/red.js"))
                        && Files.isRegularFile(dir.resolve("node-binary")),
                "Node-RED is not installed in " + dir + " (scripts/nodered-peer.sh installs it)");
        return dir;
    }

    /** Starts Node-RED and waits (up to 90 s) for "Started flows". */
    public static NodeRedPeer start(Path userDir, int port, String flowsFile) throws IOException, InterruptedException {
        Path dir = installDir();
        String node = Files.readString(dir.resolve("node-binary")).trim();
        List<String> cmd = new ArrayList<>(List.of(node, dir.resolve("node_modules/node-red/red.js").toString(),
                "-u", userDir.toString(), "-p", String.valueOf(port)));
        if (flowsFile != null) {
            cmd.add(flowsFile);
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("TMPDIR", userDir.toString()); // node-red-contrib-grpc writes its proto files there
        NodeRedPeer peer = new NodeRedPeer(pb.start(), port);
        CountDownLatch started = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(peer.process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (peer.log) {
                        peer.log.append(line).append('\n');
                    }
                    if (line.contains("Started flows")) {
                        started.countDown();
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "node-red-log");
        reader.setDaemon(true);
        reader.start();
        if (!started.await(90, TimeUnit.SECONDS)) {
            peer.close();
            throw new AssertionError("Node-RED did not start its flows:\n" + peer.log());
        }
        return peer;
    }

    /** Starts Node-RED on a free port with a fresh user directory (named after {@code prefix}) holding these flows. */
    public static NodeRedPeer startWith(String prefix, String flowsJson) throws IOException, InterruptedException {
        installDir();
        Path userDir = Files.createTempDirectory(prefix);
        Files.writeString(userDir.resolve("flows.json"), flowsJson);
        return start(userDir, Ports.free(), "flows.json");
    }

    public int port() {
        return port;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    public String log() {
        synchronized (log) {
            return log.toString();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
