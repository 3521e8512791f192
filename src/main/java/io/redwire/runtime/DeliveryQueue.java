package io.redwire.runtime;

import io.redwire.api.Node;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;

import io.vertx.core.Context;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The messages sent and not yet delivered: one FIFO drained on the flow loop, in batches so I/O runs in between,
 * as Node-RED delivers each message in a later turn (setImmediate). While a flow set starts the queue is closed:
 * messages queue and are delivered once every node has started. On the flow loop only, except {@link #add}.
 */
final class DeliveryQueue {
    private static final int DRAIN_BATCH = 4096;
    /** What a deploy or shutdown delivers at most before the nodes close, so a looping flow cannot hold it up. */
    private static final int SETTLE_LIMIT = 16 * DRAIN_BATCH;

    private final Engine engine;
    private final Context loop;
    private final Predicate<Node> running;
    private final ArrayDeque<Object> queue = new ArrayDeque<>(); // a target, then its msg
    private boolean drainScheduled;
    private boolean open;
    /** The node handling a queued message right now (a plain field: read racily, by the watchdog only). */
    private Node delivering;

    /** @param running whether a node is one of the running flows' (a message to a stopped node is dropped) */
    DeliveryQueue(Engine engine, Predicate<Node> running) {
        this.engine = engine;
        this.loop = engine.loop();
        this.running = running;
    }

    /** Queues a message for a node; delivery happens later on the flow loop, in send order. */
    void add(Node target, Map<String, Object> msg) {
        if (!engine.onLoop()) {
            loop.runOnContext(v -> add(target, msg));
            return;
        }
        queue.add(target);
        queue.add(msg);
        if (open && !drainScheduled) {
            drainScheduled = true;
            loop.runOnContext(v -> drain());
        }
    }

    int size() {
        return queue.size() / 2;
    }

    Node delivering() {
        return delivering;
    }

    /** Runs {@code handling} with {@code node} as the one being delivered to (restored after: it may nest). */
    void runAs(Node node, Runnable handling) {
        Node outer = delivering;
        delivering = node;
        try {
            handling.run();
        } finally {
            delivering = outer;
        }
    }

    boolean isOpen() {
        return open;
    }

    /** A flow set starts: what is sent now waits for {@link #open}. */
    void close() {
        open = false;
    }

    /** Every node has started: deliver what waited. */
    void open() {
        open = true;
        if (!queue.isEmpty() && !drainScheduled) {
            drainScheduled = true;
            loop.runOnContext(v -> drain());
        }
    }

    /** Finishes what the running flows already accepted (an http request on its way to its response), bounded. */
    void settle() {
        deliverQueued(SETTLE_LIMIT);
    }

    /**
     * Delivers what is queued now, when called on the flow loop outside a delivery: at the end of an I/O callback
     * that sent messages (a request read, a response read). The flow's replies are then written while the
     * transport is still inside its read and leave with the read's one flush, instead of one socket write per
     * frame from a later task (an HTTP/2 response is headers, data and trailers). Node-RED delivers after the I/O
     * callback too (setImmediate); the order of deliveries does not change.
     */
    void deliverNow() {
        if (open && delivering == null && !queue.isEmpty() && engine.onLoop()) { // never inside a node's input
            deliverQueuedInOneTurn();
        }
    }

    private void drain() {
        try {
            deliverQueuedInOneTurn();
        } finally { // whatever escaped a node, the queue keeps draining
            if (queue.isEmpty()) {
                drainScheduled = false;
            } else {
                loop.runOnContext(v -> drain()); // let I/O in between batches
            }
        }
    }

    /** One drain is one loop turn for the node timers (Node.js reads the loop's time once per iteration). */
    private void deliverQueuedInOneTurn() {
        engine.timers().turn(() -> {
            deliverQueued(DRAIN_BATCH);
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    private void deliverQueued(int max) {
        int n = 0;
        while (!queue.isEmpty() && n++ < max) {
            Node target = (Node) queue.poll();
            Map<String, Object> msg = (Map<String, Object>) queue.poll();
            if (target.binding() instanceof EngineBinding b && b.engine() == engine && running.test(target)) {
                b.counters().received++;
                delivering = target;
                try {
                    target.receive(msg);
                } catch (Throwable e) { // thrown by the error routing itself
                    JvmErrors.rethrowIfFatal(e);
                    engine.log().error(target, "uncaught: " + NodeError.textOf(e));
                } finally {
                    delivering = null;
                }
            }
        }
    }
}
