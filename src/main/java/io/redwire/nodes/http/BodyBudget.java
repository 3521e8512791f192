package io.redwire.nodes.http;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory every http-in request body being read or handled may hold together (settings.httpBodyMemoryLimit).
 * apiMaxLength bounds one body; this bounds their sum, so many concurrent uploads are shed with 503 instead of
 * running the heap out. A body's bytes stay counted until its response has been sent or its connection closed.
 */
final class BodyBudget {
    static final long DEFAULT_LIMIT = 128L * 1024 * 1024;

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    BodyBudget(long limit) {
        this.limit = limit;
    }

    /** Takes {@code bytes} from the budget; false (and nothing taken) when that would pass the limit. */
    boolean take(long bytes) {
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

    void giveBack(long bytes) {
        used.addAndGet(-bytes);
    }

    long used() {
        return used.get();
    }
}
