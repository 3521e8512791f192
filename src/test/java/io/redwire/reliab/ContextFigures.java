package io.redwire.reliab;

import io.redwire.context.ContextIdPathTest;
import io.redwire.context.ContextWriteFailureTest;
import io.redwire.context.UnwritableContextTest;
import io.redwire.msg.Json;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;
import io.redwire.testing.SmallTmpfs;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Issue 21's figures for the localfilesystem context store (scripts/hostile.sh), each on an engine of its own
 * started with ./redwire and a settings file, measured from outside through HTTP and the files it leaves: values
 * JSON cannot hold and a NUL node id (written at a SIGTERM stop), a change made while the disk is full (a 256 kB
 * tmpfs; needs root), and ids climbing out with {@code ../}.
 */
final class ContextFigures {
    private final BiConsumer<Boolean, String> figure;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    private int port;
    private PeerProcess engine;

    ContextFigures(BiConsumer<Boolean, String> figure) {
        this.figure = figure;
    }

    /** Finding 2: a circular value and a NUL node id, then a graceful stop. */
    void unwritableValues() throws Exception {
        Path user = Files.createTempDirectory("redwire-ctx-unwritable");
        start(user, user, UnwritableContextTest.FLOWS);
        String answers = get("/cyc") + " " + get("/nul") + " " + get("/later");
        long ms = stop();
        Object global = read(user, "global/global.json");
        Object flow = read(user, "t1/flow.json");
        long nulFiles = files(user.resolve("context/t2")).size();
        long warned = engine.output().lines().filter(l -> l.contains("circular reference that cannot be persisted"))
                .count();
        figure.accept(answers.equals("set 1 7,undefined") && Json.parse("{\"g\":7,\"after\":8}").equals(global)
                && Json.parse("{\"cyc\":{\"a\":1},\"ok\":5}").equals(flow) && nulFiles == 1 && warned == 2,
                "circular value + NUL node id: SIGTERM stop in " + ms + " ms wrote global " + Json.stringify(global)
                        + ", t1 " + Json.stringify(flow) + ", " + nulFiles + " file for the NUL node; circular"
                        + " warned " + warned + " times (once per scope: t1, fn:t1)");
        close();
    }

    /** Finding 6: a change made while the context's file system is full is written once there is space. */
    void fullDisk() throws Exception {
        Path user = Files.createTempDirectory("redwire-ctx-full");
        try (SmallTmpfs small = SmallTmpfs.mount(user.resolve("small"))) {
            if (!small.mounted()) {
                figure.accept(false, "full disk: cannot mount a 256 kB tmpfs (" + small.refusal() + ")");
                return;
            }
            start(user, small.dir(), ContextWriteFailureTest.FLOWS);
            get("/set?v=1");
            deploy(ContextWriteFailureTest.FLOWS);
            Object before = read(small.dir(), "t1/flow.json");
            Path filler = small.fill("filler");
            get("/set?v=2");
            deploy(ContextWriteFailureTest.FLOWS);
            Object whileFull = read(small.dir(), "t1/flow.json");
            boolean failedLogged = engine.output().contains("No space left on device");
            Files.delete(filler);
            deploy(ContextWriteFailureTest.FLOWS);
            Object after = read(small.dir(), "t1/flow.json");
            close();
            figure.accept(Json.parse("{\"v\":\"1\"}").equals(whileFull) && failedLogged
                    && Json.parse("{\"v\":\"2\"}").equals(after), "full disk: file " + Json.stringify(before)
                    + ", change v=2 on the full 256 kB tmpfs: file " + Json.stringify(whileFull) + ", write failure"
                    + (failedLogged ? "" : " not") + " logged; space freed, next deploy: file " + Json.stringify(after));
        }
    }

    /** Finding 11: a tab "../.." and a node "../../x" write inside the context directory only. */
    void climbingIds() throws Exception {
        Path root = Files.createTempDirectory("redwire-ctx-ids");
        Path user = Files.createDirectories(root.resolve("a/b/c/d/user"));
        start(user, user, ContextIdPathTest.FLOWS);
        String answer = get("/count");
        stop();
        List<Path> outside = files(root).stream().filter(f -> !f.startsWith(user)).toList();
        List<Path> context = files(user.resolve("context"));
        figure.accept(answer.equals("1,1") && outside.isEmpty() && context.size() == 2, "ids '../..' and '../../x':"
                + " /count " + answer + ", context files " + context.stream().map(f -> user.resolve("context")
                .relativize(f).toString()).toList() + ", files outside the user directory " + outside);
        close();
    }

    private void start(Path user, Path contextDir, String flows) throws Exception {
        port = Ports.free();
        Path flowFile = user.resolve("flows.json");
        Files.writeString(flowFile, flows);
        Path settings = user.resolve("settings.json");
        Files.writeString(settings, "{\"contextStorage\": {\"default\": {\"module\": \"localfilesystem\", \"config\": "
                + "{\"dir\": " + Json.stringify(contextDir.toString()) + ", \"flushInterval\": 30}}}}");
        engine = PeerProcess.start("./redwire", "run", flowFile.toString(), "--port", String.valueOf(port),
                "--user-dir", user.toString(), "--settings", settings.toString());
        engine.awaitPort(port).awaitOutput("Started flows", 60);
    }

    /** SIGTERM (./redwire execs the JVM) and the wait for its exit; the milliseconds it took. */
    private long stop() throws Exception {
        long t0 = System.nanoTime();
        engine.process().destroy();
        engine.waitFor(60);
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private void close() throws Exception {
        engine.close();
    }

    private String get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private void deploy(String flows) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(flows))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 204) {
            throw new IllegalStateException("deploy answered " + r.statusCode() + ": " + r.body());
        }
    }

    private static Object read(Path contextDir, String relative) throws Exception {
        Path f = contextDir.resolve("context").resolve(relative);
        return Files.exists(f) ? Json.parse(Files.readString(f)) : "(no file)";
    }

    private static List<Path> files(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).toList();
        }
    }
}
