package io.redwire.runtime;

import io.redwire.testing.Closing;
import io.redwire.testing.NodeRedPeer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Node-RED's own example flows (@node-red/nodes/examples) run by the real Node-RED 5.0.7 and by Redwire side by
 * side: each example is deployed on a clean engine of each kind, its injects are fired in reading order, each
 * followed by a wait until the engine is quiet ({@link ExamplePlan}), and the debug sidebar messages of both engines
 * must be the same after normalising ids, times, ports and scratch paths ({@link ExampleOutput}). Most of the time
 * goes in waiting for the examples' timers, so {@value #LANES} lanes ({@link ExampleLane}: one Node-RED process and
 * one Redwire server each, cleaned between examples by {@link ExampleEngine}) take the examples in turn.
 * src/test/resources/parity/examples.txt lists the examples left out and why, and the known differences being fixed.
 * Skipped when Node-RED is not installed.
 */
class ExampleParityTest {
    private static final int LANES = 2;
    private static final Path LIST = Path.of("src/test/resources/parity/examples.txt");

    private static Path examples;
    private static ExampleList list;
    private static List<String> names;
    private static final List<ExampleLane> lanes = new ArrayList<>();
    private static ExecutorService workers;
    private static final Map<String, CompletableFuture<ExampleLane.Outcome>> outcomes = new LinkedHashMap<>();
    private static final List<String> same = new ArrayList<>();
    private static final List<String> differ = new ArrayList<>();
    private static final List<String> knownSame = new ArrayList<>();
    private static long started;

    @BeforeAll
    static void start() throws Exception {
        started = System.nanoTime();
        examples = NodeRedPeer.installDir().resolve("node_modules/@node-red/nodes/examples");
        Assumptions.assumeTrue(Files.isDirectory(examples), "no Node-RED examples in " + examples);
        list = ExampleList.read(LIST);
        try (Stream<Path> files = Files.walk(examples)) {
            names = files.filter(Files::isRegularFile).map(p -> examples.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
        workers = Executors.newFixedThreadPool(LANES);
        List<Future<ExampleLane>> starting = new ArrayList<>();
        for (int i = 0; i < LANES; i++) {
            starting.add(workers.submit(ExampleLane::start));
        }
        for (Future<ExampleLane> f : starting) {
            lanes.add(f.get());
        }
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();
        for (String name : names) {
            if (!list.excluded().containsKey(name)) {
                outcomes.put(name, new CompletableFuture<>());
                queue.add(name);
            }
        }
        for (ExampleLane lane : lanes) {
            workers.submit(() -> runAll(lane, queue));
        }
    }

    /** A lane's work: the next example from the queue until none is left. */
    private static void runAll(ExampleLane lane, ConcurrentLinkedQueue<String> queue) {
        for (String name; (name = queue.poll()) != null; ) {
            CompletableFuture<ExampleLane.Outcome> outcome = outcomes.get(name);
            try {
                ExamplePlan plan = ExamplePlan.of(name, ExampleFlow.read(examples.resolve(name)), list);
                outcome.complete(lane.run(plan, list.known().containsKey(name)));
            } catch (Throwable e) {
                String log = lane.nodeRedLog();
                outcome.completeExceptionally(new AssertionError(name + " could not be run; Node-RED log's end:\n"
                        + log.substring(Math.max(0, log.length() - 4000)), e));
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (list != null) {
            System.out.printf("examples: %d same, %d differ, %d excluded (%.0f s)%n", same.size(), differ.size(),
                    list.excluded().size(), (System.nanoTime() - started) / 1e9);
            differ.forEach(d -> System.out.println("  differs: " + d));
            knownSame.forEach(k -> System.out.println("  listed as a known difference but the same now (remove it"
                    + " from " + LIST + "): " + k));
        }
        if (workers != null) {
            workers.shutdownNow();
        }
        Closing.all(lanes.toArray(AutoCloseable[]::new));
    }

    @TestFactory
    Stream<DynamicTest> everyExampleBehavesTheSame() {
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> compare(name)));
    }

    /** Every listed example exists, so a renamed one is not silently run. */
    @Test
    void everyListedExampleExists() {
        List<String> missing = Stream.of(list.excluded(), list.known(), list.settle(), list.window(), list.create())
                .map(Map::keySet).flatMap(Collection::stream).filter(n -> !names.contains(n)).toList();
        assertEquals(List.of(), missing, "listed in " + LIST + " but not among " + examples);
    }

    private static void compare(String name) throws Exception {
        String excluded = list.excluded().get(name);
        Assumptions.assumeTrue(excluded == null, () -> "excluded: " + excluded);
        ExampleLane.Outcome outcome = outcomes.get(name).get(15, TimeUnit.MINUTES);
        String known = list.known().get(name);
        if (outcome.diff().isEmpty()) {
            System.out.printf("example %s: same (%.1f s)%n", name, outcome.seconds());
            if (!outcome.firstDiff().isEmpty()) {
                System.out.println("  (the first run differed, a run with longer quiet times did not:\n"
                        + outcome.firstDiff() + "  )");
            }
            same.add(name);
            if (known != null) {
                knownSame.add(name);
            }
            return;
        }
        String label = name + (known == null ? "" : " (known: " + known + ")");
        differ.add(label);
        System.out.printf("example %s differs (%.1f s):%n%s", label, outcome.seconds(), outcome.diff());
        Assumptions.assumeTrue(known == null, () -> "known difference: " + known);
        assertEquals("", outcome.diff(), name + " behaves differently");
    }
}
