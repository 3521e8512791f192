package io.redwire.runtime;

import io.redwire.api.NodeFamily;
import io.redwire.api.NodeType;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Start-up loads only the node families a flow uses: a family is registered by its type names and its node classes
 * (and the libraries behind them: gRPC, Thrift, GraalJS, MQTT) are loaded at the first use of one of its types.
 */
class LazyFamiliesTest {
    @Test
    void everyFamilyDeclaresTheNamesOfTheTypesItGives() {
        for (NodeFamily f : ServiceLoader.load(NodeFamily.class)) {
            assertEquals(f.types().stream().map(NodeType::type).toList(), f.typeNames(), f.name());
        }
    }

    @Test
    void aDeclaredFamilyLoadsAtTheFirstAskForOneOfItsTypes() {
        AtomicInteger loads = new AtomicInteger();
        List<String> problems = new ArrayList<>();
        NodeRegistry r = new NodeRegistry();
        r.declare("pair", List.of("a", "b"), counted(loads, List.of(type("a"), type("b"))), problems::add);
        r.declare("broken", List.of("c"), () -> {
            throw new IllegalStateException("no library");
        }, problems::add);
        assertEquals(0, loads.get(), "declaring loads nothing");
        assertEquals("a", r.firstClashOfNames(List.of("x", "a")), "declared names clash before loading");

        assertTrue(r.has("b"));
        assertTrue(r.has("a"));
        assertEquals(1, loads.get(), "one load for the whole family");
        assertFalse(r.has("c"), "a family that fails to load gives no types");
        assertEquals(List.of("node family broken skipped: no library"), problems);
        assertEquals(List.of("a", "b"), r.all().stream().map(NodeType::type).toList());
    }

    @Test
    void aFamilyThatGivesOtherTypesThanItDeclaredIsReported() {
        List<String> problems = new ArrayList<>();
        NodeRegistry r = new NodeRegistry();
        r.declare("odd", List.of("a", "b"), () -> List.of(type("a"), type("z")), problems::add);
        assertEquals(List.of("a"), r.all().stream().map(NodeType::type).toList());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("'z'") && problems.get(1).contains("[b]"), problems.toString());
    }

    /** The real command line on an inject → debug flow: no class of an unused family is loaded. */
    @Test
    void aFlowWithoutGrpcThriftFunctionOrMqttNodesLoadsNoneOfTheirClasses(@TempDir Path dir) throws Exception {
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, """
                [{"id":"f","type":"tab"},
                 {"id":"i","type":"inject","z":"f","payload":"hi","payloadType":"str","wires":[["d"]]},
                 {"id":"d","type":"debug","z":"f","complete":"payload"}]""");
        Path classLog = dir.resolve("classes.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try (PeerProcess p = PeerProcess.start(java, "-Xlog:class+load=info:file=" + classLog,
                "-cp", System.getProperty("java.class.path"), "io.redwire.cli.Main", "run", flows.toString(),
                "--port", String.valueOf(Ports.free()), "--user-dir", dir.resolve("user").toString(),
                "--inject", "i", "--exit-after-debug", "1")) {
            assertEquals(0, p.waitFor(60), p.output());
            assertTrue(p.output().contains("hi"), p.output());
        }
        List<String> loaded = Files.readAllLines(classLog).stream()
                .filter(l -> l.matches(".*\\b(io\\.redwire\\.nodes\\.(grpc|thrift|function|mqtt|websocket|tcp|udp|dashboard)"
                        + "\\.|org\\.graalvm\\.polyglot\\.|io\\.grpc\\.|org\\.apache\\.thrift\\.|io\\.vertx\\.mqtt\\.).*"))
                // the family classes ServiceLoader lists, and the settings they declare (known from the start)
                .filter(l -> !l.matches(".*\\.[A-Za-z]+(Nodes|Settings)\\b.*"))
                .toList();
        assertEquals(List.of(), loaded);
        assertTrue(Files.readString(classLog).contains("io.redwire.nodes.common.InjectNode"), "the log is real");
    }

    private static Supplier<List<NodeType>> counted(AtomicInteger loads, List<NodeType> types) {
        return () -> {
            loads.incrementAndGet();
            return types;
        };
    }

    private static NodeType type(String name) {
        return NodeType.builder(name, "test").factory(c -> null);
    }
}
