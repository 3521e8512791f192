package io.redwire.runtime;

import io.redwire.msg.FlowException;
import io.redwire.spi.DebugEvent;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.util.Map;

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
