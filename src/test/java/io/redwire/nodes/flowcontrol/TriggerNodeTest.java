package io.redwire.nodes.flowcontrol;

import io.redwire.testing.SequenceTestKit;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.redwire.testing.SequenceTestKit.DEBUG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Timing tests use generous bounds: the machine is shared by several builds. */
class TriggerNodeTest {
    private static final String DEBUG2 = "{\"id\":\"out2\",\"type\":\"debug\",\"complete\":\"true\"}";

    /** A trigger with the editor's defaults; {@code config} overrides by appending later keys. */
    private static String trigger(String config) {
        return "{\"id\":\"trg\",\"type\":\"trigger\",\"op1\":\"1\",\"op2\":\"0\",\"op1type\":\"val\","
                + "\"op2type\":\"val\",\"duration\":\"250\",\"extend\":false,\"overrideDelay\":false,\"units\":\"ms\","
                + "\"reset\":\"\",\"bytopic\":\"all\",\"topic\":\"topic\",\"outputs\":1,\"wires\":[[\"out\"]]" + config
                + "}";
    }

    @Test
    void sendsOp1AtOnceAndOp2AfterTheDurationIgnoringMessagesInBetween() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(trigger(",\"op1\":\"start\",\"op1type\":\"str\","
                + "\"op2\":\"end\",\"op2type\":\"str\",\"duration\":\"200\""))) {
            long t0 = kit.elapsedMs();
            kit.receive("trg", "{\"payload\":\"x\",\"topic\":\"t1\"}", "{\"payload\":\"y\",\"topic\":\"t2\"}");
            SequenceTestKit.Out start = kit.next(5);
            SequenceTestKit.Out end = kit.next(5);
            assertEquals("start", start.payload());
            assertEquals("end", end.payload());
            assertEquals("t1", end.msg().get("topic"), "op2 goes out on a copy of the first message");
            long waited = end.atMs() - t0;
            assertTrue(waited >= 180 && waited < 3000, "op2 after " + waited + " ms");
            assertNull(kit.poll(0.3), "the second message was ignored");
        }
    }

    @Test
    void extendRestartsTheWaitAndEndsWithTheNewestMessage() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(trigger(",\"op1\":\"\",\"op1type\":\"pay\","
                + "\"op2\":\"end\",\"op2type\":\"str\",\"duration\":\"300\",\"extend\":true"))) {
            long t0 = kit.elapsedMs();
            kit.receive("trg", "{\"payload\":\"first\",\"topic\":\"t1\"}");
            assertEquals("first", kit.next(5).payload());
            Thread.sleep(150); // test thread only: the second message arrives inside the first wait
            kit.receive("trg", "{\"payload\":\"second\",\"topic\":\"t2\"}");
            SequenceTestKit.Out end = kit.next(5);
            assertEquals("end", end.payload());
            assertEquals("t2", end.msg().get("topic"));
            assertTrue(end.atMs() - t0 >= 420, "the wait restarted: " + (end.atMs() - t0) + " ms");
        }
    }

    @Test
    void resetByMsgResetOrByPayloadStopsWithoutOp2() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(trigger(",\"op1\":\"\",\"op1type\":\"pay\","
                + "\"op2\":\"end\",\"op2type\":\"str\",\"duration\":\"150\",\"reset\":\"stop\""))) {
            kit.receive("trg", "{\"payload\":\"a\"}", "{\"reset\":true}", "{\"payload\":\"b\"}",
                    "{\"payload\":\"stop\"}", "{\"payload\":\"c\"}");
            assertEquals(List.of("a", "b", "c", "end"), kit.payloads(4, 5));
            assertNull(kit.poll(0.3));
        }
    }

    @Test
    void durationZeroBlocksUntilReset() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(trigger(",\"op1\":\"\",\"op1type\":\"pay\","
                + "\"op2\":\"\",\"op2type\":\"nul\",\"duration\":\"0\""))) {
            kit.receive("trg", "{\"payload\":\"a\"}", "{\"payload\":\"b\"}", "{\"reset\":true}", "{\"payload\":\"c\"}",
                    "{\"payload\":\"d\"}");
            assertEquals(List.of("a", "c"), kit.payloads(2, 5));
            assertNull(kit.poll(0.3));
        }
    }

    @Test
    void secondOutputMustacheOpsAndPerTopicTimers() throws Exception {
        String nodes = "[" + trigger(",\"op1\":\"hi {{payload}}\",\"op1type\":\"str\",\"op2\":\"{{topic}} done\","
                + "\"op2type\":\"str\",\"duration\":\"100\",\"bytopic\":\"topic\",\"outputs\":2,"
                + "\"wires\":[[\"out\"],[\"out2\"]]") + "," + DEBUG + "," + DEBUG2 + "]";
        try (SequenceTestKit kit = new SequenceTestKit(nodes)) {
            kit.receive("trg", "{\"payload\":\"<a>\",\"topic\":\"x\"}", "{\"payload\":\"b\",\"topic\":\"y\"}");
            List<SequenceTestKit.Out> outs = kit.next(4, 5);
            assertEquals(List.of("out", "out", "out2", "out2"), outs.stream().map(SequenceTestKit.Out::node).toList());
            assertEquals(List.of("hi &lt;a&gt;", "hi b", "x done", "y done"),
                    outs.stream().map(SequenceTestKit.Out::payload).toList());
        }
    }

    @Test
    void negativeDurationRepeatsOp1UntilReset() throws Exception {
        String nodes = "[" + trigger(",\"op1\":\"tick\",\"op1type\":\"str\",\"duration\":\"-100\"") + "," + DEBUG
                + "]";
        try (SequenceTestKit kit = new SequenceTestKit(nodes)) {
            kit.receive("trg", "{\"payload\":\"go\"}");
            assertEquals(List.of("tick", "tick", "tick"), kit.payloads(3, 5));
            kit.receive("trg", "{\"reset\":true}");
            Thread.sleep(150); // test thread only: let a tick already scheduled drain
            while (kit.poll(0) != null) {
                // discard what was in flight when the reset arrived
            }
            assertNull(kit.poll(0.4), "no more ticks after reset");
        }
    }

    @Test
    void valTypesMapToBooleansAndNull() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(trigger(",\"op1\":\"true\",\"op2\":\"null\","
                + "\"duration\":\"50\""))) {
            kit.receive("trg", "{\"payload\":\"x\"}");
            List<Object> payloads = kit.payloads(2, 5);
            assertEquals(true, payloads.get(0));
            assertNull(payloads.get(1));
        }
    }
}
