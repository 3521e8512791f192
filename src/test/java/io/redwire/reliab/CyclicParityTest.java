package io.redwire.reliab;

import io.redwire.admin.DebugEncoder;
import io.redwire.api.DebugEvent;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A self-referencing msg.payload through each kind of node, answered as Node-RED 5.0.7 answers it. The flows
 * ({@code reliab/cyclic-flows.json}: one tab per route, a function making {@code o.self = o}, the node under test, a
 * function describing what arrived, an http response; a catch node per tab describing msg.error) were run on the
 * real Node-RED 5.0.7 and its answers are the expectations below, byte for byte.
 */
class CyclicParityTest {
    private static final String V8_CIRCLE = "TypeError: Converting circular structure to JSON\n"
            + "    --> starting at object with constructor 'Object'\n    --- property 'self' closes the circle";
    private static Harness harness;

    @BeforeAll
    static void deploy() throws Exception {
        harness = new Harness();
        harness.deploy(Files.readString(Path.of("src/test/resources/reliab/cyclic-flows.json")));
    }

    @AfterAll
    static void close() {
        harness.close();
    }

    @ParameterizedTest(name = "/{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            a      |500|{"message":"TypeError: Converting circular structure to JSON\\n    --> starting at object with constructor 'Object'\\n    --- property 'self' closes the circle","source":{"id":"t1_2","type":"http response","name":"resp","count":1},"stackStartsWithMessage":true,"errorKeys":["message","source","stack"],"hadPriorError":false,"payload":{"cyclic":true,"depth":1,"keys":["self"]}}
            chset  |200|{"same":true,"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            chsetdc|200|{"same":false,"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            chmove |200|{"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            json   |500|{"message":"Failed to convert payload","source":{"id":"t6_2","type":"json","count":1},"stackStartsWithMessage":false,"errorKeys":["message","source"],"hadPriorError":false,"payload":{"cyclic":true,"depth":1,"keys":["self"]}}
            jsonstr|500|{"message":"Failed to convert payload","source":{"id":"t7_2","type":"json","count":1},"stackStartsWithMessage":false,"errorKeys":["message","source"],"hadPriorError":false,"payload":{"cyclic":true,"depth":1,"keys":["self"]}}
            debugp |200|{"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            debugm |200|{"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            split  |200|{"info":{"cyclic":false,"depth":2,"keys":["self"]}}
            link   |200|{"seenInLink":{"cyclic":true,"depth":1,"keys":["self"]},"info":{"cyclic":true,"depth":1,"keys":["self"]}}
            fnfn   |200|{"same":true,"hasA":false}
            two    |200|{"a":{"cyclic":true,"depth":1,"keys":["self"]},"b":{"cyclic":true,"depth":1,"keys":["self"]},"bIsOriginal":false}
            """)
    void eachRouteAnswersAsNodeRed(String route, int status, String body) throws Exception {
        HttpResponse<String> r = harness.get("/" + route);
        assertEquals(Json.parse(body), Json.parse(r.body()), r.body());
        assertEquals(status, r.statusCode());
        assertEquals(200, harness.get("/ok").statusCode());
    }

    /**
     * A payload 1500 objects deep (no cycle): Node-RED copies (lodash, up to about 1 950 levels) and writes (V8, about
     * 4 100) it on every route; so must Redwire, whatever its threads' stack size.
     */
    @ParameterizedTest(name = "/{0}?kind=deep&n=1500")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            chset  |{"same":true,"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            chsetdc|{"same":false,"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            chmove |{"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            debugp |{"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            split  |{"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            link   |{"seenInLink":{"cyclic":false,"depth":1501,"keys":["a"]},"info":{"cyclic":false,"depth":1501,"keys":["a"]}}
            fnfn   |{"same":false,"hasA":true}
            two    |{"a":{"cyclic":false,"depth":1501,"keys":["a"]},"b":{"cyclic":false,"depth":1501,"keys":["a"]},"bIsOriginal":false}
            """)
    void aDeepPayloadGoesEverywhereAsInNodeRed(String route, String body) throws Exception {
        HttpResponse<String> r = harness.get("/" + route + "?kind=deep&n=1500");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(Json.parse(body), Json.parse(r.body()), r.body());
    }

    /** http response and the json node write it: the JSON text Node-RED gives. */
    @Test
    void aDeepPayloadIsWrittenAsJson() throws Exception {
        String json = "{\"a\":".repeat(1500) + "{}" + "}".repeat(1500);
        assertEquals(json, harness.get("/a?kind=deep&n=1500").body());
        Map<?, ?> info = (Map<?, ?>) ((Map<?, ?>) Json.parse(harness.get("/json?kind=deep&n=1500").body())).get("info");
        assertEquals(json.substring(0, 300), info.get("value")); // the describing function shows 300 characters
    }

    /** A copy keeps its own stack: 2000 levels on a 256 kB stack, lodash's RangeError beyond. */
    @Test
    void aDeepCopyNeedsNoStack() throws Exception {
        List<Object> outcomes = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread t = new Thread(null, () -> {
            for (int levels : new int[] {Messages.MAX_DEPTH, Messages.MAX_DEPTH + 1}) {
                try {
                    outcomes.add(Messages.deepCopy(nested(levels)) instanceof Map ? "copied" : "?");
                } catch (Throwable e) {
                    outcomes.add(e.getClass().getSimpleName() + ": " + e.getMessage());
                }
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        assertEquals(List.of("copied", "NodeError: RangeError: Maximum call stack size exceeded"), outcomes);
    }

    private static Map<String, Object> nested(int levels) {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> cur = root;
        for (int i = 0; i < levels; i++) {
            Map<String, Object> next = new LinkedHashMap<>();
            cur.put("a", next);
            cur = next;
        }
        return root;
    }

    /** Node-RED logs a node's error (console and sidebar) only when no catch node took it. */
    @Test
    void aCaughtErrorIsNotLogged() throws Exception {
        List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        harness.server().engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() != null) {
                logged.add(e.id() + ": " + e.value());
            }
        });
        assertEquals(500, harness.get("/a").statusCode());
        assertEquals(500, harness.get("/json").statusCode());
        assertEquals(List.of(), logged);
    }

    /** The catch path answering msg.error.message as text: Node-RED's headers were left untouched by the failure. */
    @Test
    void theCatchPathAnswersV8sTextAsHtml() throws Exception {
        HttpResponse<String> r = harness.get("/atext");
        assertEquals(500, r.statusCode());
        assertEquals(V8_CIRCLE, r.body());
        assertEquals("text/html; charset=utf-8", r.headers().firstValue("content-type").orElse(null));
    }

    /** The debug sidebar's text (Node-RED's encodeObject through json-stringify-safe), for payload and whole msg. */
    @Test
    void theDebugSidebarMarksTheCircleAsNodeRed() throws Exception {
        while (harness.nextDebug(0.2) != null) {
            // events of other tests' requests
        }
        List<DebugEvent> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        harness.server().engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() != null && e.id().endsWith("_dbg")) {
                errors.add(e); // the debug nodes (console on too) must not fail
            }
        });
        DebugEncoder encoder = new DebugEncoder(RuntimeSettings.DEBUG_MAX_LENGTH.read(Settings.defaults()), id -> "debug");
        harness.get("/debugp");
        Map<String, Object> payload = encoder.encode(harness.nextDebug(10));
        assertEquals("{\"self\":\"[Circular ~]\"}", payload.get("msg"));
        assertEquals("Object", payload.get("format"));
        harness.get("/debugm");
        String whole = (String) encoder.encode(harness.nextDebug(10)).get("msg");
        assertTrue(whole.contains("\"payload\":{\"self\":\"[Circular ~.payload]\"}"), whole);
        assertEquals(List.of(), errors.stream().map(e -> e.id() + ": " + e.value()).toList());
    }

