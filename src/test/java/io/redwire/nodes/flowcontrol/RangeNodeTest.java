package io.redwire.nodes.flowcontrol;

import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RangeNodeTest {
    private static NodeFlow range(String action, boolean round, String... payloads) {
        NodeFlow f = NodeFlow.of("{\"type\":\"range\",\"minin\":\"0\",\"maxin\":\"10\",\"minout\":\"0\","
                + "\"maxout\":\"100\",\"action\":\"" + action + "\",\"round\":" + round + ",\"property\":\"payload\"}");
        for (String p : payloads) {
            f.input("{\"payload\":" + p + "}");
        }
        return f.deploy();
    }

    private static double out(NodeFlow f, int input) throws Exception {
        return ((Number) f.through(input).get("payload")).doubleValue();
    }

    @Test
    void scaleMapsLinearlyWithoutLimitsAndConvertsStrings() throws Exception {
        try (NodeFlow f = range("scale", false, "5", "15", "-5", "\"2.5\"")) {
            assertEquals(50, out(f, 0));
            assertEquals(150, out(f, 1));
            assertEquals(-50, out(f, 2));
            assertEquals(25, out(f, 3));
        }
    }

    @Test
    void clampRollAndDrop() throws Exception {
        try (NodeFlow f = range("clamp", false, "\"15\"", "-3")) {
            assertEquals(100, out(f, 0));
            assertEquals(0, out(f, 1));
        }
        try (NodeFlow f = range("roll", false, "15", "-5", "10")) {
            assertEquals(50, out(f, 0));
            assertEquals(50, out(f, 1));
            assertEquals(0, out(f, 2));
        }
        try (NodeFlow f = range("drop", false, "11", "7")) {
            f.send(0);
            assertEquals(70, out(f, 1)); // 11 was dropped: the first output is 7's
            assertNull(f.next(0.2));
        }
    }

    @Test
    void roundingGoesHalfUp() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"range","minin":"0","maxin":"4","minout":"0","maxout":"10","action":"scale","round":true,
                 "property":"payload.v"}""").input("{\"payload\":{\"v\":1}}").input("{\"payload\":{\"v\":3}}")
                .deploy()) {
            assertEquals(3, ((Number) ((Map<?, ?>) f.through(0).get("payload")).get("v")).doubleValue());
            assertEquals(8, ((Number) ((Map<?, ?>) f.through(1).get("payload")).get("v")).doubleValue());
        }
    }

    @Test
    void aReversedInputRangeFlipsTheOutputRange() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"range","minin":"10","maxin":"0","minout":"0","maxout":"100","action":"scale"}""")
                .input("{\"payload\":2}").deploy()) {
            assertEquals(80, out(f, 0));
        }
    }

    @Test
    void nonNumbersAreDroppedAndMissingPropertiesPassOn() throws Exception {
        try (NodeFlow f = range("scale", false, "\"abc\"", "{\"x\":1}")) {
            f.send(0);
            assertNull(f.next(0.3));
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"range","minin":"0","maxin":"10","minout":"0","maxout":"100","property":"payload.v"}""")
                .input("{\"payload\":{\"w\":1}}").deploy()) {
            assertEquals(Map.of("w", 1), f.through(0).get("payload"));
        }
    }
}
