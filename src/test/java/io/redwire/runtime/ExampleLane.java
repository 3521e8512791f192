package io.redwire.runtime;

import io.redwire.testing.Closing;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One Node-RED process and one Redwire server that run examples one after the other, each example in both at the
 * same time. A difference is confirmed by a second run with three times the quiet times (unless it is a known one).
 */
final class ExampleLane implements AutoCloseable {
    /** What one example gave: the first run's differences, the confirming run's (empty: the same), and its time. */
    record Outcome(String firstDiff, String diff, double seconds) {
    }

    private final NodeRedPeer nodeRed;
    private final Harness redwire;
    private final ExampleEngine theirs;
    private final ExampleEngine ours;
    private final ExecutorService both = Executors.newFixedThreadPool(2);

    private ExampleLane(NodeRedPeer nodeRed, Harness redwire, Path work) throws Exception {
        this.nodeRed = nodeRed;
        this.redwire = redwire;
        this.theirs = new ExampleEngine("Node-RED", nodeRed.port(), work.resolve("nodered"));
        this.ours = new ExampleEngine("Redwire", redwire.port(), work.resolve("redwire"));
    }

    static ExampleLane start() throws Exception {
        Path work = Files.createTempDirectory("example-parity");
        NodeRedPeer nodeRed = NodeRedPeer.start(Files.createDirectories(work.resolve("nodered-user")),
                ExampleEngine.freePort(), null);
        try {
            return new ExampleLane(nodeRed, new Harness(), work);
        } catch (Exception | Error e) {
            nodeRed.close();
            throw e;
        }
    }

    String nodeRedLog() {
        return nodeRed.log();
    }

    Outcome run(ExamplePlan plan, boolean known) throws Exception {
        long t0 = System.nanoTime();
        String first = diff(plan);
        String confirmed = first.isEmpty() || known ? first : diff(plan.longer(3));
        return new Outcome(first, confirmed, (System.nanoTime() - t0) / 1e9);
    }

    /** Both engines' debug messages, as the lines where they differ (empty when the same). */
    private String diff(ExamplePlan plan) throws Exception {
        Future<List<String>> a = both.submit(() -> theirs.run(plan));
        Future<List<String>> b = both.submit(() -> ours.run(plan));
        List<String> nr = a.get();
        List<String> rw = b.get();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.max(nr.size(), rw.size()); i++) {
            String x = i < nr.size() ? nr.get(i) : "(none)";
            String y = i < rw.size() ? rw.get(i) : "(none)";
            if (!x.equals(y)) {
                sb.append("  #").append(i + 1).append(" Node-RED: ").append(x).append('\n')
                        .append("  #").append(i + 1).append(" Redwire:  ").append(y).append('\n');
            }
        }
        return sb.toString();
    }

    @Override
    public void close() throws Exception {
        both.shutdownNow();
        Closing.all(theirs, ours, redwire, nodeRed);
    }
}