    /** Only ancestors are circles; a shared container below another key is written again (json-stringify-safe). */
    @Test
    void onlyAReferenceToAnAncestorIsMarked() {
        Map<String, Object> o = new LinkedHashMap<>();
        Map<String, Object> first = new LinkedHashMap<>();
        List<Object> a = new ArrayList<>(List.of(first));
        o.put("a", a);
        first.put("back", a);
        first.put("me", first);
        first.put("root", o);
        o.put("shared", first);
        // node -e 'require("@node-red/util").util.encodeObject({msg:{payload:o}})' on Node-RED 5.0.7
        assertEquals("{\"payload\":{\"a\":[{\"back\":\"[Circular ~.payload.a]\",\"me\":\"[Circular ~.payload.a.0]\","
                + "\"root\":\"[Circular ~.payload]\"}],\"shared\":{\"back\":[\"[Circular ~.payload.shared]\"],"
                + "\"me\":\"[Circular ~.payload.shared]\",\"root\":\"[Circular ~.payload]\"}}}",
                new DebugEncoder(RuntimeSettings.DEBUG_MAX_LENGTH.read(Settings.defaults()), id -> null).encodeValue(Map.of("payload", o))
                        .get("msg"));
    }

    /** V8's wording for other shapes, as node 22 prints it (the middle of a long path is "..."). */
    @ParameterizedTest
    @CsvSource(delimiter = '#', textBlock = """
            nested5  #Converting circular structure to JSON\\n    --> starting at object with constructor 'Object'\\n    |     property 'y' -> object with constructor 'Object'\\n    |     property 'z' -> object with constructor 'Object'\\n    |     ...\\n    |     property 'v' -> object with constructor 'Object'\\n    --- property 'back' closes the circle
            nested4  #Converting circular structure to JSON\\n    --> starting at object with constructor 'Object'\\n    |     property 'y' -> object with constructor 'Object'\\n    |     property 'z' -> object with constructor 'Object'\\n    |     property 'w' -> object with constructor 'Object'\\n    --- property 'back' closes the circle
            array    #Converting circular structure to JSON\\n    --> starting at object with constructor 'Object'\\n    |     property 'a' -> object with constructor 'Array'\\n    |     index 1 -> object with constructor 'Object'\\n    --- property 'b' closes the circle
            selfList #Converting circular structure to JSON\\n    --> starting at object with constructor 'Array'\\n    --- index 0 closes the circle
            inner    #Converting circular structure to JSON\\n    --> starting at object with constructor 'Object'\\n    --- property 'y' closes the circle
            """)
    void theTypeErrorNamesTheCircleAsV8Does(String shape, String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.stringify(shape(shape)));
        assertInstanceOf(Json.CircularStructure.class, e);
        assertEquals(text.replace("\\n", "\n"), e.getMessage());
    }

    /** The launcher's 512 kB thread stacks end Jackson's walk round a cycle before its nesting limit does. */
    @Test
    void aSmallStackStillGivesTheTypeErrorNotAStackOverflow() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                Json.bytes(shape("self"));
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        assertInstanceOf(Json.CircularStructure.class, thrown.get());
        assertEquals(V8_CIRCLE.substring("TypeError: ".length()), thrown.get().getMessage());
    }

    /** Deeper than the serialiser goes: V8's RangeError text, not a stack overflow. */
    @Test
    void aValueTooDeepToWriteIsV8sRangeError() {
        List<Object> deep = new ArrayList<>();
        List<Object> cur = deep;
        for (int i = 0; i < 100_000; i++) {
            List<Object> next = new ArrayList<>();
            cur.add(next);
            cur = next;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.stringify(deep));
        assertEquals("RangeError: Maximum call stack size exceeded", io.redwire.msg.NodeError.textOf(e));
    }

    private static Object shape(String name) {
        Map<String, Object> o = new LinkedHashMap<>();
        switch (name) {
            case "self" -> o.put("self", o);
            case "nested5", "nested4" -> {
                Map<String, Object> x = o;
                for (String k : (name.equals("nested5") ? "x y z w v" : "x y z w").split(" ")) {
                    Map<String, Object> n = new LinkedHashMap<>();
                    x.put(k, n);
                    x = n;
                }
                x.put("back", o.get("x"));
            }
            case "array" -> {
                Map<String, Object> inner = new LinkedHashMap<>();
                inner.put("b", o);
                o.put("a", new ArrayList<>(List.of(1, inner)));
            }
            case "selfList" -> {
                List<Object> l = new ArrayList<>();
                l.add(l);
                return l;
            }
            default -> { // a cycle below a key that is not part of it
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("y", x);
                o.put("payload", x);
            }
        }
        return o;
    }
}
