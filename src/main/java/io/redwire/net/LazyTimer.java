package io.redwire.net;

import io.vertx.core.Vertx;

import java.util.concurrent.TimeUnit;

/**
 * A timeout that is started and stopped far more often than it comes due (a connection's idle and body clocks,
 * restarted by every request): starting or stopping it moves a field, and the Vert.x timer under it is set only
 * when none is pending that fires early enough. A timer that fires before the due time sets itself again for the
 * rest, one that finds the clock stopped ends. On a keep-alive connection that answers a request every few
 * microseconds this replaces a timer set and a timer cancelled per request (each a priority-queue insert or removal
 * and a map entry in Vert.x) with one timer per period. Used on one event loop only.
 */
public final class LazyTimer {
    private final Vertx vertx;
    private final Runnable onDue;
    private boolean running;
    private long dueAt;
    private long timerId = -1;
    private long firesAt;

    public LazyTimer(Vertx vertx, Runnable onDue) {
        this.vertx = vertx;
        this.onDue = onDue;
    }

    /** Comes due {@code delayMs} from now, whether or not it was running. */
    public void start(long delayMs) {
        long now = System.nanoTime();
        dueAt = now + TimeUnit.MILLISECONDS.toNanos(delayMs);
        running = true;
        if (timerId >= 0 && firesAt - dueAt > 0) { // the pending timer would fire too late
            vertx.cancelTimer(timerId);
            timerId = -1;
        }
        if (timerId < 0) {
            arm(dueAt - now);
        }
    }

    /** Will not come due (until started again); the pending Vert.x timer, if any, fires and finds nothing to do. */
    public void stop() {
        running = false;
    }

    /** Stops it and drops the pending Vert.x timer: the owner is gone. */
    public void close() {
        running = false;
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
            timerId = -1;
        }
    }

    public boolean running() {
        return running;
    }

    private void arm(long delayNanos) {
        long ms = Math.max(1, TimeUnit.NANOSECONDS.toMillis(delayNanos + 999_999));
        firesAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        timerId = vertx.setTimer(ms, id -> fired());
    }

    private void fired() {
        timerId = -1;
        if (!running) {
            return;
        }
        long left = dueAt - System.nanoTime();
        if (left > 0) {
            arm(left);
        } else {
            running = false;
            onDue.run();
        }
    }
}
