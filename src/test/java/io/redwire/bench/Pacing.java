package io.redwire.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/** Runs asynchronous steps 0..n-1 with at most a given number in flight; fails with the first failing step. */
final class Pacing {
    private final int steps;
    private final IntFunction<? extends CompletionStage<?>> step;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private Pacing(int steps, IntFunction<? extends CompletionStage<?>> step) {
        this.steps = steps;
        this.step = step;
    }

    /** One step after the other. */
    static CompletableFuture<Void> sequential(int steps, IntFunction<? extends CompletionStage<?>> step) {
        return upTo(1, steps, step);
    }

    static CompletableFuture<Void> upTo(int inFlight, int steps, IntFunction<? extends CompletionStage<?>> step) {
        Pacing p = new Pacing(steps, step);
        if (steps == 0) {
            p.done.complete(null);
        }
        for (int k = 0; k < Math.min(inFlight, steps); k++) {
            p.startNext();
        }
        return p.done;
    }

    private void startNext() {
        int i = next.getAndIncrement();
        if (i >= steps || done.isDone()) {
            return;
        }
        try {
            step.apply(i).whenComplete((result, failure) -> {
                if (failure != null) {
                    done.completeExceptionally(failure);
                } else if (finished.incrementAndGet() == steps) {
                    done.complete(null);
                } else {
                    startNext();
                }
            });
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }
}
