package io.redwire.embed;

import io.redwire.api.NodeType;
import io.vertx.core.Vertx;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embedding API as docs/embedding.md documents it: the doc's code is {@link EmbeddingExample}'s, and it runs. */
class EmbeddingTest {
    private static final Path EXAMPLE = Path.of("src/test/java/io/redwire/embed/EmbeddingExample.java");
    private static final Path DOC = Path.of("docs/embedding.md");

    @Test
    void docShowsTheTestedExampleWordForWord() throws Exception {
        Map<String, String> inSource = regions(Files.readString(EXAMPLE),
                Pattern.compile("(?m)^ *// docs/embedding\\.md: (\\S+)\\n(.*?)^ *// docs/embedding\\.md: end\\n",
                        Pattern.DOTALL));
        Map<String, String> inDoc = regions(Files.readString(DOC),
                Pattern.compile("(?m)^<!-- EmbeddingExample: (\\S+) -->\\n```java\\n(.*?)^```\\n", Pattern.DOTALL));
        assertEquals(List.of("own-server", "router"), new ArrayList<>(inSource.keySet()));
        assertEquals(inSource, inDoc, "docs/embedding.md must show EmbeddingExample's marked code unchanged");
    }

    @Test
    void ownServerExampleInjectsDebugsAndServesHttp() throws Exception {
        assertEquals(List.of("debug: HELLO, ADA!", "http: Hi Bob"), output(EmbeddingExample::run));
    }

    @Test
    void routerExampleSharesTheApplicationsRouter() throws Exception {
        assertEquals(List.of("/app/status: up", "/red/hello?name=Cy: Hi Cy"), output(EmbeddingExample::runOnRouter));
    }

    @Test
    void deployInjectAndEventsThroughTheHandle() throws Exception {
        Path dir = Files.createTempDirectory("redwire-embed");
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, EmbeddingExample.FLOWS);
        LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();
        try (Redwire redwire = Redwire.builder().flows(flows).userDir(dir).nodeTypes(EmbeddingExample.Shout.TYPE)
                .start().await()) {
            assertEquals(flows, redwire.flowsFile());
            assertEquals(0, redwire.port(), "no HTTP server was asked for");
            try (AutoCloseable sub = redwire.onEvent((topic, data) -> events.add(topic))) {
                redwire.inject("tick").await();
                assertEquals("debug", events.poll(10, TimeUnit.SECONDS));
            }
            Throwable unknown = assertThrows(Exception.class, () -> redwire.inject("nope").await());
            assertTrue(unknown.getMessage().contains("no running inject node with id nope"), unknown.getMessage());

            Throwable refused = assertThrows(Exception.class, () -> redwire.deploy("""
                    [{"id":"x","type":"no-such-type"}]""").await());
            assertTrue(refused.getMessage().contains("no-such-type"), refused.getMessage());
            LinkedBlockingQueue<Object> values = new LinkedBlockingQueue<>();
            try (AutoCloseable sub = redwire.onDebug(e -> values.add(e.value()))) {
                redwire.inject("tick").await();
                assertEquals("HELLO, ADA!", values.poll(10, TimeUnit.SECONDS), "the previous flows still run");
                redwire.deploy("""
                        [{"id":"t","type":"tab"},
                         {"id":"i2","z":"t","type":"inject","payload":"seven","payloadType":"str","wires":[["d2"]]},
                         {"id":"d2","z":"t","type":"debug","wires":[]}]""").await();
                redwire.inject("i2").await();
                assertEquals("seven", values.poll(10, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void badStartsFailAndLeaveTheApplicationsVertxRunning() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Throwable malformed = assertThrows(Exception.class,
                    () -> Redwire.builder().vertx(vertx).flows("[{\"id\":").start().await());
            assertTrue(malformed.getMessage().contains("malformed JSON"), malformed.getMessage());

            NodeType clash = NodeType.builder("inject", "mine").factory(c -> null);
            Throwable exists = assertThrows(Exception.class,
                    () -> Redwire.builder().vertx(vertx).nodeTypes(clash).start().await());
            assertTrue(exists.getMessage().contains("node type 'inject' already exists"), exists.getMessage());

            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("functionTimeout", 1);
            try (Redwire ok = Redwire.builder().vertx(vertx).settings(settings).start().await()) {
                assertEquals(0, ok.port());
            }
            assertEquals("still running", vertx.executeBlocking(() -> "still running").await());
        } finally {
            vertx.close().await();
        }
    }

    private interface Example {
        void run(PrintStream out) throws Exception;
    }

    private static List<String> output(Example example) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            example.run(out);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** name → text with the common indentation removed, in order of appearance. */
    private static Map<String, String> regions(String text, Pattern marked) {
        Map<String, String> found = new LinkedHashMap<>();
        Matcher m = marked.matcher(text);
        while (m.find()) {
            found.put(m.group(1), m.group(2).stripTrailing().stripIndent());
        }
        return found;
    }
}
