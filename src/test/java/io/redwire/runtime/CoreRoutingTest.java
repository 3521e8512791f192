package io.redwire.runtime;

import io.redwire.api.DebugEvent;
import io.redwire.msg.FlowException;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoreRoutingTest {
    private static final String FANOUT = """
            [{"id":"t1","type":"tab","label":"Flow 1"},
             {"id":"n1","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"a\\":1}",
              "payloadType":"json","x":1,"y":1,"wires":[["j1"]]},
             {"id":"j1","type":"junction","z":"t1","x":1,"y":1,"wires":[["d1","d2"]]},
             {"id":"d1","type":"debug","z":"t1","complete":"true","x":1,"y":1,"wires":[]},
             {"id":"d2","type":"debug","z":"t1","complete":"true","x":1,"y":1,"wires":[]}]
            """;

    @Test
    void fanOutClonesForAllButTheFirstReceiver() throws Exception {
        try (Harness h = new Harness().deploy(FANOUT)) {
            assertEquals(200, h.inject("n1").statusCode());
            DebugEvent a = h.nextDebug(5);
            DebugEvent b = h.nextDebug(5);
            assertNotNull(a);
            assertNotNull(b);
            assertNotSame(a.value(), b.value());
            assertEquals(((Map<?, ?>) a.value()).get("_msgid"), ((Map<?, ?>) b.value()).get("_msgid"));
            assertEquals(Map.of("a", 1), ((Map<?, ?>) a.value()).get("payload"));
        }
    }

    /** deliverNow, at the end of an I/O callback on the loop, runs the whole chain before it returns. */
    @Test
    void deliverNowDeliversTheQueuedChainBeforeItReturns() throws Exception {
        try (Harness h = new Harness().deploy(FANOUT)) {
            Engine engine = h.server().engine();
            List<String> seen = new CopyOnWriteArrayList<>();
            Runnable unsubscribe = engine.events().subscribe((topic, data) -> seen.add(topic));
            CompletableFuture<List<String>> before = new CompletableFuture<>();
            CompletableFuture<List<String>> after = new CompletableFuture<>();
            engine.loop().runOnContext(v -> {
                engine.deliver(engine.node("j1"), new java.util.HashMap<>(Map.of("payload", 1, "_msgid", "m")));
                before.complete(List.copyOf(seen));
                engine.deliverNow();
                after.complete(List.copyOf(seen));
            });
            assertEquals(List.of(), before.get(5, TimeUnit.SECONDS), "send is asynchronous");
            assertEquals(List.of(DebugEvent.TOPIC, DebugEvent.TOPIC), after.get(5, TimeUnit.SECONDS));
            unsubscribe.run();
        }
    }

    @Test
    void unknownTypesAreNamedWithTheirIdsAndNothingStarts() {
        try (Harness h = new Harness()) {
            FlowException e = assertThrows(FlowException.class, () -> h.deploy("""
                    [{"id":"t1","type":"tab"},{"id":"m1","type":"mystery","z":"t1","x":1,"y":1,"wires":[]},
                     {"id":"m2","type":"mystery","z":"t1","x":1,"y":1,"wires":[]}]"""));
            assertTrue(e.getMessage().contains("mystery (used by m1, m2)"), e.getMessage());
            assertEquals("stop", h.server().engine().state());
        }
    }

    @Test
    void aRefusedDeployLeavesThePreviousFlowsRunning() throws Exception {
        try (Harness h = new Harness().deploy(FANOUT)) {
            assertThrows(FlowException.class, () -> h.deploy("[{\"id\":\"x\",\"type\":\"nope\"}]"));
            assertEquals(200, h.inject("n1").statusCode());
            assertNotNull(h.nextDebug(5));
        }
    }

    @Test
    void injectOfAnUnknownNodeIs404() throws Exception {
        try (Harness h = new Harness().deploy(FANOUT)) {
            assertEquals(404, h.inject("nope").statusCode());
            assertNull(h.nextDebug(0.2));
        }
    }
}
