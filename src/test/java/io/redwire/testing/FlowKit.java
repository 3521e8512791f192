package io.redwire.testing;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.msg.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real Redwire server running one tab of nodes, for node-family tests against real peers: every debug node's
 * complete message and every logged warning / error is collected, and a test waits for the one it expects.
 */
public final class FlowKit extends HarnessKit {
    /** A debug node's output (node id, whole msg) or a log line (node id, level 30 warn / 20 error, text). */
    public record Event(String node, Map<String, Object> msg, Integer level, Object text) {
        public Object payload() {
            return msg == null ? null : msg.get("payload");
        }
    }

    private final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final List<Event> seen = new ArrayList<>();

    public FlowKit(Map<String, Object> settings, String nodesJson) {
        harness = new Harness(new Settings(settings));
        harness.server().engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e) {
                events.add(e.level() == null ? new Event(e.id(), asMap(e.value()), null, null)
                        : new Event(e.id(), null, e.level(), e.value()));
            }
        });
        try {
            deploy(nodesJson);
        } catch (RuntimeException e) {
            harness.close();
            throw e;
        }
    }

    /** Deploys nodes (a JSON array) on one tab; each gets z and empty wires unless given. */
    @SuppressWarnings("unchecked")
    public void deploy(String nodesJson) {
        List<Object> nodes;
        try {
            nodes = new ArrayList<>((List<Object>) Json.parse(nodesJson));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
        for (Object o : nodes) {
            Map<String, Object> n = (Map<String, Object>) o;
            if (!String.valueOf(n.get("type")).contains("-")) { // config nodes (mqtt-broker, tls-config) stay global
                n.putIfAbsent("z", "t1");
            }
            n.putIfAbsent("wires", List.of());
        }
        nodes.add(0, Map.of("id", "t1", "type", "tab", "label", "test"));
        harness.deploy(Json.stringify(nodes));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object v) {
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of("payload", String.valueOf(v));
    }


    /** The next event from {@code node} matching {@code test}, waiting up to {@code seconds}; fails otherwise. */
    public Event await(String node, Predicate<Event> test, double seconds) throws InterruptedException {
        Event e = poll(node, test, seconds);
        if (e == null) {
            fail("nothing from " + node + " matched within " + seconds + " s; seen: " + seen);
        }
        return e;
    }

    /**
     * Like {@link #await} but null when nothing matched in time. Events are matched in arrival order, each at most
     * once; one a previous wait skipped can still match a later wait (a log and a status may come in either order).
     */
    public Event poll(String node, Predicate<Event> test, double seconds) throws InterruptedException {
        return take(e -> e.node().equals(node) && test.test(e), seconds);
    }

    private Event take(Predicate<Event> test, double seconds) throws InterruptedException {
        for (int i = 0; i < seen.size(); i++) {
            if (test.test(seen.get(i))) {
                return seen.remove(i);
            }
        }
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (true) {
            long left = deadline - System.nanoTime();
            Event e = left <= 0 ? events.poll() : events.poll(left, TimeUnit.NANOSECONDS);
            if (e == null) {
                return null;
            }
            if (test.test(e)) {
                return e;
            }
            seen.add(e);
        }
    }

    /** A debug message from {@code node} whose payload equals {@code payload}. */
    public Event awaitPayload(String node, Object payload, double seconds) throws InterruptedException {
        return await(node, e -> e.msg() != null && payload.equals(e.payload()), seconds);
    }

    /** A status-node output (debug {@code node} fed by a status node) whose status text is {@code text}. */
    public Event awaitStatus(String node, String text, double seconds) throws InterruptedException {
        return await(node, e -> e.msg() != null && e.msg().get("status") instanceof Map<?, ?> s
                && text.equals(s.get("text")), seconds);
    }

    /** A logged warning or error (from any node) containing {@code text}. */
    public Event awaitLog(String text, double seconds) throws InterruptedException {
        Event e = take(x -> x.level() != null && String.valueOf(x.text()).contains(text), seconds);
        if (e == null) {
            fail("no log containing '" + text + "' within " + seconds + " s; seen: " + seen);
        }
        return e;
    }
}
