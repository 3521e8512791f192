package io.redwire.admin;

import io.redwire.api.DebugEvent;
import io.redwire.js.Undefined;
import io.redwire.msg.ErrorValue;
import io.redwire.msg.Json;
import io.redwire.msg.SharedRef;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DebugEncoderTest {
    private final DebugEncoder encoder = new DebugEncoder(1000, id -> "function");

    private Map<String, Object> encode(Object value) {
        return encoder.encode(new DebugEvent("d1", "t1", "dbg", "t1", "greeting", "payload", value, null));
    }

    @Test
    void aDebugNodeMessageHasNodeRedsKeysInOrder() {
        Map<String, Object> m = encode("hi");
        assertEquals(List.of("id", "z", "path", "name", "topic", "property", "msg", "format"),
                new ArrayList<>(m.keySet()));
        assertEquals("hi", m.get("msg"));
        assertEquals("string[2]", m.get("format"));
        assertEquals("greeting", m.get("topic"));
        Map<String, Object> whole = encoder.encode(new DebugEvent("d1", "t1", "", "t1", null, null, Map.of(), null));
        assertFalse(whole.containsKey("property"), "whole-msg output has no property");
        assertFalse(whole.containsKey("topic"), "an absent msg.topic is left out like JSON.stringify does");
    }

    @Test
    void scalarsAreStringsWithTheirFormat() {
        assertEquals(List.of("42", "number"), msgAndFormat(encode(42)));
        assertEquals(List.of("1.5", "number"), msgAndFormat(encode(1.5)));
        assertEquals(List.of("3", "number"), msgAndFormat(encode(3.0)));
        assertEquals(List.of("NaN", "number"), msgAndFormat(encode(Double.NaN)));
        assertEquals(List.of("true", "boolean"), msgAndFormat(encode(true)));
        assertEquals(List.of("(undefined)", "null"), msgAndFormat(encode(null)));
        assertEquals(List.of("(undefined)", "undefined"), msgAndFormat(encode(Undefined.VALUE)));
        assertEquals(List.of("00ff10", "buffer[3]"), msgAndFormat(encode(new byte[]{0, (byte) 255, 16})));
    }

    @Test
    void longStringsAreCutAtTheMaximumWithAnEllipsis() {
        String big = "x".repeat(1500);
        Map<String, Object> m = encode(big);
        assertEquals("string[1500]", m.get("format"));
        assertEquals("x".repeat(1000) + "...", m.get("msg"));
    }

    @Test
    void objectsAndArraysBecomeCompactJsonWithMarkersForWhatJsonCannotHold() throws Exception {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("a", 1);
        value.put("s", "y".repeat(1200));
        value.put("buf", new byte[]{1, 2});
        value.put("nan", Double.NaN);
        value.put("gone", Undefined.VALUE);
        value.put("res", new SharedRef() { });
        value.put("_req", "anything");
        Map<String, Object> m = encode(value);
        assertEquals("Object", m.get("format"));
        @SuppressWarnings("unchecked")
        Map<String, Object> back = (Map<String, Object>) Json.parse((String) m.get("msg"));
        assertEquals(1, back.get("a"));
        assertEquals("y".repeat(1000) + "...", back.get("s"));
        assertEquals(Map.of("type", "Buffer", "data", List.of(1, 2), "__enc__", true, "length", 2), back.get("buf"));
        assertEquals(Map.of("__enc__", true, "type", "number", "data", "NaN"), back.get("nan"));
        assertEquals(Map.of("__enc__", true, "type", "undefined"), back.get("gone"));
        assertEquals(Map.of("__enc__", true, "type", "internal"), back.get("res"));
        assertEquals(Map.of("__enc__", true, "type", "internal"), back.get("_req"));
        assertTrue(((String) m.get("msg")).startsWith("{\"a\":1,"), "compact, in key order");

        Map<String, Object> arr = encode(List.of(1, "two"));
        assertEquals(List.of("[1,\"two\"]", "array[2]"), msgAndFormat(arr));
        List<Integer> big = new ArrayList<>();
        for (int i = 0; i < 1005; i++) {
            big.add(i);
        }
        Map<String, Object> cut = encode(big);
        assertEquals("array[1005]", cut.get("format"));
        @SuppressWarnings("unchecked")
        Map<String, Object> enc = (Map<String, Object>) Json.parse((String) cut.get("msg"));
        assertEquals("array", enc.get("type"));
        assertEquals(1005, enc.get("length"));
        assertEquals(1000, ((List<?>) enc.get("data")).size());
    }

    @Test
    void logEntriesCarryLevelTypeAndTimestamp() {
        Map<String, Object> m = encoder.encode(new DebugEvent("f1", "t1", "F", "t1", null, null, "boom", 20));
        assertEquals(List.of("level", "id", "type", "msg", "z", "name", "path", "timestamp", "format"),
                new ArrayList<>(m.keySet()));
        assertEquals(20, m.get("level"));
        assertEquals("function", m.get("type"));
        assertEquals("string[4]", m.get("format"));
    }

    /** node -e 'require("@node-red/util").util.encodeObject(...)' on Node-RED 5.0.7 gave the expected texts. */
    @Test
    void anErrorObjectIsShownAsAnEncodedError() {
        Map<String, Object> assigned = new LinkedHashMap<>();
        assigned.put("name", "MyErr");
        assigned.put("code", "E1");
        ErrorValue custom = new ErrorValue("MyErr", "c", "E1", "why", "MyErr: c\n    at somewhere", assigned);
        assertEquals(List.of("{\"__enc__\":true,\"type\":\"error\",\"data\":{\"name\":\"MyErr\",\"message\":\"c\","
                + "\"code\":\"E1\",\"cause\":\"why\",\"stack\":\"MyErr: c\\n    at somewhere\"}}", "error"),
                msgAndFormat(encode(custom)));
        ErrorValue inner = new ErrorValue("TypeError", "inner", null, null, "TypeError: inner\n    at x", Map.of());
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("a", 1);
        nested.put("e", inner);
        nested.put("long", "y".repeat(5));
        DebugEncoder short3 = new DebugEncoder(3, id -> null);
        assertEquals("{\"a\":1,\"e\":{\"__enc__\":true,\"type\":\"err...\",\"data\":{\"name\":\"Typ...\","
                + "\"message\":\"inn...\",\"stack\":\"Typ...\"}},\"long\":\"yyy...\"}", short3.encodeValue(nested).get("msg"));
        assertEquals("{\"__enc__\":true,\"type\":\"error\",\"data\":{\"name\":\"TypeError\",\"message\":\"inner\","
                + "\"stack\":\"TypeError: inner\\n    at x\"}}", short3.encodeValue(inner).get("msg"), "a top-level one is not cut");
        assertEquals("{\"name\":\"MyErr\",\"code\":\"E1\"}", Json.stringify(custom),
                "JSON.stringify writes the own enumerable properties only");
        assertEquals("{}", Json.stringify(inner));
    }

    @Test
    void aLogEntryOfANodeWithoutANameHasNoName() {
        Map<String, Object> m = encoder.encode(new DebugEvent("l1", "t1", null, "t1", null, null, "timeout", 20));
        assertEquals(List.of("level", "id", "type", "msg", "z", "path", "timestamp", "format"),
                new ArrayList<>(m.keySet()));
    }

    private static List<Object> msgAndFormat(Map<String, Object> m) {
        return List.of(m.get("msg"), m.get("format"));
    }
}
