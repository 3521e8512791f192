package io.redwire.nodes.flowcontrol;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TemplateNodeTest {
    private static NodeFlow template(String template, String output, String... msgs) {
        NodeFlow f = NodeFlow.of("{\"type\":\"template\",\"field\":\"payload\",\"fieldType\":\"msg\","
                + "\"syntax\":\"mustache\",\"output\":\"" + output + "\",\"template\":" + Json.stringify(template) + "}");
        for (String m : msgs) {
            f.input(m);
        }
        return f;
    }

    private static Object render(String template, String output, String msg) throws Exception {
        try (NodeFlow f = template(template, output, msg).deploy()) {
            return f.through(0).get("payload");
        }
    }

    @Test
    void mustacheEscapesLikeMustacheJs() throws Exception {
        String msg = "{\"payload\":{\"name\":\"<b>Bob</b> & 'x'=`y`\",\"n\":3,\"obj\":{\"a\":1},\"list\":[1,2]}}";
        assertEquals("n=&lt;b&gt;Bob&lt;&#x2F;b&gt; &amp; &#39;x&#39;&#x3D;&#x60;y&#x60; raw=<b>Bob</b> & 'x'=`y` "
                        + "3 [object Object] 1,2 missing=[]",
                render("n={{payload.name}} raw={{{payload.name}}} {{payload.n}} {{payload.obj}} {{payload.list}} "
                        + "missing=[{{payload.nope}}{{nope.deeper}}]", "str", msg));
    }

    @Test
    void sectionsInvertedSectionsAndStandaloneLines() throws Exception {
        String msg = "{\"payload\":{\"items\":[{\"n\":\"a\"},{\"n\":\"b\"}],\"empty\":[],\"flag\":true,\"top\":\"T\","
                + "\"words\":[\"x\",\"y\"]}}";
        String template = """
                <ul>
                  {{#payload.items}}
                  <li>{{n}}/{{payload.top}}</li>
                  {{/payload.items}}
                </ul>
                {{^payload.empty}}none{{/payload.empty}} {{#payload.flag}}yes{{/payload.flag}} \
                {{#payload.words}}{{.}};{{/payload.words}} {{! a comment }}{{=<% %>=}}<% payload.top %>""";
        assertEquals("<ul>\n  <li>a/T</li>\n  <li>b/T</li>\n</ul>\nnone yes x;y; T", render(template, "str", msg));
    }

    @Test
    void contextAndEnvironmentValues() throws Exception {
        try (NodeFlow f = template("flow={{flow.fk}} global={{global.gk.deep}} env={{env.GREETING}} "
                + "missing=[{{flow.nope}}]", "str")
                .with("""
                        {"id":"set","type":"change","rules":[
                         {"t":"set","p":"fk","pt":"flow","to":"flowval","tot":"str"},
                         {"t":"set","p":"gk","pt":"global","to":"{\\"deep\\":\\"globalval\\"}","tot":"json"}],
                         "wires":[["n"]]}""")
                .with("{\"id\":\"go\",\"type\":\"inject\",\"props\":[{\"p\":\"payload\"}],\"payload\":\"\","
                        + "\"payloadType\":\"str\",\"wires\":[[\"set\"]]}")
                .deploy()) {
            f.harness().inject("go"); // go → set (stores the context values) → template
            assertEquals("flow=flowval global=globalval env=hello from tab missing=[]",
                    NodeFlow.msg(f.next(5)).get("payload"));
        }
    }

    @Test
    void jsonOutputEscapesStringValuesThenParses() throws Exception {
        assertEquals(Map.of("s", "line1\nline2\ttab \\ back", "n", 3, "list", List.of(1, 2, 0)),
                render("{\"s\":\"{{{payload.s}}}\",\"n\":{{payload.n}},\"list\":[{{#payload.l}}{{.}},{{/payload.l}}0]}",
                        "json", "{\"payload\":{\"s\":\"line1\\nline2\\ttab \\\\ back\",\"n\":3,\"l\":[1,2]}}"));
    }

    /**
     * Three sections nested over 1000 items would render a billion characters (mustache.js tries, until V8 gives
     * up): the render stops at templateMaxOutput (16 Mi characters by default), with nothing in the sections too.
     */
    @Test
    void nestedSectionsOverLongListsStopAtTheOutputBound() throws Exception {
        String items = "{\"items\":" + Json.stringify(java.util.stream.IntStream.range(0, 1000).boxed().toList()) + "}";
        for (String body : List.of("x", "")) {
            String tpl = "{{#items}}{{#items}}{{#items}}" + body + "{{/items}}{{/items}}{{/items}}";
            try (NodeFlow f = template(tpl, "str", items).catchErrors().deploy()) {
                long t0 = System.nanoTime();
                f.send(0);
                DebugEvent e = f.next(30);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(-1, NodeFlow.port(e), "body '" + body + "'");
                assertEquals("Template output passed 16777216 characters",
                        ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
                assertTrue(ms < 5000, "stopped after " + ms + " ms");
            }
        }
    }

    @Test
    void badJsonOutputIsAnErrorAndTheMessageStaysAsItWas() throws Exception {
        try (NodeFlow f = template("{\"s\":\"{{{payload.s}}}\"}", "json", "{\"payload\":{\"s\":\"a \\\"q\\\"\"}}")
                .catchErrors().deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals(-1, NodeFlow.port(e));
            assertEquals(Map.of("s", "a \"q\""), NodeFlow.msg(e).get("payload"));
            assertEquals("Expected ',' or '}' after property value in JSON at position 9 (line 1 column 10)",
                    ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
        }
    }

    @Test
    void yamlOutputIsParsedWithTheCoreSchema() throws Exception {
        String yaml = """
                name: {{payload.name}}
                list:
                  - 1
                  - two
                  - 2.5
                nested:
                  flag: true
                  none: ~
                  hex: 0x1F
                  quoted: "a\\tb"
                  single: 'it''s'
                  date: 2024-01-31
                  flow: [a, {b: 1}]
                seq:
                - k: v
                  other: x
                - - inner
                text: |
                  line one
                  line two
                folded: >-
                  folded
                  words
                base: &base {x: 1}
                merged:
                  <<: *base
                  y: 2
                """;
        Object out = render(yaml, "yaml", "{\"payload\":{\"name\":\"Ada\"}}");
        Map<?, ?> m = (Map<?, ?>) out;
        assertEquals("Ada", m.get("name"));
        assertEquals(List.of(1, "two", 2.5), m.get("list"));
        Map<?, ?> nested = (Map<?, ?>) m.get("nested");
        assertEquals(true, nested.get("flag"));
        assertTrue(nested.containsKey("none") && nested.get("none") == null);
        assertEquals(31, nested.get("hex"));
        assertEquals("a\tb", nested.get("quoted"));
        assertEquals("it's", nested.get("single"));
        assertInstanceOf(Date.class, nested.get("date"));
        assertEquals(List.of("a", Map.of("b", 1)), nested.get("flow"));
        assertEquals(List.of(Map.of("k", "v", "other", "x"), List.of("inner")), m.get("seq"));
        assertEquals("line one\nline two\n", m.get("text"));
        assertEquals("folded words", m.get("folded"));
        assertEquals(Map.of("x", 1, "y", 2), m.get("merged"));
    }

    @Test
    void plainSyntaxMsgTemplateAndContextTargets() throws Exception {
        try (NodeFlow f = NodeFlow.of("""
                {"type":"template","field":"payload","syntax":"plain","template":"{{payload}} stays","output":"str"}""")
                .input("{\"payload\":1}").deploy()) {
            assertEquals("{{payload}} stays", f.through(0).get("payload"));
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"template","field":"out","fieldType":"msg","syntax":"mustache","template":"","output":"str"}""")
                .input("{\"payload\":\"P\",\"template\":\"from msg: {{payload}}\"}").deploy()) {
            assertEquals("from msg: P", f.through(0).get("out"));
        }
        try (NodeFlow f = NodeFlow.of("""
                {"type":"template","field":"saved","fieldType":"flow","syntax":"mustache","template":"v={{payload}}"}""")
                .input("{\"payload\":\"P\"}")
                .with("{\"id\":\"read\",\"type\":\"inject\",\"props\":[{\"p\":\"payload\",\"v\":\"saved\","
                        + "\"vt\":\"flow\"}],\"wires\":[[\"d0\"]]}").deploy()) {
            assertEquals("P", f.through(0).get("payload")); // the msg itself is unchanged
            f.harness().inject("read");
            assertEquals("v=P", NodeFlow.msg(f.next(5)).get("payload"));
        }
    }

    @Test
    void templateSyntaxErrorsAreReportedPerMessage() throws Exception {
        try (NodeFlow f = template("{{#a}}never closed", "str", "{\"payload\":1}").catchErrors().deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals("Unclosed section \"a\" at 18", ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
        }
    }

    @Test
    void invalidYamlIsAnErrorNamingTheLine() throws Exception {
        try (NodeFlow f = template("list:\n  - a\n bad: x\n", "yaml", "{\"payload\":1}").catchErrors().deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals(-1, NodeFlow.port(e));
            // js-yaml 4's text, checked against the real Node-RED 5.0.7: reason, position, source excerpt
            assertEquals("bad indentation of a mapping entry (3:2)\n\n 1 | list:\n 2 |   - a\n 3 |  bad: x\n------^",
                    ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
        }
        try (NodeFlow f = template("a: [1, 2\nb: 3", "yaml", "{\"payload\":1}").catchErrors().deploy()) {
            f.send(0);
            String message = String.valueOf(((Map<?, ?>) NodeFlow.msg(f.next(5)).get("error")).get("message"));
            assertEquals("missed comma between flow collection entries (2:1)\n\n 1 | a: [1, 2\n 2 | b: 3\n-----^",
                    message);
        }
    }

    @Test
    void yamlOutputWhoseAliasesExpandPastTheLimitIsAnError() throws Exception {
        StringBuilder bomb = new StringBuilder("a: &a [" + String.join(",", Collections.nCopies(9, "lol")) + "]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            bomb.append(c).append(": &").append(c).append(" [")
                    .append(String.join(",", Collections.nCopies(9, "*" + (char) (c - 1)))).append("]\n");
        }
        try (NodeFlow f = template(bomb.toString(), "yaml", "{\"payload\":1}").catchErrors().deploy()) {
            f.send(0);
            assertEquals("Error: YAML aliases expand to more than 100000 values (setting yamlMaxAliasExpansion)",
                    ((Map<?, ?>) NodeFlow.msg(f.next(5)).get("error")).get("message"));
        }
    }

    @Test
    void anEmptyYamlDocumentRemovesTheProperty() throws Exception {
        try (NodeFlow f = template("# only a comment", "yaml", "{\"payload\":1}").deploy()) {
            assertFalse(f.through(0).containsKey("payload"));
        }
    }
}
