package io.redwire.nodes.function;

import io.redwire.api.DebugEvent;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The seed benchmark's loop through the engine: inject → function `msg.counter = msg.counter+1; return msg;` →
 * switch (counter < N back to the function, else debug). Prints µs per loop round next to the same loop with a
 * JSONata change node instead of the function (after two warm-up loops: HotSpot must first compile the GraalJS
 * interpreter itself).
 */
class FunctionThroughputTest {
    private static final int ROUNDS = 10_000;

    @BeforeAll
    static void startGraalJs() {
        JsEngine.warmUp();
    }

    private static String loop(boolean useFunction) {
        FunctionFlows f = new FunctionFlows()
                .node("i", "inject", List.of("zero"), "props", List.of(Map.of("p", "payload")), "payload", "",
                        "payloadType", "date")
                .node("zero", "change", List.of("inc"), "rules", List.of(Map.of("t", "set", "p", "counter", "pt", "msg",
                        "to", "0", "tot", "num")));
        if (useFunction) {
            f.function("inc", "msg.counter = msg.counter+1\nreturn msg;", "sw");
        } else {
            f.node("inc", "change", List.of("sw"), "rules", List.of(Map.of("t", "set", "p", "counter", "pt", "msg",
                    "to", "counter + 1", "tot", "jsonata")));
        }
        return f.node("sw", "switch", List.of("inc", "d"), "property", "counter", "propertyType", "msg",
                        "rules", List.of(Map.of("t", "lt", "v", String.valueOf(ROUNDS), "vt", "num"), Map.of("t", "else")),
                        "checkall", "false", "outputs", 2)
                .debug("d").json();
    }

    private static double microsPerRound(Harness h) throws Exception {
        long t0 = System.nanoTime();
        h.inject("i");
        DebugEvent e = h.nextDebug(60);
        long elapsed = System.nanoTime() - t0;
        assertNotNull(e, "the loop did not finish");
        assertEquals(ROUNDS, ((Number) ((Map<?, ?>) e.value()).get("counter")).intValue());
        return elapsed / 1000.0 / ROUNDS;
    }

    @Test
    void counterLoopThroughTheEngine() throws Exception {
        double function;
        double change;
        try (Harness h = new Harness().deploy(loop(true))) {
            microsPerRound(h); // warm-up
            microsPerRound(h);
            function = microsPerRound(h);
        }
        try (Harness h = new Harness().deploy(loop(false))) {
            microsPerRound(h);
            microsPerRound(h);
            change = microsPerRound(h);
        }
        System.out.printf("counter loop (%d rounds): function %.1f µs/round, JSONata change %.1f µs/round%n",
                ROUNDS, function, change);
    }
}
