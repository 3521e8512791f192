package io.redwire.nodes.flowcontrol;

import io.redwire.testing.SequenceTestKit;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.redwire.testing.SequenceTestKit.DEBUG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Timing tests use generous bounds: the machine is shared by several builds. */
class DelayNodeTest {
    private static final String DROPPED = "{\"id\":\"dropped\",\"type\":\"debug\",\"complete\":\"true\"}";

    private static String delay(String config) {
        return "{\"id\":\"delay\",\"type\":\"delay\",\"timeout\":\"5\",\"timeoutUnits\":\"seconds\",\"rate\":\"1\","
                + "\"nbRateUnits\":\"1\",\"rateUnits\":\"second\",\"randomFirst\":\"1\",\"randomLast\":\"5\","
                + "\"randomUnits\":\"seconds\",\"drop\":false,\"allowrate\":false,\"outputs\":1,\"wires\":[[\"out\"]]"
                + config + "}";
    }

    private static String fixed(int ms) {
        return delay(",\"pauseType\":\"delay\"").replace("\"timeout\":\"5\",\"timeoutUnits\":\"seconds\"",
                "\"timeout\":\"" + ms + "\",\"timeoutUnits\":\"milliseconds\"");
    }

    @Test
    void fixedDelayHoldsTheSameMessage() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(fixed(200))) {
            long t0 = kit.elapsedMs();
            kit.receive("delay", "{\"_msgid\":\"abc\",\"payload\":{\"v\":1},\"topic\":\"t\"}");
            SequenceTestKit.Out out = kit.next(5);
            long waited = out.atMs() - t0;
            assertTrue(waited >= 180 && waited < 3000, "held " + waited + " ms");
            assertEquals("abc", out.msg().get("_msgid"));
            assertEquals(Map.of("v", 1), out.payload());
            assertEquals("t", out.msg().get("topic"));
        }
    }

    @Test
    void variableDelayTakesMsgDelayAndOrdersByIt() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(delay(",\"pauseType\":\"delayv\"")
                .replace("\"timeout\":\"5\",\"timeoutUnits\":\"seconds\"",
                "\"timeout\":\"150\",\"timeoutUnits\":\"milliseconds\""))) {
            kit.receive("delay", "{\"payload\":\"a\",\"delay\":400}", "{\"payload\":\"b\",\"delay\":\"5\"}",
                    "{\"payload\":\"c\"}");
            assertEquals(List.of("b", "c", "a"), kit.payloads(3, 5));
        }
    }

    @Test
    void resetDropsEverythingWaitingAndFlushReleasesIt() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(fixed(2000))) {
            kit.receive("delay", "{\"payload\":\"a\"}", "{\"payload\":\"b\"}", "{\"reset\":true}");
            assertNull(kit.poll(0.3));
            long t0 = kit.elapsedMs();
            kit.receive("delay", "{\"payload\":\"c\"}", "{\"payload\":\"d\"}", "{\"flush\":1}");
            SequenceTestKit.Out first = kit.next(5);
            assertEquals("c", first.payload());
            assertTrue(first.atMs() - t0 < 1500, "flush released c at once");
            assertNull(kit.poll(0.3), "only one was flushed");
            kit.receive("delay", "{\"flush\":true}");
            assertEquals("d", kit.next(5).payload());
        }
    }

    @Test
    void rateLimitQueuesAndReleasesOnePerInterval() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(delay(",\"pauseType\":\"rate\"")
                .replace("\"rate\":\"1\"", "\"rate\":\"4\""))) {
            long t0 = kit.elapsedMs();
            for (int i = 0; i < 5; i++) {
                kit.receive("delay", "{\"payload\":" + i + "}");
            }
            List<SequenceTestKit.Out> outs = kit.next(5, 5);
            assertEquals(List.of(0, 1, 2, 3, 4), outs.stream().map(SequenceTestKit.Out::payload).toList());
            long first = outs.get(0).atMs() - t0;
            long last = outs.get(4).atMs() - t0;
            assertTrue(first < 200, "first passes at once: " + first);
            assertTrue(last >= 900 && last < 3000, "five at 4/s take about a second: " + last);
        }
    }

    @Test
    void rateLimitWithDropSendsTheRestToTheSecondOutput() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(delay(",\"pauseType\":\"rate\"")
                .replace("\"drop\":false", "\"drop\":true")
                .replace("\"outputs\":1", "\"outputs\":2").replace("\"wires\":[[\"out\"]]",
                        "\"wires\":[[\"out\"],[\"dropped\"]]") + "," + DROPPED)) {
            kit.receive("delay", "{\"payload\":\"a\"}", "{\"payload\":\"b\"}", "{\"reset\":true}",
                    "{\"payload\":\"c\"}");
            List<SequenceTestKit.Out> outs = kit.next(3, 5);
            assertEquals(List.of("a", "b", "c"), outs.stream().map(SequenceTestKit.Out::payload).toList());
            assertEquals(List.of("out", "dropped", "out"), outs.stream().map(SequenceTestKit.Out::node).toList(),
                    "b arrives within the second and leaves on output 2; reset lets c through");
        }
    }

    @Test
    void burstPassesUpToRatePerWindow() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(delay(",\"pauseType\":\"burst\"")
                .replace("\"rate\":\"1\"", "\"rate\":\"2\""))) {
            kit.receive("delay", "{\"payload\":1}", "{\"payload\":2}", "{\"payload\":3}");
            assertEquals(List.of(1, 2), kit.payloads(2, 5));
            assertNull(kit.poll(0.3), "the third is dropped");
        }
    }

    @Test
    void topicQueueKeepsTheNewestPerTopic() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(delay(",\"pauseType\":\"timed\"")
                .replace("\"rate\":\"1\"", "\"rate\":\"3\""))) {
            kit.receive("delay", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"b\",\"payload\":2}",
                    "{\"topic\":\"a\",\"payload\":3}", "{\"payload\":4}");
            List<SequenceTestKit.Out> outs = kit.next(3, 5);
            assertEquals(List.of(3, 2, 4), outs.stream().map(SequenceTestKit.Out::payload).toList());
            assertEquals("_none_", outs.get(2).msg().get("topic"));
        }
    }
}
