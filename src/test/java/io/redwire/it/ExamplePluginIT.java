package io.redwire.it;

import io.redwire.testing.Ports;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The artifacts as a plugin author and a user meet them: this build's thin jar goes into the local Maven repository,
 * examples/node-plugin (its own pom.xml) is built by Maven against it, and {@code redwire run --nodes
 * examples/node-plugin/target} serves the example's type; {@code --version} and the manifests carry the version.
 */
class ExamplePluginIT {
    private static final String VERSION = System.getProperty("redwire.version");
    private static final Path EXAMPLE = Path.of("examples/node-plugin");

    @BeforeAll
    static void installRedwireAndBuildTheExample() throws Exception {
        assertTrue(VERSION != null && !VERSION.isBlank(), "failsafe passes redwire.version");
        maven("org.apache.maven.plugins:maven-install-plugin:3.1.2:install-file",
                "-Dfile=target/redwire-thin.jar", "-DpomFile=pom.xml");
        maven("-f", EXAMPLE.resolve("pom.xml").toString(), "clean", "package");
    }

    private static void maven(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q", "-ntp"));
        cmd.addAll(List.of(args));
        Processes.Result r = Processes.run(cmd, Map.of(), 300);
        assertEquals(0, r.exitCode(), cmd + "\n" + r.output());
    }

    @Test
    void nodesOptionLoadsTheMavenBuiltExample() throws Exception {
        assertTrue(Files.isRegularFile(EXAMPLE.resolve("target/redwire-upper-case-1.0.0.jar")));
        Path work = Files.createTempDirectory("redwire-plugin-it");
        Files.copy(Path.of("flows/hello-http.json"), work.resolve("hello-http.json"));
        int port = Ports.free();
        try (RunningRedwire redwire = RunningRedwire.start(work, "run", "hello-http.json", "-p", "" + port,
                "-u", work.resolve("user").toString(), "--nodes", EXAMPLE.resolve("target").toAbsolutePath()
                        .toString())) {
            redwire.awaitOutput("Started flows", 120);
            assertTrue(redwire.output().contains("Loaded node family example (redwire-upper-case-1.0.0.jar)"),
                    redwire.output());
            HttpResponse<String> nodes = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/nodes")).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, nodes.statusCode());
            assertTrue(nodes.body().contains("\"type\":\"upper-case\""), nodes.body());
        }
    }

    @Test
    void versionComesFromTheManifest() throws Exception {
        Processes.Result r = Processes.run(List.of("java", "-jar", Processes.jar().toString(), "--version"),
                Map.of(), 60);
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.equals("Redwire v" + VERSION)), r.output());
        for (Path jar : List.of(Processes.jar(), Path.of("target/redwire-thin.jar"))) {
            try (JarFile file = new JarFile(jar.toFile())) {
                Attributes main = file.getManifest().getMainAttributes();
                assertEquals(VERSION, main.getValue("Implementation-Version"), jar.toString());
                assertEquals("Redwire", main.getValue("Implementation-Title"), jar.toString());
                assertEquals("io.redwire", main.getValue("Automatic-Module-Name"), jar.toString());
            }
        }
    }
}
