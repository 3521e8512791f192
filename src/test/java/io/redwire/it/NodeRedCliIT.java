package io.redwire.it;

import io.redwire.msg.Json;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Node-RED's command-line habits on the built jar: `run -p`, --help, --version, -s settings.js, -D, errors. */
class NodeRedCliIT {
    private static final Path NODE_RED_SETTINGS = Path.of(System.getProperty("user.home"),
            ".cache/redwire/nodered/node_modules/node-red/settings.js");

    private static Processes.Result jar(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("java", "-jar", Processes.jar().toString()));
        cmd.addAll(List.of(args));
        return Processes.run(cmd, Map.of(), 60);
    }

    @Test
    void helpVersionAndBadArguments() throws Exception {
        Processes.Result help = jar("run", "-p", "21886", "--help");
        assertEquals(0, help.exitCode(), help.output());
        assertTrue(help.output().contains("-u, --userDir") && help.output().contains("-D, --define"), help.output());
        Processes.Result version = jar("--version");
        assertEquals(0, version.exitCode(), version.output());
        assertTrue(version.output().matches("(?s)Redwire v\\d+\\.\\d+\\.\\d+.*Node-RED compatibility: 5\\.0\\.7.*"),
                version.output());
        Processes.Result bad = jar("run", "--port", "abc");
        assertEquals(2, bad.exitCode(), bad.output());
        assertTrue(bad.output().contains("'--port'") && bad.output().contains("abc"), bad.output());
    }

    @Test
    void aTakenPortIsNamed(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Processes.Result r = jar("-p", String.valueOf(port), "-u", dir.toString());
            assertEquals(1, r.exitCode(), r.output());
            assertTrue(r.output().contains("port " + port) && r.output().contains("in use"), r.output());
        }
    }

    @Test
    void nodeRedsDefaultSettingsJsLoadsAMissingFlowsFileIsCreatedAndUnknownKeysAreNamed(@TempDir Path dir)
            throws Exception {
        Path flows = dir.resolve("my-flows.json");
        int port = Ports.free();
        try (RunningRedwire rw = RunningRedwire.start(dir, "run", flows.toString(), "-s", NODE_RED_SETTINGS.toString(),
                "-u", dir.resolve("user").toString(), "-p", String.valueOf(port), "-D", "functionTimeout=7")) {
            rw.awaitOutput("Started flows", 90);
            assertTrue(Files.exists(flows), rw.output());
            assertEquals(List.of(), Json.parse(Files.readString(flows)), "created empty");
            // keys of Node-RED's own settings.js Redwire does not act on are named, each once
            assertTrue(rw.output().contains("settings key 'editorTheme' is not used by Redwire"), rw.output());
            assertEquals(1, rw.output().split("'telemetry'", -1).length - 1, rw.output());
            HttpResponse<String> s = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/settings")).build(), HttpResponse.BodyHandlers.ofString());
            Map<?, ?> settings = (Map<?, ?>) Json.parse(s.body());
            assertEquals("5.0.7", settings.get("nodeRedVersion"));
            assertEquals(7, ((Number) settings.get("functionTimeout")).intValue(), "-D overrides the file");
        }
    }
}
