package io.redwire.nodes.function;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deploy-time compile errors, initialize/finalize, close handlers, timers on close and the time limit. */
class FunctionLifecycleTest {
    @BeforeAll
    static void startGraalJs() {
        JsEngine.warmUp();
    }

    private static Object payload(DebugEvent e) {
        assertNotNull(e, "expected a debug message");
        return ((Map<?, ?>) e.value()).get("payload");
    }

    /** http in → loop (a function with a time limit) → out; its catch node answers with the error text. */
    private static String limitedFlows(Object timeoutSeconds) {
        return new FunctionFlows().httpIn("in", "/f", "loop")
                .function("loop", "if (msg.payload.spin) { while (true) {} }\nmsg.payload = 'fine'; return msg;", "out")
                .with("timeout", timeoutSeconds)
                .catcher("c", "loop", "report")
                .function("report", "msg.payload = msg.error.message + ' / ' + msg.error.code; return msg;", "out")
                .httpOut("out").json();
    }

    @Test
    void runawayCodeIsStoppedAtTheTimeLimitAndTheNodeKeepsWorking() throws Exception {
        try (Harness h = new Harness().deploy(limitedFlows(1))) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = h.post("/f", "application/json", "{\"spin\":true}");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("Error: Script execution timed out after 1000ms / ERR_SCRIPT_EXECUTION_TIMEOUT", r.body());
            assertTrue(ms >= 900, "stopped after " + ms + " ms");
            assertEquals("fine", h.post("/f", "application/json", "{}").body());
            assertEquals("Error: Script execution timed out after 1000ms / ERR_SCRIPT_EXECUTION_TIMEOUT",
                    h.post("/f", "application/json", "{\"spin\":true}").body());
            assertEquals("fine", h.post("/f", "application/json", "{}").body());
        }
    }

    @Test
    void zeroTimeoutFallsBackToTheSettingsDefault() throws Exception {
        Settings settings = new Settings(Map.of("functionTimeout", 0.5));
        try (Harness h = new Harness(settings).deploy(limitedFlows(0))) {
            assertEquals("Error: Script execution timed out after 500ms / ERR_SCRIPT_EXECUTION_TIMEOUT",
                    h.post("/f", "application/json", "{\"spin\":true}").body());
        }
    }

    @Test
    void compileErrorsAreLoggedWithTheLineAndTheNodeIgnoresInput() throws Exception {
        String flows = new FunctionFlows().inject("i", "bad")
                .function("bad", "const a = 1;\nreturn +;", "d").debug("d")
                .inject("i2", "good").function("good", "return msg;", "d").json();
        try (Harness h = new Harness()) {
            FunctionFlows.Logs logs = new FunctionFlows.Logs(h);
            h.deploy(flows); // the deploy itself succeeds
            String logged = logs.await("SyntaxError", 10);
            assertNotNull(logged);
            assertTrue(logged.endsWith("(body:line 2)"), logged);
            h.inject("i");
            assertNull(h.nextDebug(0.5));
            h.inject("i2");
            assertNotNull(h.nextDebug(10)); // the rest of the flow runs
            logs.close();
        }
    }

    @Test
    void initializeRunsFirstAndInputWaitsForIt() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "msg.payload = context.get('ready'); return msg;", "d")
                .with("initialize", "await new Promise(r => setTimeout(r, 300));\ncontext.set('ready', 'yes');\n"
                        + "node.send({payload: 'from init'});")
                .debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("i"); // arrives while initialize is still waiting
            DebugEvent first = h.nextDebug(10);
            DebugEvent second = h.nextDebug(10);
            assertEquals("from init", payload(first));
            assertEquals("yes", payload(second));
            assertTrue(((Map<?, ?>) first.value()).get("_msgid") instanceof String);
        }
    }

    @Test
    void aRedeployWhileTheNodeStartsRunsTheMessagesItQueuedInOrder() throws Exception {
        String starting = new FunctionFlows()
                .function("f", "global.set('seen', (global.get('seen') || []).concat([msg.payload])); return null;")
                .with("initialize", "await new Promise(r => setTimeout(r, 500));").json();
        String next = new FunctionFlows().inject("i", "r")
                .function("r", "msg.payload = global.get('seen'); return msg;", "d").debug("d").json();
        try (Harness h = new Harness().deploy(starting)) {
            h.receive("f", "{\"payload\":1}", "{\"payload\":2}", "{\"payload\":3}"); // queued: initialize waits
            h.deploy(next);
            h.inject("i");
            assertEquals("[1, 2, 3]", String.valueOf(payload(h.nextDebug(10))));
        }
    }

    /**
     * The deploy (and so "Started flows") does not wait for a function node's sandbox: messages sent the moment it
     * has finished queue in the node and come out in order once its code is ready. The body is long enough (~2 MB
     * of code the node never runs) that its compile on the worker outlasts the deploy's return on any machine.
     */
    @Test
    void messagesSentBeforeTheSandboxIsReadyComeOutInOrder() throws Exception {
        String body = "if (msg.never) {\n" + "msg.n = (msg.n || 0) + 1;\n".repeat(80_000) + "}\nreturn msg;";
        String flows = new FunctionFlows().function("f", body, "d").debug("d").json();
        try (Harness h = new Harness().deploy(flows)) {
            io.vertx.core.Future<Void> ready = h.server().engine().node("f").ready();
            assertFalse(ready.isComplete(), "the deploy returned before the sandbox was built");
            int n = 50;
            String[] msgs = new String[n];
            for (int i = 0; i < n; i++) {
                msgs[i] = "{\"payload\":" + i + "}";
            }
            h.receive("f", msgs);
            for (int i = 0; i < n; i++) {
                assertEquals(i, ((Number) payload(h.nextDebug(60))).intValue());
            }
            assertTrue(ready.isComplete());
        }
    }

    @Test
    void failingInitializeLeavesADeadNode() throws Exception {
        String flows = new FunctionFlows().inject("i", "f")
                .function("f", "return msg;", "d").with("initialize", "throw new Error('no setup');")
                .debug("d").json();
        try (Harness h = new Harness()) {
            FunctionFlows.Logs logs = new FunctionFlows.Logs(h);
            h.deploy(flows);
            assertNotNull(logs.await("Error: no setup", 10));
            h.inject("i");
            assertNull(h.nextDebug(0.5));
            logs.close();
        }
    }

    @Test
    void closeRunsFinalizeAndCloseHandlersAndStopsTimers() throws Exception {
        String func = """
                setInterval(() => node.send({payload: 'tick'}), 20);
                node.on('close', (done) => { global.set('handler', 'ran'); done(); });
                node.status({text: 'busy'});
                return null;""";
        String flows = new FunctionFlows().inject("i", "f").function("f", func, "d")
                .with("finalize", "global.set('finalized', true);\nnode.send({payload: 'not allowed'});")
                .debug("d").json();
        String empty = new FunctionFlows().json();
        try (Harness h = new Harness().deploy(flows)) {
            FunctionFlows.Logs logs = new FunctionFlows.Logs(h);
            h.inject("i");
            assertEquals("tick", payload(h.nextDebug(10)));
            h.deploy(empty);
            assertEquals(true, h.server().engine().globalContext().get("finalized"));
            assertEquals("ran", h.server().engine().globalContext().get("handler"));
            assertNotNull(logs.await("Cannot send from close function", 5));
            List<DebugEvent> late = new ArrayList<>();
            for (int i = 0; i < 50 && late.size() == i; i++) {
                DebugEvent e = h.nextDebug(0.3); // ticks already queued before the redeploy may still arrive
                if (e != null) {
                    late.add(e);
                }
            }
            assertTrue(late.size() < 50, "the interval kept running after close");
            logs.close();
        }
    }

    @Test
    void libsEntriesAreUndefinedAndWarned() throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f")
                .function("f", "msg.payload = typeof moment; return msg;", "out")
                .with("libs", List.of(Map.of("var", "moment", "module", "moment"), "junk"))
                .httpOut("out").json();
        try (Harness h = new Harness()) {
            FunctionFlows.Logs logs = new FunctionFlows.Logs(h);
            h.deploy(flows);
            assertNotNull(logs.await("'moment' (moment) is undefined", 5));
            assertEquals("undefined", h.post("/f", "application/json", "{}").body());
            logs.close();
        }
    }

    @Test
    void inputListenersAreRefused() throws Exception {
        String flows = new FunctionFlows().httpIn("in", "/f", "f")
                .function("f", "node.on('input', () => {});", "out")
                .catcher("c", "f", "report")
                .function("report", "msg.payload = msg.error.message; return msg;", "out")
                .httpOut("out").json();
        try (Harness h = new Harness().deploy(flows)) {
            assertEquals("Error: Cannot add listener to 'input' event within Function",
                    h.post("/f", "application/json", "{}").body());
        }
    }
}
