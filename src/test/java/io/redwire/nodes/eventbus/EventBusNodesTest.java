package io.redwire.nodes.eventbus;

import io.redwire.api.DebugEvent;
import io.redwire.testing.Harness;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** eventbus out → eventbus in through Vert.x's event bus, and bodies sent by other Vert.x code. */
class EventBusNodesTest {
    private static final String FLOWS = """
            [{"id":"t1","type":"tab"},
             {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"topic","vt":"str"}],
              "payload":"{\\"n\\":1,\\"b\\":\\"x\\"}","payloadType":"json","topic":"t","wires":[["f1"]]},
             {"id":"f1","type":"function","z":"t1","outputs":1,"wires":[["o1"]],
              "func":"msg.bytes = Buffer.from([1, 2, 255]); return msg;"},
             {"id":"o1","type":"eventbus out","z":"t1","address":"orders","mode":"publish","wires":[]},
             {"id":"e1","type":"eventbus in","z":"t1","address":"orders","wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","complete":"true","wires":[]},
             {"id":"o2","type":"eventbus out","z":"t1","address":"","wires":[]},
             {"id":"i2","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"x","payloadType":"str",
              "wires":[["o2"]]},
             {"id":"c1","type":"catch","z":"t1","scope":["o2"],"wires":[["d2"]]},
             {"id":"d2","type":"debug","z":"t1","complete":"error","wires":[]}]
            """;

    /** What the next debug output shows; fails when none comes. */
    private static Object output(Harness h) throws InterruptedException {
        DebugEvent e = h.nextDebug(10);
        assertNotNull(e, "no debug output");
        return e.value();
    }

    @Test
    void aMessageCrossesTheBusWhole() throws Exception {
        try (Harness h = new Harness().deploy(FLOWS)) {
            assertEquals(200, h.inject("i1").statusCode());
            Map<?, ?> msg = (Map<?, ?>) output(h);
            assertEquals(Map.of("n", 1, "b", "x"), msg.get("payload"));
            assertEquals("t", msg.get("topic"));
            assertEquals("orders", msg.get("address"));
            assertArrayEquals(new byte[] {1, 2, (byte) 255}, (byte[]) msg.get("bytes"));
        }
    }

    @Test
    void otherVertxCodeCanSendPlainBodies() throws Exception {
        try (Harness h = new Harness().deploy(FLOWS)) {
            h.server().engine().vertx().eventBus().send("orders", new JsonObject().put("k", "v"));
            assertEquals(Map.of("k", "v"), ((Map<?, ?>) output(h)).get("payload"));
        }
    }

    @Test
    void noAddressIsANodeError() throws Exception {
        try (Harness h = new Harness().deploy(FLOWS)) {
            assertEquals(200, h.inject("i2").statusCode());
            String error = String.valueOf(output(h));
            assertTrue(error.contains("no address"), error);
        }
    }
}
