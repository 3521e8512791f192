package io.redwire.nodes.flowcontrol;

import io.redwire.api.DebugEvent;
import io.redwire.msg.FlowException;
import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.redwire.testing.MapAsserts.assertEntries;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangeNodeTest {
    private static String rules(String rulesJson) {
        return "{\"type\":\"change\",\"rules\":" + rulesJson + "}";
    }

    @Test
    void setJsonConstantGivesEveryMessageItsOwnCopy() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"payload","pt":"msg","to":"{\\"list\\":[1,2]}","tot":"json"},
                 {"t":"set","p":"counter","pt":"msg","to":"0","tot":"num"}]"""))
                .input("{\"payload\":1}").input("{\"payload\":2}").deploy()) {
            Map<String, Object> a = f.through(0);
            Map<String, Object> b = f.through(1);
            assertEquals(Map.of("list", List.of(1, 2)), a.get("payload"));
            assertEquals(0.0, ((Number) a.get("counter")).doubleValue());
            assertEquals(a.get("payload"), b.get("payload"));
            assertNotSame(a.get("payload"), b.get("payload"));
        }
    }

    @Test
    void changeReplacesAllOccurrencesWithJavaScriptReplacementPatterns() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"change","p":"payload.s","pt":"msg","from":"hello","fromt":"str","to":"bye","tot":"str"},
                 {"t":"change","p":"payload.d","pt":"msg","from":"(\\\\d+)-(\\\\d+)","fromt":"re","to":"$2/$1 [$&] $$","tot":"str"},
                 {"t":"change","p":"payload.dots","pt":"msg","from":".","fromt":"str","to":"$&$&","tot":"str"}]"""))
                .input("{\"payload\":{\"s\":\"hello world hello\",\"d\":\"a 12-34 b 5-6\",\"dots\":\"a.b\"}}")
                .deploy()) {
            assertEntries(Map.of("s", "bye world bye", "d", "a 34/12 [12-34] $ b 6/5 [5-6] $", "dots", "a..b"),
                    (Map<?, ?>) f.through(0).get("payload"));
        }
    }

    @Test
    void aWholeStringMatchTakesTheTypedValueAndBooleanTextBecomesBoolean() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"change","p":"payload.a","pt":"msg","from":"5","fromt":"str","to":"{\\"x\\":1}","tot":"json"},
                 {"t":"change","p":"payload.b","pt":"msg","from":"yes","fromt":"str","to":"true","tot":"bool"},
                 {"t":"change","p":"payload.c","pt":"msg","from":"5","fromt":"num","to":"five","tot":"str"},
                 {"t":"change","p":"payload.d","pt":"msg","from":"5","fromt":"str","to":"five","tot":"str"},
                 {"t":"change","p":"payload.e","pt":"msg","from":"true","fromt":"bool","to":"1","tot":"num"}]"""))
                .input("{\"payload\":{\"a\":\"5\",\"b\":\"yes\",\"c\":5,\"d\":5,\"e\":true}}").deploy()) {
            Map<?, ?> p = (Map<?, ?>) f.through(0).get("payload");
            assertEquals(Map.of("x", 1), p.get("a"));
            assertEquals(true, p.get("b"));
            assertEquals("five", p.get("c"));
            assertEquals(5, p.get("d")); // a str from-value never matches a number
            assertEquals(1.0, ((Number) p.get("e")).doubleValue());
        }
    }

    @Test
    void moveIntoAChildOfItselfAndAcrossProperties() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"move","p":"payload","pt":"msg","to":"payload.inner","tot":"msg"},
                 {"t":"move","p":"topic","pt":"msg","to":"payload.topic","tot":"msg"},
                 {"t":"move","p":"nothing","pt":"msg","to":"gone","tot":"msg"}]"""))
                .input("{\"payload\":{\"k\":1},\"topic\":\"t\",\"gone\":\"x\"}").deploy()) {
            Map<String, Object> msg = f.through(0);
            assertEquals(Map.of("inner", Map.of("k", 1), "topic", "t"), msg.get("payload"));
            assertFalse(msg.containsKey("topic"));
            assertFalse(msg.containsKey("_temp_move"));
            assertFalse(msg.containsKey("gone")); // moving a missing property deletes the target, as in Node-RED
        }
    }

    @Test
    void settingUnderAPrimitiveWarnsAndTheNextRuleStillRuns() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"payload.a","pt":"msg","to":"1","tot":"str"},
                 {"t":"set","p":"topic","pt":"msg","to":"t","tot":"str"}]"""))
                .input("{\"payload\":\"text\"}").deploy()) {
            Map<String, Object> msg = f.through(0);
            assertEquals("text", msg.get("payload"));
            assertEquals("t", msg.get("topic"));
            assertEquals("Cannot set property of non-object type: payload.a", f.nextWarning(5));
        }
    }

    @Test
    void aJsonataErrorDropsTheMessageAndIsCaught() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"payload","pt":"msg","to":"$number(\\"abc\\")","tot":"jsonata"}]"""))
                .input("{\"payload\":1}").catchErrors().deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals(-1, NodeFlow.port(e), "only the catch node should see the msg");
            Map<?, ?> error = (Map<?, ?>) NodeFlow.msg(e).get("error");
            assertEquals("Invalid JSONata expression: Unable to cast value to a number: \"abc\"", error.get("message"));
            assertNull(f.next(0.3));
        }
    }

    @Test
    void jsonataSeesTheMessageAndContextHelpers() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"cfg","pt":"flow","to":"{\\"k\\":\\"v\\"}","tot":"json"},
                 {"t":"set","p":"payload.sum","pt":"msg","to":"$sum(payload.items)","tot":"jsonata"},
                 {"t":"set","p":"payload.k","pt":"msg","to":"$flowContext(\\"cfg\\").k","tot":"jsonata"},
                 {"t":"set","p":"payload.none","pt":"msg","to":"payload.missing","tot":"jsonata"},
                 {"t":"set","p":"payload.when","pt":"msg","to":"","tot":"date"},
                 {"t":"set","p":"payload.whenType","pt":"msg","to":"$type(payload.when)","tot":"jsonata"}]"""))
                .input("{\"payload\":{\"items\":[1,2,3.5]}}").deploy()) {
            Map<?, ?> p = (Map<?, ?>) f.through(0).get("payload");
            assertEquals(6.5, ((Number) p.get("sum")).doubleValue());
            assertEquals("v", p.get("k"));
            assertFalse(p.containsKey("none"));
            assertEquals("number", p.get("whenType"));
        }
    }

    @Test
    void envIsReadAtDeployIncludingNodeBuiltins() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"change","name":"setter","rules":[
                 {"t":"set","p":"payload.greet","pt":"msg","to":"GREETING","tot":"env"},
                 {"t":"set","p":"payload.id","pt":"msg","to":"NR_NODE_ID","tot":"env"},
                 {"t":"set","p":"payload.tpl","pt":"msg","to":"${NR_NODE_NAME}/${GREETING}/${NOPE}","tot":"env"},
                 {"t":"set","p":"payload.unset","pt":"msg","to":"SURELY_UNSET_VARIABLE_X","tot":"env"}]}""")
                .input("{\"payload\":{}}").deploy()) {
            assertEntries(Map.of("greet", "hello from tab", "id", "n", "tpl", "setter/hello from tab/", "unset", ""),
                    (Map<?, ?>) f.through(0).get("payload"));
        }
    }

    @Test
    void contextRulesSetChangeAndDelete() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"word","pt":"flow","to":"hello there","tot":"str"},
                 {"t":"change","p":"word","pt":"flow","from":"there","fromt":"str","to":"world","tot":"str"},
                 {"t":"set","p":"g[msg.topic]","pt":"global","to":"payload","tot":"msg"},
                 {"t":"set","p":"payload","pt":"msg","to":"word","tot":"flow"},
                 {"t":"set","p":"fromGlobal","pt":"msg","to":"g.k","tot":"global"},
                 {"t":"delete","p":"word","pt":"flow"},
                 {"t":"set","p":"afterDelete","pt":"msg","to":"word","tot":"flow"}]"""))
                .input("{\"payload\":7,\"topic\":\"k\"}").deploy()) {
            Map<String, Object> msg = f.through(0);
            assertEquals("hello world", msg.get("payload"));
            assertEquals(7, msg.get("fromGlobal"));
            assertFalse(msg.containsKey("afterDelete"));
        }
    }

    @Test
    void msgValuesAreSharedUnlessDeepCloned() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"shared","pt":"msg","to":"payload","tot":"msg"},
                 {"t":"set","p":"copy","pt":"msg","to":"payload","tot":"msg","dc":true}]"""))
                .input("{\"payload\":{\"x\":1}}").deploy()) {
            Map<String, Object> msg = f.through(0);
            assertSame(msg.get("payload"), msg.get("shared"));
            assertNotSame(msg.get("payload"), msg.get("copy"));
            assertEquals(msg.get("payload"), msg.get("copy"));
        }
    }

    @Test
    void aMissingSourceParentSkipsOnlyThatRule() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"set","p":"payload","pt":"msg","to":"nope.deeper","tot":"msg"},
                 {"t":"change","p":"nope.deeper","pt":"msg","from":"a","fromt":"str","to":"b","tot":"str"},
                 {"t":"set","p":"topic","pt":"msg","to":"ran","tot":"str"}]"""))
                .input("{\"payload\":\"kept\"}").deploy()) {
            Map<String, Object> msg = f.through(0);
            assertEquals("kept", msg.get("payload"));
            assertEquals("ran", msg.get("topic"));
        }
    }

    @Test
    void aFromValueOfUnsupportedTypeIsAnError() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"change","p":"payload","pt":"msg","from":"missing","fromt":"msg","to":"x","tot":"str"}]"""))
                .input("{\"payload\":\"abc\"}").catchErrors().deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals(-1, NodeFlow.port(e));
            assertEquals("Error: Invalid 'from' property: unsupported type: undefined",
                    ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
        }
    }

    @Test
    void aFromValueReadFromTheMessageIsTypedByWhatItIs() throws Exception {
        try (NodeFlow f = NodeFlow.of(rules("""
                [{"t":"change","p":"payload.s","pt":"msg","from":"needle","fromt":"msg","to":"X","tot":"str"},
                 {"t":"change","p":"payload.n","pt":"msg","from":"num","fromt":"msg","to":"N","tot":"str"}]"""))
                .input("{\"payload\":{\"s\":\"axa.b a.\",\"n\":3},\"needle\":\"a.\",\"num\":3}").deploy()) {
            Map<?, ?> p = (Map<?, ?>) f.through(0).get("payload");
            assertEquals("axXb X", p.get("s")); // every literal "a." (the dot is not a regex)
            assertEquals("N", p.get("n"));
        }
    }

    @Test
    void legacySingleRuleFieldsStillWork() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"change","action":"replace","property":"payload","to":"msg.topic"}""")
                .input("{\"payload\":1,\"topic\":\"from topic\"}").deploy()) {
            assertEquals("from topic", f.through(0).get("payload"));
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"change","action":"change","property":"payload","from":"o+","to":"0","reg":true}""")
                .input("{\"payload\":\"foo boo\"}").deploy()) {
            assertEquals("f0 b0", f.through(0).get("payload"));
        }
    }

    @Test
    void badConfigurationIsRefusedAtDeployNamingTheNode() {
        FlowException e = assertThrows(FlowException.class, () -> NodeFlow.of(rules("""
                [{"t":"set","p":"payload","pt":"msg","to":"{nope","tot":"json"}]""")).deploy().close());
        assertTrue(e.getMessage().contains("node n (change)"), e.getMessage());
        FlowException e2 = assertThrows(FlowException.class, () -> NodeFlow.of(rules("""
                [{"t":"set","p":"payload","pt":"msg","to":"1 +","tot":"jsonata"}]""")).deploy().close());
        assertTrue(e2.getMessage().contains("Invalid JSONata expression"), e2.getMessage());
    }
}
