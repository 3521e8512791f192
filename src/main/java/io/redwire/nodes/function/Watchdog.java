package io.redwire.nodes.function;

import org.graalvm.polyglot.Context;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Stops guest code that runs longer than its node's time limit, or that fills the heap past functionHeapLimit
 * ({@link HeapGuard}). {@link Context#interrupt} must be called from a thread other than the one running the code,
 * hence one shared daemon timer thread. The interrupt itself waits until the guest stops, so it runs on a thread
 * of its own: one slow interrupt (say, of a context that is being closed) must not hold up the timer, or every
 * other runaway would be stopped late.
 */
final class Watchdog {
    private final ScheduledThreadPoolExecutor timer;
    private final ExecutorService interrupters;
    private final HeapGuard heap;

    Watchdog() {
        timer = new ScheduledThreadPoolExecutor(1, daemon("redwire-js-watchdog"));
        timer.setRemoveOnCancelPolicy(true);
        heap = new HeapGuard(daemon("redwire-js-heap-guard"));
        interrupters = Executors.newCachedThreadPool(daemon("redwire-js-interrupt"));
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** A running guard; {@link Guard#close()} disarms it when the guest call returns in time. */
    final class Guard implements AutoCloseable {
        private volatile boolean active = true;
        private volatile long heapInUse = -1;
        private final ScheduledFuture<?> task;
        private final HeapGuard.Call heapCall;

        private Guard(Context context, long millis, long heapLimit) {
            task = millis > 0 ? timer.schedule(() -> stop(context), millis, TimeUnit.MILLISECONDS) : null;
            heapCall = heapLimit > 0 ? heap.watch(heapLimit, inUse -> {
                heapInUse = inUse;
                stop(context);
            }) : null;
        }

        private void stop(Context context) {
            if (active) {
                interrupters.execute(() -> {
                    try {
                        context.interrupt(Duration.ofSeconds(10));
                    } catch (Exception e) {
                        // the call ended meanwhile, or the context is closing: nothing left to stop
                    }
                });
            }
        }

        /** The heap in use that stopped the call, or -1 when it was not stopped for its heap. */
        long heapInUse() {
            return heapInUse;
        }

        @Override
        public void close() {
            active = false;
            if (task != null) {
                task.cancel(false);
            }
            if (heapCall != null) {
                heapCall.close();
            }
        }
    }

    Guard arm(Context context, long millis, long heapLimit) {
        return new Guard(context, millis, heapLimit);
    }
}
