package io.redwire.runtime;

import io.redwire.api.Settings;
import io.redwire.embed.Server;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.JarBuilder;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plugin jars: the example plugin (examples/node-plugin) built into a nodes directory registers its type, which GET
 * /nodes lists and a flow runs, and its setting, which a settings file may hold without a warning; broken jars are
 * reported by name and skipped while everything else loads.
 */
class PluginJarsTest {
    private static Path nodesDir;

    @BeforeAll
    static void buildJars() throws Exception {
        Path example = Path.of("examples/node-plugin/src/main");
        nodesDir = Files.createTempDirectory("redwire-nodes");
        JarBuilder.build(example.resolve("java"), example.resolve("resources"),
                nodesDir.resolve("redwire-upper-case.jar"));
        brokenJar("missing-class.jar", "broken.missing.Nodes", null);
        brokenJar("throwing.jar", "broken.throwing.Nodes", """
                package broken.throwing;
                public final class Nodes implements io.redwire.api.NodeFamily {
                    public Nodes() { throw new IllegalStateException("no licence key"); }
                    public String name() { return "throwing"; }
                    public java.util.List<io.redwire.api.NodeType> types() { return java.util.List.of(); }
                }
                """);
        brokenJar("duplicate.jar", "broken.duplicate.Nodes", """
                package broken.duplicate;
                import io.redwire.api.*;
                public final class Nodes implements NodeFamily {
                    public String name() { return "duplicate"; }
                    public java.util.List<NodeType> types() {
                        return java.util.List.of(NodeType.builder("inject", "common").factory(c -> null));
                    }
                }
                """);
    }

    /** A jar whose services file names {@code family}; with no source the class is missing from the jar. */
    private static void brokenJar(String name, String family, String source) throws Exception {
        Path dir = Files.createTempDirectory("broken-plugin");
        Path src = dir.resolve("src");
        Files.createDirectories(src);
        if (source != null) {
            JarBuilder.source(src, family, source);
        }
        Path services = dir.resolve("res/META-INF/services/io.redwire.api.NodeFamily");
        Files.createDirectories(services.getParent());
        Files.writeString(services, family + "\n");
        JarBuilder.build(src, dir.resolve("res"), nodesDir.resolve(name));
    }

    @Test
    void brokenJarsAreReportedByNameAndSkipped() {
        NodeRegistry registry = NodeFamilies.discover(getClass().getClassLoader(), p -> { });
        List<String> problems = new ArrayList<>();
        List<String> loaded = PluginJars.load(registry, List.of(nodesDir), problems::add);

        assertEquals(List.of("example (redwire-upper-case.jar)"), loaded, String.join("\n", problems));
        assertTrue(registry.has("upper-case"));
        assertEquals("common", registry.get("inject").family(), "the built-in inject node is kept");
        String all = String.join("\n", problems);
        assertTrue(all.contains("missing-class.jar") && all.contains("broken.missing.Nodes"), all);
        assertTrue(all.contains("throwing.jar") && all.contains("no licence key"), all);
        assertTrue(all.contains("duplicate") && all.contains("node type 'inject' already exists"), all);
    }

    @Test
    void examplePluginTypeIsServedAndRuns() throws Exception {
        Path userDir = Files.createTempDirectory("redwire-user");
        Server server = new Server(Settings.defaults(), Path.of("protos"), null, false, userDir, List.of(nodesDir));
        try (Harness h = new Harness(server)) {
            HttpResponse<String> nodes = h.get("/nodes");
            assertEquals(200, nodes.statusCode());
            assertTrue(nodes.body().contains("\"type\":\"upper-case\""), nodes.body());

            h.deploy("""
                    [{"id":"t","type":"tab"},
                     {"id":"in","z":"t","type":"http in","url":"/shout","method":"post","wires":[["up"]]},
                     {"id":"up","z":"t","type":"upper-case","property":"payload.text","wires":[["out"]]},
                     {"id":"out","z":"t","type":"http response","wires":[]}]""");
            HttpResponse<String> r = h.post("/shout", "application/json", "{\"text\":\"hello\",\"n\":1}");
            assertEquals(Map.of("text", "HELLO", "n", 1), Json.parse(r.body()));
        }
    }

    @Test
    void thePluginsOwnSettingIsKnownAndRead() throws Exception {
        Settings settings = Settings.defaults();
        settings.define("upperCaseLocale=tr");
        settings.define("upperCaseLocal=tr"); // a typo: declared by nobody
        Path userDir = Files.createTempDirectory("redwire-user");
        Server server = new Server(settings, Path.of("protos"), null, false, userDir, List.of(nodesDir));
        try (Harness h = new Harness(server)) {
            assertEquals(List.of("settings key 'upperCaseLocal' is not used by Redwire: ignored"),
                    settings.problems());
            h.deploy("""
                    [{"id":"t","type":"tab"},
                     {"id":"in","z":"t","type":"http in","url":"/shout","method":"post","wires":[["up"]]},
                     {"id":"up","z":"t","type":"upper-case","property":"payload","wires":[["out"]]},
                     {"id":"out","z":"t","type":"http response","wires":[]}]""");
            assertEquals("İSTANBUL", h.post("/shout", "text/plain", "istanbul").body(), "Turkish rules: i is İ");
        }
    }
}
