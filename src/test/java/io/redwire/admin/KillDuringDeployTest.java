package io.redwire.admin;

import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;
import io.redwire.runtime.Version;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the real CLI as a separate process, deploys large flows in a loop and kills it with SIGKILL at random moments:
 * the flows file must always parse and hold one of the deployed versions, and the next start must load it.
 */
class KillDuringDeployTest {
    private static final Pattern LISTENING = Pattern.compile("Server now running at http://127\\.0\\.0\\.1:(\\d+)/");
    private HttpClient http = client();

    /** HTTP/1.1 and a fresh pool per process: a new process may get the port of the one just killed. */
    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @Test
    void aKilledDeployNeverLeavesATruncatedFlowsFile(@TempDir Path userDir) throws Exception {
        Random random = new Random(42);
        Set<String> deployed = ConcurrentHashMap.newKeySet();
        int completedDeploys = 0;
        int killedMidDeploy = 0;
        for (int round = 0; round < 4; round++) {
            Process p = start(userDir);
            http = client();
            try {
                int port = awaitPort(p);
                String current = get(port);
                if (round > 0) {
                    assertTrue(deployed.contains(current), "the restarted process loaded a deployed version");
                }
                int generation = round * 1000;
                long t0 = System.nanoTime();
                String first = Json.stringify(bigFlows(generation++));
                deployed.add(first);
                assertEquals(204, post(port, first).statusCode(), "a whole deploy before the killing starts");
                completedDeploys++;
                long deployNanos = System.nanoTime() - t0;
                System.out.printf("round %d: one %d KB deploy took %d ms%n", round, first.length() / 1024,
                        TimeUnit.NANOSECONDS.toMillis(deployNanos));
                // kill somewhere within the next one to three deploys, whatever this machine's speed
                long killAt = System.nanoTime() + (long) (deployNanos * (0.5 + 2.5 * random.nextDouble()));
                while (System.nanoTime() < killAt) {
                    List<Map<String, Object>> flows = bigFlows(generation++);
                    String body = Json.stringify(flows);
                    deployed.add(body);
                    CompletableFuture<HttpResponse<String>> post = http.sendAsync(HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + port + "/flows"))
                            .header("content-type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    long left = killAt - System.nanoTime();
                    try {
                        HttpResponse<String> r = post.get(Math.max(1, left), TimeUnit.NANOSECONDS);
                        assertEquals(204, r.statusCode(), r.body());
                        completedDeploys++;
                    } catch (java.util.concurrent.TimeoutException midDeploy) {
                        killedMidDeploy++;
                        break; // kill while this deploy is in flight
                    }
                }
            } finally {
                p.destroyForcibly(); // SIGKILL
                p.waitFor(10, TimeUnit.SECONDS);
            }
            Path file = userDir.resolve("flows.json");
            String stored = Json.stringify(FlowFileReader.read(file)); // throws if truncated
            assertTrue(deployed.contains(stored), "round " + round + ": the file holds a whole deployed version");
            if (Files.exists(userDir.resolve("flows.json.backup"))) {
                assertTrue(deployed.contains(Json.stringify(FlowFileReader.read(userDir.resolve("flows.json.backup")))));
            }
        }
        System.out.println("deploys completed: " + completedDeploys + ", killed mid-deploy: " + killedMidDeploy);
        assertTrue(killedMidDeploy >= 2, "kills that hit a deploy in flight: " + killedMidDeploy);
    }

    private static Process start(Path userDir) throws Exception {
        return cli("--user-dir", userDir.toString(), "--port", "0");
    }

    private static Process cli(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.redwire.cli.Main", "run"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    @Test
    void aGivenFlowsFileIsWhereEditorDeploysAreSaved(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("my-flows.json");
        String original = Json.stringify(bigFlows(1).subList(0, 3));
        Files.writeString(file, original);
        Process p = cli(file.toString(), "--user-dir", dir.resolve("unused").toString(), "--port", "0");
        try {
            int port = awaitPort(p);
            assertEquals(Json.parse(original), Json.parse(get(port)), "started from the given file");
            String edited = Json.stringify(bigFlows(2).subList(0, 2));
            assertEquals(204, post(port, edited).statusCode());
            assertEquals(Json.parse(edited), Json.parse(Files.readString(file)), "saved back to that file");
            assertEquals(Json.parse(original), Json.parse(Files.readString(dir.resolve("my-flows.json.backup"))));
            // the user dir still keeps the generated credential secret, but no flows
            assertTrue(!Files.exists(dir.resolve("unused").resolve("flows.json")), "the user dir is not used for flows then");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The port the process logs once it listens. Its stderr is read on a thread of its own (not the common pool,
     * which has one thread on a 2-core machine and can be held by other code) and kept drained afterwards so the
     * process never blocks on a full pipe.
     */
    private static int awaitPort(Process p) throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    Matcher m = LISTENING.matcher(line);
                    if (!port.isDone() && m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    } else if (!port.isDone()) {
                        seen.add(line);
                    }
                }
            } catch (IOException ignored) {
                // the process is gone
            }
            port.completeExceptionally(new IllegalStateException("redwire exited before listening: " + seen));
        }, "redwire-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            return port.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("redwire (alive: " + p.isAlive() + ") did not listen within 60 s; stderr so far: "
                    + seen, e);
        }
    }

    private HttpResponse<String> post(int port, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows"))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String get(int port) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** About 1 MB of comment nodes, different for each generation. */
    private static List<Map<String, Object>> bigFlows(int generation) {
        List<Map<String, Object>> flows = new ArrayList<>();
        Map<String, Object> tab = new LinkedHashMap<>();
        tab.put("id", "tab");
        tab.put("type", "tab");
        tab.put("label", "generation " + generation);
        flows.add(tab);
        String info = ("generation " + generation + " ").repeat(40);
        for (int i = 0; i < 1500; i++) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("id", "c" + i);
            n.put("type", "comment");
            n.put("z", "tab");
            n.put("name", "note " + i);
            n.put("info", info);
            n.put("x", 100 + i % 50);
            n.put("y", 40 + i);
            n.put("wires", List.of());
            flows.add(n);
        }
        return flows;
    }
}
