package io.redwire.nodes.flowcontrol;

import io.redwire.api.DebugEvent;
import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RbeNodeTest {
    /** Sends inputs 0..n-1 in order and returns the payloads that came through. */
    private static List<Object> passed(NodeFlow f, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            f.send(i);
        }
        List<Object> out = new ArrayList<>();
        DebugEvent e = f.next(2);
        while (e != null) {
            out.add(NodeFlow.msg(e).get("payload"));
            e = f.next(0.3);
        }
        return out;
    }

    private static NodeFlow rbe(String config, String... msgs) {
        NodeFlow f = NodeFlow.of("{\"type\":\"rbe\"," + config + "}");
        for (String m : msgs) {
            f.input(m);
        }
        return f.deploy();
    }

    @Test
    void blocksUnchangedValuesPerTopicWithStrictTypes() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"rbe\"", "{\"payload\":1}", "{\"payload\":1}", "{\"payload\":\"1\"}",
                "{\"payload\":1,\"topic\":\"b\"}", "{\"payload\":{\"a\":[1]}}", "{\"payload\":{\"a\":[1]}}",
                "{\"payload\":{\"a\":[2]}}")) {
            assertEquals(List.of(1, "1", 1, java.util.Map.of("a", List.of(1)), java.util.Map.of("a", List.of(2))),
                    passed(f, 7));
        }
    }

    @Test
    void withoutSeparateTopicsAllMessagesShareOneValue() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"rbe\",\"septopics\":false", "{\"payload\":1,\"topic\":\"a\"}",
                "{\"payload\":1,\"topic\":\"b\"}")) {
            assertEquals(List.of(1), passed(f, 2));
        }
    }

    @Test
    void rbeiIgnoresTheFirstValueAndResetStartsOver() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"rbei\"", "{\"payload\":\"a\"}", "{\"payload\":\"b\"}",
                "{\"payload\":\"b\",\"reset\":true}", "{\"payload\":\"c\"}")) {
            assertEquals(List.of("b", "c"), passed(f, 4));
        }
    }

    @Test
    void deadbandPassesOnlyBigEnoughChanges() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"deadband\",\"gap\":\"5\"", "{\"payload\":10}", "{\"payload\":12}",
                "{\"payload\":16}", "{\"payload\":\"18 units\"}", "{\"payload\":30}")) {
            assertEquals(List.of(10, 16, 30), passed(f, 5));
        }
        try (NodeFlow f = rbe("\"func\":\"deadbandEq\",\"gap\":\"10%\"", "{\"payload\":100}",
                "{\"payload\":105}", "{\"payload\":110}")) {
            assertEquals(List.of(100, 110), passed(f, 3));
        }
    }

    @Test
    void narrowbandPassesOnlySmallChangesFromTheStartValue() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"narrowband\",\"gap\":\"5\",\"start\":\"50\"", "{\"payload\":80}",
                "{\"payload\":53}", "{\"payload\":58}", "{\"payload\":64}")) {
            assertEquals(List.of(53, 58), passed(f, 4));
        }
    }

    @Test
    void compareWithTheLastInputInsteadOfTheLastOutput() throws Exception {
        try (NodeFlow f = rbe("\"func\":\"deadband\",\"gap\":\"5\",\"inout\":\"in\"", "{\"payload\":10}",
                "{\"payload\":14}", "{\"payload\":18}", "{\"payload\":30}")) {
            assertEquals(List.of(10, 30), passed(f, 4));
        }
    }
}
