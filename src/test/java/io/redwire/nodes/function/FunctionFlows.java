package io.redwire.nodes.function;

import io.redwire.api.DebugEvent;
import io.redwire.logging.Log;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Test flows around function nodes (built as maps, so JavaScript needs no JSON escaping), and log capture. */
final class FunctionFlows {
    private final List<Map<String, Object>> nodes = new ArrayList<>();
    private List<Map<String, Object>> tabEnv = List.of();

    /** A node on tab t1; kv are property name/value pairs; wires: one comma-separated target list per output. */
    FunctionFlows node(String id, String type, List<String> wires, Object... kv) {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("id", id);
        n.put("type", type);
        n.put("z", "t1");
        n.put("name", "");
        for (int i = 0; i < kv.length; i += 2) {
            n.put((String) kv[i], kv[i + 1]);
        }
        n.put("x", 100);
        n.put("y", 100);
        List<List<String>> w = new ArrayList<>();
        for (String port : wires) {
            w.add(port.isEmpty() ? List.of() : Arrays.asList(port.split(",")));
        }
        n.put("wires", w);
        nodes.add(n);
        return this;
    }

    FunctionFlows function(String id, String func, String... wires) {
        return node(id, "function", List.of(wires), "func", func, "outputs", Math.max(1, wires.length),
                "timeout", 0, "noerr", 0, "initialize", "", "finalize", "", "libs", List.of());
    }

    /** http in (POST url) → first. */
    FunctionFlows httpIn(String id, String url, String first) {
        return node(id, "http in", List.of(first), "url", url, "method", "post", "upload", false);
    }

    FunctionFlows httpOut(String id) {
        return node(id, "http response", List.of(), "statusCode", "", "headers", Map.of());
    }

    FunctionFlows inject(String id, String first) {
        return node(id, "inject", List.of(first), "props", List.of(Map.of("p", "payload")), "payload", "",
                "payloadType", "date");
    }

    /** A debug node showing the whole msg. */
    FunctionFlows debug(String id) {
        return node(id, "debug", List.of(), "complete", "true", "active", true);
    }

    FunctionFlows catcher(String id, String scope, String next) {
        return node(id, "catch", List.of(next), "scope", List.of(scope), "uncaught", false);
    }

    FunctionFlows completer(String id, String scope, String next) {
        return node(id, "complete", List.of(next), "scope", List.of(scope), "uncaught", false);
    }

    FunctionFlows tabEnv(String name, String value) {
        tabEnv = List.of(Map.of("name", name, "value", value, "type", "str"));
        return this;
    }

    /** Sets a property on the last added node. */
    FunctionFlows with(String key, Object value) {
        nodes.get(nodes.size() - 1).put(key, value);
        return this;
    }

    String json() {
        List<Object> all = new ArrayList<>();
        Map<String, Object> tab = new LinkedHashMap<>();
        tab.put("id", "t1");
        tab.put("type", "tab");
        tab.put("label", "functions");
        tab.put("env", tabEnv);
        all.add(tab);
        all.addAll(nodes);
        return Json.stringify(all);
    }

    /** Warn/error log entries of all nodes, as the editor's debug sidebar receives them. */
    static final class Logs implements AutoCloseable {
        private final LinkedBlockingQueue<DebugEvent> events = new LinkedBlockingQueue<>();
        private final Log log;

        Logs(Harness h) {
            log = h.server().engine().log();
            log.sidebar((topic, data) -> {
                if (data instanceof DebugEvent e) {
                    events.add(e);
                }
            });
        }

        /** The text of the first entry containing {@code text} within the wait, or null. */
        String await(String text, double seconds) throws InterruptedException {
            long end = System.nanoTime() + (long) (seconds * 1e9);
            while (true) {
                long left = end - System.nanoTime();
                DebugEvent e = events.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
                if (e == null) {
                    return null;
                }
                if (String.valueOf(e.value()).contains(text)) {
                    return String.valueOf(e.value());
                }
            }
        }

        @Override
        public void close() {
            log.sidebar((topic, data) -> { });
        }
    }
}
