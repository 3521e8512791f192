package io.redwire.nodes.function;

import io.redwire.api.DebugEvent;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Message handling of the function node: outputs, cloning, _msgid, completion and errors. */
class FunctionNodeTest {
    @BeforeAll
    static void startGraalJs() {
        JsEngine.warmUp();
    }

    private static String post(Harness h, String path, String json) throws Exception {
        HttpResponse<String> r = h.post(path, "application/json", json);
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    /** The HTTP answer of http in → function ({@code func}) → http response to a POST of {@code json}. */
    private static String answer(String func, String json) throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f").function("f", func, "out").httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            return post(h, "/f", json);
        }
    }

    private static Map<?, ?> msg(DebugEvent e) {
        assertNotNull(e, "expected a debug message");
        return (Map<?, ?>) e.value();
    }

    @Test
    void returnedMsgIsSentWithItsChanges() throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f")
                .function("f", "msg.payload.n = msg.payload.n + 1;\nmsg.payload.keys = Object.keys(msg).sort();\n"
                        + "msg.payload.own = msg.hasOwnProperty('payload') && 'req' in msg;\nreturn msg;", "out")
                .httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            assertEquals("{\"n\":2,\"keys\":[\"_msgid\",\"payload\",\"req\",\"res\"],\"own\":true}",
                    post(h, "/f", "{\"n\":1}"));
            assertEquals("{\"n\":8,\"keys\":[\"_msgid\",\"payload\",\"req\",\"res\"],\"own\":true}",
                    post(h, "/f", "{\"n\":7}"));
        }
    }

    @Test
    void bigIntsLeaveTheSandboxWithAllTheirDigits() throws Exception {
        assertEquals("{\"small\":7,\"big\":12345678901234567890}",
                answer("msg.payload = { small: 7n, big: 12345678901234567890n };\nreturn msg;", "{}"));
    }

    @Test
    void awaitAndPromiseChainsResolveBeforeTheResultIsSent() throws Exception {
        assertEquals("{\"v\":2,\"later\":\"x\"}", answer("await new Promise(r => setTimeout(r, 20));\n"
                + "const v = await Promise.resolve(1).then(x => x + 1);\n"
                + "msg.payload = { v, later: await (async () => 'x')() };\nreturn msg;", "{}"));
    }

    @Test
    void returnedPromiseIsAwaitedEvenWithoutAwait() throws Exception {
        assertEquals("late", answer(
                "return new Promise(resolve => setTimeout(() => { msg.payload = 'late'; resolve(msg); }, 10));", "{}"));
    }

    @Test
    void arraysPerOutputNullsAndNewMsgsCarryTheInputMsgid() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "return [[{payload: 1, orig: msg._msgid}, {payload: 2, orig: msg._msgid}], null,"
                        + " {payload: 3, orig: msg._msgid}];", "d1", "d2", "d3")
                .debug("d1").debug("d2").debug("d3").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            Map<String, Object> byPayload = new HashMap<>();
            for (int i = 0; i < 3; i++) {
                DebugEvent e = h.nextDebug(10);
                Map<?, ?> m = msg(e);
                assertEquals(m.get("orig"), m.get("_msgid"));
                byPayload.put(e.id() + ":" + m.get("payload"), m);
            }
            assertEquals(java.util.Set.of("d1:1", "d1:2", "d3:3"), byPayload.keySet());
            assertNull(h.nextDebug(0.3));
        }
    }

    @Test
    void nodeSendClonesTheMsgUnlessToldNotTo() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "msg.payload = 1; node.send(msg); msg.payload = 2; node.send(msg);\n"
                        + "msg.payload = 3; node.send(msg, false); msg.payload = 4; node.send(msg, false);", "d")
                .debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            Map<?, ?> a = msg(h.nextDebug(10));
            Map<?, ?> b = msg(h.nextDebug(5));
            Map<?, ?> c = msg(h.nextDebug(5));
            Map<?, ?> d = msg(h.nextDebug(5));
            assertEquals(List.of(1, 2, 4, 4), List.of(a.get("payload"), b.get("payload"), c.get("payload"),
                    d.get("payload")));
            assertNotSame(a, b);
            assertSame(c, d); // not cloned: the same object, changed after sending (delivery is asynchronous)
            assertEquals(a.get("_msgid"), d.get("_msgid"));
        }
    }

    @Test
    void nonObjectsInOutputSlotsAreReportedAndTheRestIsSent() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "return ['just a string', {payload: 'ok'}];", "d1", "d2")
                .debug("d1").debug("d2").json();
        try (Harness h = new Harness().deploy(flows); FunctionFlows.Logs logs = new FunctionFlows.Logs(h)) {
            h.inject("i");
            DebugEvent e = h.nextDebug(10);
            assertEquals("d2", e.id());
            assertEquals("ok", msg(e).get("payload"));
            assertNotNull(logs.await("Function tried to send a message of type string", 5));
        }
    }

    @Test
    void returningNothingStillCompletesWithTheChangedMsg() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "msg.seen = true;\nif (msg.payload > 0) { return null; }\nreturn;", "")
                .completer("c", "f", "dc").debug("dc").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            DebugEvent e = h.nextDebug(10);
            assertEquals("dc", e.id());
            assertEquals(true, msg(e).get("seen"));
        }
    }

    @Test
    void codeThatCallsNodeDoneCompletesWhenItSaysSo() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "setTimeout(() => { msg.payload = 'sent'; node.send(msg); node.done(); }, 50);", "d")
                .completer("c", "f", "dc").debug("d").debug("dc").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            assertEquals("d", h.nextDebug(10).id()); // the send comes first: done() was left to the code
            DebugEvent completed = h.nextDebug(5);
            assertEquals("dc", completed.id());
            assertEquals("sent", msg(completed).get("payload"));
        }
    }

    @Test
    void nodeDoneInACommentDoesNotTakeOverCompletion() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "// we never call node.done() here\nsetTimeout(() => node.send(msg), 100);", "d")
                .completer("c", "f", "dc").debug("d").debug("dc").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i");
            assertEquals("dc", h.nextDebug(10).id()); // completes when the body returns
            assertEquals("d", h.nextDebug(5).id());
        }
    }

    private static String errorFlows(String func) {
        return new FunctionFlows().httpIn("in", "/f", "f")
                .function("f", func, "out").with("name", "thrower")
                .catcher("c", "f", "facts")
                .function("facts", "msg.payload = {message: msg.error.message, source: msg.error.source,"
                        + " hadError: '_error' in msg, code: msg.error.code}; return msg;", "out")
                .httpOut("out").json();
    }

    @Test
    void thrownErrorsReachCatchNodesWithNodeRedTexts() throws Exception {
        String source = "\"source\":{\"id\":\"f\",\"type\":\"function\",\"name\":\"thrower\",\"count\":1}";
        try (Harness h = new Harness().deploy(errorFlows("throw new Error('boom');"))) {
            assertEquals("{\"message\":\"Error: boom\"," + source + ",\"hadError\":true}", post(h, "/f", "{}"));
        }
        try (Harness h = new Harness().deploy(errorFlows("throw 'plain failure';"))) {
            assertEquals("{\"message\":\"plain failure\"," + source + ",\"hadError\":false}", post(h, "/f", "{}"));
        }
        try (Harness h = new Harness().deploy(errorFlows("await null;\nthrow { code: 42 };"))) {
            assertEquals("{\"message\":\"{\\\"code\\\":42}\"," + source + ",\"hadError\":false}", post(h, "/f", "{}"));
        }
        try (Harness h = new Harness().deploy(errorFlows("const e = new Error('coded'); e.code = 'E_X'; throw e;"))) {
            assertEquals("{\"message\":\"Error: coded\"," + source + ",\"hadError\":true,\"code\":\"E_X\"}",
                    post(h, "/f", "{}"));
        }
        try (Harness h = new Harness().deploy(errorFlows("const o = null;\nreturn o.x;"))) {
            assertTrue(post(h, "/f", "{}").startsWith(
                    "{\"message\":\"TypeError: Cannot read properties of null (reading 'x')\""));
        }
    }

    @Test
    void referenceErrorsAreRewrittenWithLineAndColumn() throws Exception {
        try (Harness h = new Harness().deploy(errorFlows("const y = 1;\nreturn undefinedVariable + y;"))) {
            String body = post(h, "/f", "{}");
            assertTrue(body.startsWith("{\"message\":\"ReferenceError: ReferenceError: undefinedVariable is not"
                    + " defined (line 2, col 1)\""), body);
        }
        try (Harness h = new Harness().deploy(errorFlows("let a = 1;\nlet b = 1 + missing;"))) {
            String body = post(h, "/f", "{}");
            assertTrue(body.startsWith("{\"message\":\"ReferenceError: ReferenceError: missing is not"
                    + " defined (line 2, col 13)\""), body);
        }
    }

    @Test
    void nodeErrorWithAMsgIsCatchableAndWithoutOneOnlyLogged() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "node.error('just logged');\nnode.error('caught', msg);\nnode.warn({a: 1});\nreturn null;", "")
                .catcher("c", "f", "d").debug("d").json();
        try (Harness h = new Harness().deploy(flows); FunctionFlows.Logs logs = new FunctionFlows.Logs(h)) {
            h.inject("i");
            Map<?, ?> m = msg(h.nextDebug(10));
            assertEquals("caught", ((Map<?, ?>) m.get("error")).get("message"));
            assertNull(h.nextDebug(0.3));
            assertNotNull(logs.await("just logged", 5));
        }
    }
}
