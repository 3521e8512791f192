package io.redwire.nodes.flowcontrol;

import io.redwire.api.DebugEvent;
import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwitchNodeTest {
    /** Every debug event of one input (the outputs fire together; a quiet gap ends the collection). */
    private static List<DebugEvent> outputs(NodeFlow f, int input) throws Exception {
        f.send(input);
        List<DebugEvent> out = new ArrayList<>();
        DebugEvent e = f.next(5);
        while (e != null) {
            out.add(e);
            e = f.next(0.2);
        }
        return out;
    }

    private static TreeSet<Integer> ports(List<DebugEvent> events) {
        TreeSet<Integer> ports = new TreeSet<>();
        events.forEach(e -> ports.add(NodeFlow.port(e)));
        return ports;
    }

    private static TreeSet<Integer> set(Integer... ports) {
        return new TreeSet<>(List.of(ports));
    }

    /** Input k, sent in order, reached exactly the output ports {@code expected[k]}. */
    @SafeVarargs
    private static void assertRoutes(NodeFlow f, TreeSet<Integer>... expected) throws Exception {
        for (int k = 0; k < expected.length; k++) {
            assertEquals(expected[k], ports(outputs(f, k)), "input " + k);
        }
    }

    @Test
    void looseComparisonsMatchNodeRedsVerifiedTable() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","propertyType":"msg","checkall":"true","outputs":7,"rules":[
                 {"t":"lt","v":"1000","vt":"str"},{"t":"gt","v":"1000","vt":"str"},{"t":"eq","v":"5","vt":"str"},
                 {"t":"eq","v":"5","vt":"num"},{"t":"lt","v":"1000","vt":"num"},{"t":"cont","v":"5","vt":"str"},
                 {"t":"else"}]}""").outputs(7)
                .input("{\"payload\":5}").input("{\"payload\":\"5\"}").input("{\"payload\":\"50\"}")
                .input("{\"payload\":\"abc\"}").input("{\"payload\":true}").deploy()) {
            // input 4: true < "1000" and true < 1000 (true is 1)
            assertRoutes(f, set(0, 2, 3, 4, 5), set(1, 2, 3, 4, 5), set(1, 4, 5), set(1), set(0, 4));
        }
    }

    @Test
    void theSameMessageGoesOutOnEveryMatchingPortAsACloneAfterTheFirst() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload.v","checkall":"true","outputs":2,"rules":[
                 {"t":"gt","v":"1","vt":"num"},{"t":"btwn","v":"10","vt":"num","v2":"1","v2t":"num"}]}""")
                .outputs(2).input("{\"payload\":{\"v\":5}}").deploy()) {
            List<DebugEvent> events = outputs(f, 0);
            assertEquals(2, events.size());
            Map<String, Object> a = NodeFlow.msg(events.get(0));
            Map<String, Object> b = NodeFlow.msg(events.get(1));
            assertNotSame(a, b);
            assertEquals(a.get("_msgid"), b.get("_msgid"));
        }
    }

    @Test
    void checkallFalseStopsAtTheFirstMatchAndElseMeansNothingSinceTheLastElse() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","checkall":"false","outputs":3,"rules":[
                 {"t":"gt","v":"0","vt":"num"},{"t":"gt","v":"10","vt":"num"},{"t":"else"}]}""")
                .outputs(3).input("{\"payload\":50}").input("{\"payload\":-1}").deploy()) {
            assertRoutes(f, set(0), set(2));
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","checkall":"true","outputs":4,"rules":[
                 {"t":"eq","v":"a","vt":"str"},{"t":"else"},{"t":"eq","v":"b","vt":"str"},{"t":"else"}]}""")
                .outputs(4).input("{\"payload\":\"b\"}").input("{\"payload\":\"a\"}").deploy()) {
            assertRoutes(f, set(1, 2), set(0, 3));
        }
    }

    @Test
    void typeAndShapeRules() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","checkall":"true","outputs":8,"rules":[
                 {"t":"istype","v":"json","vt":"json"},{"t":"istype","v":"object","vt":"object"},
                 {"t":"hask","v":"k","vt":"str"},{"t":"empty"},{"t":"nempty"},{"t":"null"},
                 {"t":"regex","v":"^A.C$","vt":"str","case":true},{"t":"true"}]}""").outputs(8)
                .input("{\"payload\":{\"k\":null}}").input("{\"payload\":\"abc\"}").input("{\"payload\":[]}")
                .input("{\"payload\":null}").input("{\"payload\":true}").input("{\"payload\":\"5\"}").deploy()) {
            assertRoutes(f, set(1, 2, 4), set(4, 6), set(3), set(0, 5), set(0, 7), set(0, 4));
        }
    }

    @Test
    void previousValueEnvAndJsonataValues() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload.v","checkall":"true","outputs":3,"rules":[
                 {"t":"eq","v":"","vt":"prev"},{"t":"eq","v":"GREETING","vt":"env"},
                 {"t":"eq","v":"payload.other & \\"!\\"","vt":"jsonata"}]}""").outputs(3)
                .input("{\"payload\":{\"v\":\"hello from tab\",\"other\":\"x\"}}")
                .input("{\"payload\":{\"v\":\"hello from tab\",\"other\":\"hello from tab\"}}")
                .input("{\"payload\":{\"v\":\"y!\",\"other\":\"y\"}}").deploy()) {
            assertRoutes(f, set(1), set(0, 1), set(2));
        }
    }

    @Test
    void aJsonataPropertyIsEvaluatedPerMessage() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload.a + payload.b","propertyType":"jsonata","outputs":2,
                 "rules":[{"t":"eq","v":"3","vt":"num"},{"t":"else"}]}""").outputs(2)
                .input("{\"payload\":{\"a\":1,\"b\":2}}").input("{\"payload\":{\"a\":1,\"b\":5}}").deploy()) {
            assertRoutes(f, set(0), set(1));
        }
    }

    @Test
    void ruleErrorsAreCaughtAndNothingIsSent() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","outputs":1,"rules":[{"t":"regex","v":"(","vt":"str"}]}""")
                .input("{\"payload\":\"x\"}").catchErrors().deploy()) {
            List<DebugEvent> events = outputs(f, 0);
            assertEquals(set(-1), ports(events));
            String message = String.valueOf(((Map<?, ?>) NodeFlow.msg(events.get(0)).get("error")).get("message"));
            assertTrue(message.startsWith("SyntaxError: Invalid regular expression: /(/"), message);
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","outputs":1,"rules":[{"t":"head","v":"2","vt":"num"}]}""")
                .input("{\"payload\":\"x\"}").catchErrors().deploy()) {
            List<DebugEvent> events = outputs(f, 0);
            assertEquals("TypeError: Cannot read properties of undefined (reading 'index')",
                    ((Map<?, ?>) NodeFlow.msg(events.get(0)).get("error")).get("message"));
        }
    }

    @Test
    void tailWaitsForTheWholeSequenceAndJsonataSeesItsPosition() throws Exception {
        NodeFlow flow = NodeFlow.of("""
                {"type":"switch","property":"payload","checkall":"true","outputs":2,"rules":[
                 {"t":"tail","v":"2","vt":"num"},{"t":"jsonata_exp","v":"$I = 0 and $N = 3","vt":"jsonata"}]}""")
                .outputs(2);
        for (int i = 0; i < 3; i++) {
            flow.input("{\"payload\":" + i + ",\"parts\":{\"id\":\"s1\",\"index\":" + i + ",\"count\":3}}");
        }
        try (NodeFlow f = flow.deploy()) {
            f.send(0).send(1);
            assertNull(f.next(0.3), "nothing before the sequence is complete");
            List<DebugEvent> events = outputs(f, 2);
            List<String> seen = new ArrayList<>();
            events.forEach(e -> seen.add(NodeFlow.port(e) + ":" + NodeFlow.msg(e).get("payload")));
            assertEquals(List.of("1:0", "0:1", "0:2"), seen);
        }
    }

    @Test
    void repairRenumbersWhatEachOutputReceives() throws Exception {
        NodeFlow flow = NodeFlow.of("""
                {"type":"switch","property":"payload","checkall":"true","repair":true,"outputs":2,"rules":[
                 {"t":"head","v":"2","vt":"num"},{"t":"else"}]}""").outputs(2);
        for (int i = 0; i < 4; i++) {
            flow.input("{\"payload\":" + i + ",\"parts\":{\"id\":\"s1\",\"index\":" + i + ",\"count\":4}}");
        }
        try (NodeFlow f = flow.deploy()) {
            f.send(0).send(1).send(2);
            List<DebugEvent> events = outputs(f, 3);
            assertEquals(4, events.size());
            List<Map<?, ?>> first = new ArrayList<>();
            List<Map<?, ?>> second = new ArrayList<>();
            for (DebugEvent e : events) {
                Map<?, ?> parts = (Map<?, ?>) NodeFlow.msg(e).get("parts");
                (NodeFlow.port(e) == 0 ? first : second).add(parts);
            }
            assertEquals(List.of(0, 1), List.of(first.get(0).get("index"), first.get(1).get("index")));
            assertEquals(2, first.get(0).get("count"));
            assertEquals(2, second.get(1).get("count"));
            assertEquals(first.get(0).get("id"), first.get(1).get("id"));
            assertNotEquals("s1", first.get(0).get("id"));
            assertNotEquals(first.get(0).get("id"), second.get(0).get("id"));
        }
    }

    @Test
    void switchNeverCompletes() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"switch","property":"payload","outputs":1,"rules":[{"t":"nnull"}]}""")
                .input("{\"payload\":1}")
                .with("{\"id\":\"done\",\"type\":\"complete\",\"scope\":[\"n\"],\"wires\":[[\"dd\"]]}")
                .with("{\"id\":\"dd\",\"type\":\"debug\",\"complete\":\"true\",\"wires\":[]}").deploy()) {
            List<DebugEvent> events = outputs(f, 0);
            assertEquals(1, events.size());
            assertNotNull(events.get(0));
            assertEquals("d0", events.get(0).id());
        }
    }
}
