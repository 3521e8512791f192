package io.redwire.nodes.grpc;

import io.redwire.spi.FlowEngine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Hands a stream's events from grpc's transport thread to the flow loop in order, with one loop task per burst
 * rather than one per message (a stream arriving faster than the flow takes it costs one hand-off per batch).
 */
final class LoopInbox<T> {
    /** Events handled per loop task before yielding to other work on the loop. */
    private static final int BATCH = 256;

    private final FlowEngine engine;
    private final Consumer<T> handler;
    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    LoopInbox(FlowEngine engine, Consumer<T> handler) {
        this.engine = engine;
        this.handler = handler;
    }

    /** From any thread. */
    void post(T event) {
        queue.add(event);
        if (scheduled.compareAndSet(false, true)) {
            engine.loop().runOnContext(v -> drain());
        }
    }

    private void drain() {
        scheduled.set(false);
        T event;
        int n = 0;
        while (n++ < BATCH && (event = queue.poll()) != null) {
            handler.accept(event);
        }
        if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
            engine.loop().runOnContext(v -> drain()); // later, so other loop work gets a turn
        }
    }
}
