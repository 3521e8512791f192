package io.redwire.testing;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A test flow around one node under test (id "n"): inject nodes i0, i1, ... each sending one fixed msg into it,
 * a debug node per output (d0, d1, ...) printing whole messages, and optionally a catch node (debug "dc").
 * Runs on a real {@link Harness} server; warnings logged by nodes are collected too.
 */
public final class NodeFlow extends HarnessKit {
    private final Map<String, Object> node;
    private final List<Map<String, Object>> extra = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();
    private int outputs = 1;
    private boolean catchErrors;
    private final LinkedBlockingQueue<String> warnings = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<String> errors = new LinkedBlockingQueue<>();

    @SuppressWarnings("unchecked")
    private NodeFlow(String nodeJson) {
        try {
            this.node = (Map<String, Object>) Json.parse(nodeJson);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The node under test, as flow JSON without id/z/wires. */
    public static NodeFlow of(String nodeJson) {
        return new NodeFlow(nodeJson);
    }

    public NodeFlow outputs(int n) {
        this.outputs = n;
        return this;
    }

    /** Adds an inject node sending this msg (a JSON object; every top-level key becomes a msg property). */
    public NodeFlow input(String msgJson) {
        inputs.add(msgJson);
        return this;
    }

    /** Adds an inject node with explicit props ([{"p":..,"v":..,"vt":..}]), for typed values such as bin. */
    public NodeFlow inputProps(String propsJson) {
        inputs.add("props:" + propsJson);
        return this;
    }

    /** Routes the node's errors through a catch node to debug "dc". */
    public NodeFlow catchErrors() {
        this.catchErrors = true;
        return this;
    }

    /** Another node on the same tab (flow JSON with its own id and wires). */
    @SuppressWarnings("unchecked")
    public NodeFlow with(String nodeJson) {
        try {
            extra.add((Map<String, Object>) Json.parse(nodeJson));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
        return this;
    }

    public NodeFlow deploy() {
        return deploy(List.of(Map.of("name", "GREETING", "value", "hello from tab", "type", "str")));
    }

    @SuppressWarnings("unchecked")
    public NodeFlow deploy(List<Map<String, Object>> tabEnv) {
        List<Map<String, Object>> flow = new ArrayList<>();
        flow.add(Map.of("id", "t1", "type", "tab", "label", "Tests", "env", tabEnv));
        for (int i = 0; i < inputs.size(); i++) {
            String input = inputs.get(i);
            Object props;
            try {
                if (input.startsWith("props:")) {
                    props = Json.parse(input.substring(6));
                } else {
                    List<Map<String, Object>> fromMsg = new ArrayList<>();
                    ((Map<String, Object>) Json.parse(input)).forEach((k, v) ->
                            fromMsg.add(Map.of("p", k, "v", Json.stringify(v), "vt", "json")));
                    props = fromMsg;
                }
            } catch (Exception e) {
                throw new IllegalArgumentException(e);
            }
            flow.add(node("i" + i, "inject", Map.of("props", props), List.of(List.of("n"))));
        }
        Map<String, Object> n = new LinkedHashMap<>(node);
        List<List<String>> wires = new ArrayList<>();
        for (int p = 0; p < outputs; p++) {
            wires.add(List.of("d" + p));
            flow.add(node("d" + p, "debug", Map.of("complete", "true"), List.of()));
        }
        n.putAll(node("n", String.valueOf(node.get("type")), Map.of(), wires));
        flow.add(n);
        if (catchErrors) {
            flow.add(node("c", "catch", Map.of("scope", List.of("n")), List.of(List.of("dc"))));
            flow.add(node("dc", "debug", Map.of("complete", "true"), List.of()));
        }
        for (Map<String, Object> e : extra) {
            Map<String, Object> copy = new LinkedHashMap<>(e);
            copy.put("z", "t1");
            flow.add(copy);
        }
        harness = new Harness();
        harness.server().engine().log().sidebar((topic, data) -> { // node warn/error entries
            if (data instanceof DebugEvent e && e.level() != null) {
                (e.level() == 30 ? warnings : errors).add(String.valueOf(e.value()));
            }
        });
        try {
            harness.deploy(Json.stringify(flow));
        } catch (RuntimeException e) {
            harness.close();
            harness = null;
            throw e;
        }
        return this;
    }

    private static Map<String, Object> node(String id, String type, Map<String, Object> fields, Object wires) {
        Map<String, Object> n = new LinkedHashMap<>(fields);
        n.put("id", id);
        n.put("type", type);
        n.put("z", "t1");
        n.put("wires", wires);
        return n;
    }

    /** Fires inject i{k}. */
    public NodeFlow send(int k) throws Exception {
        harness.inject("i" + k);
        return this;
    }

    /** Fires inject i{k} and returns the msg that reaches a debug node first. */
    public Map<String, Object> through(int k) throws Exception {
        send(k);
        DebugEvent e = next(5);
        assertNotNull(e, "no output for input " + k);
        return msg(e);
    }

    /** Next debug output (of any debug node), or null within the time. */
    public DebugEvent next(double seconds) throws InterruptedException {
        return harness.nextDebug(seconds);
    }

    /** The output port whose debug node printed this event; -1 for the catch debug. */
    public static int port(DebugEvent e) {
        return e.id().equals("dc") ? -1 : Integer.parseInt(e.id().substring(1));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> msg(DebugEvent e) {
        return (Map<String, Object>) e.value();
    }

    public String nextWarning(double seconds) throws InterruptedException {
        return Harness.poll(warnings, seconds);
    }

    public String nextError(double seconds) throws InterruptedException {
        return Harness.poll(errors, seconds);
    }

}
