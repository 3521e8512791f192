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
 * Stops guest code that runs longer than its node's time limit. {@link Context#interrupt} must be called from a
 * thread other than the one running the code, hence one shared daemon timer thread. The interrupt itself waits
 * until the guest stops, so it runs on a thread of its own: one slow interrupt (say, of a context that is being
 * closed) must not hold up the timer, or every other runaway would be stopped late.
 */
final class Watchdog {
    private final ScheduledThreadPoolExecutor timer;
    private final ExecutorService interrupters;

    Watchdog() {
        timer = new ScheduledThreadPoolExecutor(1, daemon("redwire-js-watchdog"));
        timer.setRemoveOnCancelPolicy(true);
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
        private final ScheduledFuture<?> task;

        private Guard(Context context, long millis) {
            task = timer.schedule(() -> {
                if (active) {
                    interrupters.execute(() -> {
                        try {
                            context.interrupt(Duration.ofSeconds(10));
                        } catch (Exception e) {
                            // the call ended meanwhile, or the context is closing: nothing left to stop
                        }
                    });
                }
            }, millis, TimeUnit.MILLISECONDS);
        }

        @Override
        public void close() {
            active = false;
            task.cancel(false);
        }
    }

    Guard arm(Context context, long millis) {
        return new Guard(context, millis);
    }
}
