package io.redwire.testing;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Drives a deployed flow for the sequence/timing node tests: messages go straight into a node's input on the flow
 * loop (as a wire would deliver them), and debug output is collected with its arrival time.
 */
public final class SequenceTestKit extends HarnessKit {
    /** A debug node's whole msg, which debug node showed it, and when (ms after the kit started). */
    public record Out(String node, Map<String, Object> msg, long atMs) {
        public Object payload() {
            return msg.get("payload");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> parts() {
            return (Map<String, Object>) msg.get("parts");
        }
    }

    /** The debug node "out" that {@link #withDebug} adds: it shows whole messages. */
    public static final String DEBUG = "{\"id\":\"out\",\"type\":\"debug\",\"complete\":\"true\"}";

    private final LinkedBlockingQueue<Out> outputs = new LinkedBlockingQueue<>();
    private final long startNanos = System.nanoTime();

    /** Deploys the nodes (JSON array text) on one tab; every node gets z and empty wires unless given. */
    @SuppressWarnings("unchecked")
    public SequenceTestKit(String nodesJson) throws Exception {
        List<Object> nodes = new ArrayList<>((List<Object>) Json.parse(nodesJson));
        for (Object o : nodes) {
            Map<String, Object> n = (Map<String, Object>) o;
            n.putIfAbsent("z", "t1");
            n.putIfAbsent("wires", List.of());
        }
        nodes.add(0, Map.of("id", "t1", "type", "tab", "label", "test"));
        harness = new Harness();
        harness.server().engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() == null) {
                outputs.add(new Out(e.id(), (Map<String, Object>) e.value(), elapsedMs()));
            }
        });
        try {
            harness.deploy(Json.stringify(nodes));
        } catch (RuntimeException e) {
            harness.close();
            throw e;
        }
    }

    /** Deploys the nodes (JSON object texts) and the debug node {@link #DEBUG} "out" their wires lead to. */
    public static SequenceTestKit withDebug(String... nodes) throws Exception {
        return new SequenceTestKit("[" + String.join(",", nodes) + "," + DEBUG + "]");
    }

    public long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    public Out next(double seconds) throws InterruptedException {
        Out o = Harness.poll(outputs, seconds);
        assertNotNull(o, "no debug output within " + seconds + " s");
        return o;
    }

    public List<Out> next(int n, double seconds) throws InterruptedException {
        List<Out> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(next(seconds));
        }
        return out;
    }

    public List<Object> payloads(int n, double seconds) throws InterruptedException {
        return next(n, seconds).stream().map(Out::payload).toList();
    }

    /** The next output if one arrives in time, else null. */
    public Out poll(double seconds) throws InterruptedException {
        return Harness.poll(outputs, seconds);
    }
}
