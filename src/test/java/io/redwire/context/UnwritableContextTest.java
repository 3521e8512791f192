package io.redwire.context;

import io.redwire.logging.Log;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21 finding 2: a value JSON cannot hold, or a node id no file may be named, stops neither the other scopes'
 * files nor later flushes (deploy, graceful stop). A circular value is written as Node-RED 5.0.7 writes it, the
 * reference that closes the circle left out.
 */
public class UnwritableContextTest {
    /** GET /cyc stores a value that refers to itself; GET /nul counts in a node whose id holds NUL; GET /later sets global 'after'. */
    public static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"t1"},
             {"id":"t2","type":"tab","label":"t2"},
             {"id":"in1","type":"http in","z":"t1","url":"/cyc","method":"get","wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t1","func":"const o = {a: 1}; o.self = o; flow.set('cyc', o); flow.set('ok', 5); global.set('g', 7); const l = [1]; l.push(l); context.set('list', l); msg.payload = 'set'; return msg;",
              "outputs":1,"wires":[["out1"]]},
             {"id":"out1","type":"http response","z":"t1","wires":[]},
             {"id":"in2","type":"http in","z":"t2","url":"/nul","method":"get","wires":[["bad\\u0000id"]]},
             {"id":"bad\\u0000id","type":"function","z":"t2","func":"const n = (context.get('k') || 0) + 1; context.set('k', n); msg.payload = String(n); return msg;",
              "outputs":1,"wires":[["out2"]]},
             {"id":"out2","type":"http response","z":"t2","wires":[]},
             {"id":"in3","type":"http in","z":"t2","url":"/later","method":"get","wires":[["later"]]},
             {"id":"later","type":"function","z":"t2","func":"global.set('after', 8); msg.payload = String(global.get('g')) + ',' + String(flow.get('ok')); return msg;",
              "outputs":1,"wires":[["out2"]]}]
            """;

    @Test
    void aCircularValueKeepsNoScopeFromItsFileAtAGracefulStop(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(ContextFlows.fileStore(dir)).deploy(FLOWS)) {
            assertEquals("set", ContextFlows.get(h, "/cyc"));
            assertEquals("7,undefined", ContextFlows.get(h, "/later"));
        } // the graceful stop is the only flush
        assertEquals(Map.of("g", 7, "after", 8), ContextFlows.file(dir, "global/global.json"));
        // as Node-RED 5.0.7 writes them: the references closing a circle left out (in a list: null)
        assertEquals(Map.of("cyc", Map.of("a", 1), "ok", 5), ContextFlows.file(dir, "t1/flow.json"));
        assertEquals(Json.parse("{\"list\": [1, null]}"), ContextFlows.file(dir, "t1/fn.json"));
    }

    @Test
    void aCircularValueKeepsNoLaterDeployFromWriting(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(ContextFlows.fileStore(dir)).deploy(FLOWS)) {
            assertEquals("set", ContextFlows.get(h, "/cyc"));
            h.deploy(FLOWS); // a deploy flushes
            assertEquals(Map.of("g", 7), ContextFlows.file(dir, "global/global.json"));
            ContextFlows.get(h, "/later");
            h.deploy(FLOWS);
            assertEquals(Map.of("g", 7, "after", 8), ContextFlows.file(dir, "global/global.json"));
        }
    }

    @Test
    void aNodeIdHoldingNulIsWrittenAndReadBackAndKeepsNoOtherScopeFromItsFile(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(ContextFlows.fileStore(dir)).deploy(FLOWS)) {
            assertEquals("1", ContextFlows.get(h, "/nul"));
            ContextFlows.get(h, "/later");
        }
        assertEquals(Map.of("after", 8), ContextFlows.file(dir, "global/global.json"));
        try (Harness h = new Harness(ContextFlows.fileStore(dir)).deploy(FLOWS)) {
            assertEquals("2", ContextFlows.get(h, "/nul"), "the NUL node's count was written and read back");
        }
    }

    @Test
    void eachScopesProblemIsLoggedOnceAndAgainOnlyOnceItChanged(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Vertx vertx = Vertx.vertx();
        try {
            Context loop = vertx.getOrCreateContext();
            FileContextStore store = new FileContextStore(loop, dir, 0, new Log(new PrintStream(out, true)));
            Map<String, Object> cyc = new LinkedHashMap<>();
            cyc.put("self", cyc);
            for (int i = 0; i < 3; i++) {
                onLoop(loop, () -> {
                    store.scope("fn:t1").put("cyc", cyc);
                    store.changed("fn:t1");
                    return store.flush();
                });
            }
            onLoop(loop, () -> {
                store.scope("fn:t1").remove("cyc");
                store.changed("fn:t1");
                return store.flush();
            });
            onLoop(loop, () -> {
                store.scope("fn:t1").put("again", cyc);
                store.changed("fn:t1");
                return store.close();
            });
        } finally {
            Harness.await(vertx.close());
        }
        String log = out.toString();
        assertEquals(2, log.split("\\[warn\\]", -1).length - 1, log);
        assertTrue(log.contains("[warn] Context fn:t1 contains a circular reference that cannot be persisted (key"
                + " 'cyc')"), log);
        assertTrue(log.contains("(key 'again')"), log);
        assertEquals(Map.of("again", Map.of()), Json.parse(Files.readString(dir.resolve("t1/fn.json"))));
    }

    private static void onLoop(Context loop, Supplier<Future<Void>> task) {
        Promise<Void> done = Promise.promise();
        loop.runOnContext(v -> task.get().onComplete(done));
        Harness.await(done.future());
    }
}
