package io.redwire.nodes.function;

import io.redwire.msg.ContextScope;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed benchmark's hot path (`msg.counter = msg.counter+1; return msg;`) through the real sandbox: Java msg
 * in, JS body, msg out through send(). Prints ns per call; the bound only catches pathological regressions.
 */
class HotPathBenchmarkTest {
    /** Collects what the sandbox sends; everything else is not used by this body. */
    static final class Recorder implements FunctionHost {
        final List<Object> sent = new ArrayList<>();
        int settled;
        NodeError lastError;

        @Override
        public Map<String, Object> info() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", "bench");
            m.put("name", "");
            m.put("path", "t/bench");
            m.put("outputCount", 1);
            m.put("libs", List.of());
            return m;
        }

        @Override
        public String send(Call call, List<Object> perPort) {
            sent.add(perPort);
            return null;
        }

        @Override
        public void returned(Call call, Object msg) {
            sent.add(msg);
            settled(call, null);
        }

        @Override
        public void done(Call call, NodeError error) {
        }

        @Override
        public void settled(Call call, NodeError error) {
            call.settle();
            settled++;
            lastError = error;
        }

        @Override
        public void initialized(NodeError error) {
        }

        @Override
        public void closed() {
        }

        @Override
        public void log(String level, Object value) {
        }

        @Override
        public void error(NodeError error, Map<String, Object> msg) {
        }

        @Override
        public void status(Object status) {
        }

        @Override
        public void nonMessage(String type) {
        }

        @Override
        public void wakeTimers(long delayMillis) {
        }

        @Override
        public void counter(int id, String name, long delta) {
        }

        @Override
        public String linkcall(int id, String target, Map<String, Object> msg, long timeoutMillis) {
            return "no link in nodes here";
        }

        @Override
        public ContextScope context(String scope, String store) {
            return new ContextScope(null);
        }

        @Override
        public Object env(String name) {
            return null;
        }

        @Override
        public Object evaluate(String value, String type, Map<String, Object> msg) {
            return null;
        }
    }

    private static long[] measure(FunctionSandbox s, FunctionSandbox.Compiled body, Recorder rec, int rounds, int calls) {
        long[] perCall = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                Map<String, Object> msg = new LinkedHashMap<>();
                msg.put("_msgid", Messages.newId());
                msg.put("payload", "x");
                msg.put("counter", i);
                Call call = new Call(msg, s.values().inputRoot(msg), err -> { });
                assertNull(s.run(() -> s.invoke(body, call.root, call)));
            }
            perCall[r] = (System.nanoTime() - t0) / calls;
            rec.sent.clear();
        }
        return perCall;
    }

    @Test
    void counterIncrementCostPerCall() {
        Recorder rec = new Recorder();
        try (FunctionSandbox s = new FunctionSandbox(JsEngine.get(), rec, 0, 0)) {
            FunctionSandbox.Compiled body = s.compile(FunctionSandbox.Kind.SYNC_BODY,
                    "msg.counter = msg.counter+1; return msg;", "bench", "");
            Map<String, Object> msg = new LinkedHashMap<>(Map.of("_msgid", "abc", "counter", 41));
            Call call = new Call(msg, s.values().inputRoot(msg), err -> { });
            assertNull(s.run(() -> s.invoke(body, call.root, call)));
            assertEquals(42, msg.get("counter"));
            assertSame(msg, rec.sent.get(0));

            measure(s, body, rec, 4, 20_000); // warm-up: HotSpot compiles the GraalJS interpreter first
            long[] perCall = measure(s, body, rec, 10, 10_000);
            Arrays.sort(perCall);
            long median = perCall[perCall.length / 2];
            System.out.println("function hot path: best " + perCall[0] + " ns/call, median " + median
                    + " ns/call (10 rounds of 10000 calls) " + Arrays.toString(perCall));
            assertTrue(perCall[0] < 1_000_000, "hot path took " + perCall[0] + " ns per call");
            assertEquals(4 * 20_000 + 10 * 10_000 + 1, rec.settled);
        }
    }
}
