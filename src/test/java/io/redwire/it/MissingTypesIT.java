package io.redwire.it;

import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server with a flows file using node types it lacks (Node-RED 5.0.7's behaviour): it starts the admin API,
 * logs "Waiting for missing types to be registered:" with one " - type" line each, serves the flows to the editor
 * without starting them, and starts the flows a deploy fixes.
 */
class MissingTypesIT {
    private static final String HELLO = """
            {"id":"in","type":"http in","z":"t","url":"/hello","method":"get","x":1,"y":1,"wires":[["tpl"]]},
            {"id":"tpl","type":"template","z":"t","field":"payload","template":"hello","output":"str","x":1,"y":1,"wires":[["res"]]},
            {"id":"res","type":"http response","z":"t","x":1,"y":1,"wires":[]}""";

    @TempDir
    Path dir;

    @Test
    void unknownTypesWaitWithTheEditorUpAndADeployOfFixedFlowsStartsThem() throws Exception {
        Path flows = Files.writeString(dir.resolve("flows.json"), "[{\"id\":\"t\",\"type\":\"tab\"},"
                + "{\"id\":\"m\",\"type\":\"mystery\",\"z\":\"t\",\"x\":1,\"y\":1,\"wires\":[]},"
                + "{\"id\":\"e\",\"type\":\"enigma\",\"z\":\"t\",\"x\":1,\"y\":1,\"wires\":[]}," + HELLO + "]");
        Path log = dir.resolve("engine.log");
        int port = Ports.free();
        Process p = new ProcessBuilder("java", "-jar", Processes.jar().toString(), "run", flows.toString(),
                "--port", String.valueOf(port), "--user-dir", dir.resolve("user").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String base = "http://127.0.0.1:" + port;
        try {
            HttpResponse<String> served = poll(http, base + "/flows", 90);
            assertEquals(200, served.statusCode(), Files.readString(log));
            assertTrue(served.body().contains("\"mystery\"") && served.body().contains("\"hello\""), served.body());
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(out.contains("[info] Waiting for missing types to be registered:")
                    && out.contains("[info]  - enigma") && out.contains("[info]  - mystery"), out);
            assertEquals(404, get(http, base + "/hello").statusCode(), "the flows must not run yet");

            String fixed = "[{\"id\":\"t\",\"type\":\"tab\"}," + HELLO + "]";
            HttpResponse<String> deploy = http.send(HttpRequest.newBuilder(URI.create(base + "/flows"))
                    .header("content-type", "application/json").header("Node-RED-Deployment-Type", "full")
                    .POST(HttpRequest.BodyPublishers.ofString(fixed)).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertTrue(deploy.statusCode() == 200 || deploy.statusCode() == 204, deploy.body());
            HttpResponse<String> hello = get(http, base + "/hello");
            assertEquals(200, hello.statusCode(), Files.readString(log));
            assertEquals("hello", hello.body());
        } finally {
            p.destroy();
            p.waitFor();
        }
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> poll(HttpClient http, String url, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            try {
                return get(http, url);
            } catch (java.io.IOException e) {
                if (System.nanoTime() > end) {
                    throw e;
                }
                Thread.sleep(250);
            }
        }
    }
}
