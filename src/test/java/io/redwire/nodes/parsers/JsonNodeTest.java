package io.redwire.nodes.parsers;

import io.redwire.api.DebugEvent;
import io.redwire.msg.JsonParse;
import io.redwire.testing.NodeFlow;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class JsonNodeTest {
    @Test
    void convertsBothWaysByDefault() throws Exception {
        try (NodeFlow f = NodeFlow.of("{\"type\":\"json\",\"property\":\"payload\",\"action\":\"\"}")
                .input("{\"payload\":\"{\\\"a\\\":1,\\\"b\\\":[true,null]}\"}")
                .input("{\"payload\":{\"a\":1,\"b\":[1.5,\"x\"]}}")
                .input("{\"payload\":true}").input("{\"payload\":\"42\"}").input("{\"topic\":\"no payload\"}")
                .inputProps("[{\"p\":\"payload\",\"v\":\"\\\"{\\\\\\\"k\\\\\\\":2}\\\"\",\"vt\":\"bin\"}]")
                .deploy()) {
            assertEquals(Map.of("a", 1, "b", java.util.Arrays.asList(true, null)), f.through(0).get("payload"));
            assertEquals("{\"a\":1,\"b\":[1.5,\"x\"]}", f.through(1).get("payload"));
            assertEquals("true", f.through(2).get("payload"));
            assertEquals(42, f.through(3).get("payload"));
            assertEquals("no payload", f.through(4).get("topic"));
            assertEquals(Map.of("k", 2), f.through(5).get("payload")); // a Buffer holding JSON text
        }
    }

    @Test
    void oneWayActionsLeaveTheOtherKindAlone() throws Exception {
        try (NodeFlow f = NodeFlow.of("{\"type\":\"json\",\"action\":\"str\"}")
                .input("{\"payload\":\"{\\\"a\\\": 2}\"}").deploy()) {
            assertEquals("{\"a\": 2}", f.through(0).get("payload"));
        }
        try (NodeFlow f = NodeFlow.of("{\"type\":\"json\",\"action\":\"obj\"}")
                .input("{\"payload\":{\"a\":2}}").deploy()) {
            assertEquals(Map.of("a", 2), f.through(0).get("payload"));
        }
    }

    @Test
    void prettyIndentsWithFourSpacesLikeJsonStringify() throws Exception {
        try (NodeFlow f = NodeFlow.of("{\"type\":\"json\",\"pretty\":true}")
                .input("{\"payload\":{\"a\":1,\"b\":[1,{}],\"c\":[]}}").deploy()) {
            assertEquals("{\n    \"a\": 1,\n    \"b\": [\n        1,\n        {}\n    ],\n    \"c\": []\n}",
                    f.through(0).get("payload"));
        }
    }

    @Test
    void parseErrorsCarryV8sMessageAndKeepTheText() throws Exception {
        try (NodeFlow f = NodeFlow.of("{\"type\":\"json\"}").catchErrors()
                .input("{\"payload\":\"{not json\"}").input("{\"payload\":\"[1,\\n2 3]\"}").deploy()) {
            f.send(0);
            DebugEvent e = f.next(5);
            assertEquals(-1, NodeFlow.port(e));
            assertEquals("{not json", NodeFlow.msg(e).get("payload"));
            assertEquals("Expected property name or '}' in JSON at position 1 (line 1 column 2)",
                    ((Map<?, ?>) NodeFlow.msg(e).get("error")).get("message"));
            f.send(1);
            assertEquals("Expected ',' or ']' after array element in JSON at position 6 (line 2 column 3)",
                    ((Map<?, ?>) NodeFlow.msg(f.next(5)).get("error")).get("message"));
            assertNull(f.next(0.2));
        }
    }

    /** Messages recorded from V8's JSON.parse (Node 20) plus the "(line column)" suffix Node 22 adds. */
    @Test
    void v8MessagesForCommonMistakes() {
        List<String[]> table = List.of(
                new String[]{"", "Unexpected end of JSON input"},
                new String[]{"[1,", "Unexpected end of JSON input"},
                new String[]{"tru", "Unexpected end of JSON input"},
                new String[]{"[1,]", "Unexpected token ']', \"[1,]\" is not valid JSON"},
                new String[]{"{\"a\":1,}", "Expected double-quoted property name in JSON at position 7 (line 1 column 8)"},
                new String[]{"{\"a\" 1}", "Expected ':' after property name in JSON at position 5 (line 1 column 6)"},
                new String[]{"{\"a\":1", "Expected ',' or '}' after property value in JSON at position 6 (line 1 column 7)"},
                new String[]{"\"abc", "Unterminated string in JSON at position 4 (line 1 column 5)"},
                new String[]{"\"a\\qb\"", "Bad escaped character in JSON at position 3 (line 1 column 4)"},
                new String[]{"\"\\u12\"", "Bad Unicode escape in JSON at position 5 (line 1 column 6)"},
                new String[]{"\"a\tb\"", "Bad control character in string literal in JSON at position 2 (line 1 column 3)"},
                new String[]{"-", "No number after minus sign in JSON at position 1 (line 1 column 2)"},
                new String[]{"1.", "Unterminated fractional number in JSON at position 2 (line 1 column 3)"},
                new String[]{"1e+", "Exponent part is missing a number in JSON at position 3 (line 1 column 4)"},
                new String[]{"01", "Unexpected number in JSON at position 1 (line 1 column 2)"},
                new String[]{"true x", "Unexpected non-whitespace character after JSON at position 5 (line 1 column 6)"},
                new String[]{"[object Object]", "\"[object Object]\" is not valid JSON"},
                new String[]{"NaN", "\"NaN\" is not valid JSON"},
                new String[]{"xxxxxxxxxxxxxxxxxxxxx", "Unexpected token 'x', \"xxxxxxxxxx\"... is not valid JSON"},
                new String[]{"[1,2,3,4,5,6,7,8,9,10,x,1,2,3,4,5,6,7]",
                        "Unexpected token 'x', ...\",7,8,9,10,x,1,2,3,4,\"... is not valid JSON"},
                new String[]{"[1,2,3,4,5,6,7,8,9,10,11,x]", "Unexpected token 'x', ...\"8,9,10,11,x]\" is not valid JSON"},
                new String[]{"{\r\n\"a\"\r\n1}", "Expected ':' after property name in JSON at position 8 (line 3 column 1)"});
        for (String[] row : table) {
            assertEquals(row[1], JsonParse.v8Message(row[0]), "JSON.parse(" + row[0] + ")");
        }
        assertNull(JsonParse.v8Message(" {\"a\":[1,-2.5e3,true,null,\"\\u00e9\"]} "));
    }
}
