package io.redwire.net;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes that input held in memory may take together, across connections (one request or message alone has its
 * own size limit; this bounds their sum). Callers give back exactly what they took.
 */
public class MemoryBudget {
    private final long limit;
    private final AtomicLong used = new AtomicLong();

    public MemoryBudget(long limit) {
        this.limit = limit;
    }

    /** Takes {@code bytes}; false (and nothing taken) when that would pass the limit. */
    public final boolean take(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > limit) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    public final void giveBack(long bytes) {
        used.addAndGet(-bytes);
    }

    public final long used() {
        return used.get();
    }

    public final long limit() {
        return limit;
    }
}
