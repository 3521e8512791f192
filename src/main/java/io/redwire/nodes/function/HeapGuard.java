package io.redwire.nodes.function;

import io.redwire.msg.JvmErrors;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Bounds the heap function code may fill (settings.functionHeapLimit). GraalJS's per-context heap limit
 * (`sandbox.MaxHeapMemory`) exists only in Oracle GraalVM's runtime, not in the community runtime Redwire ships,
 * so this watches the JVM instead: every {@value #POLL_MS} ms it reads how much each running call's thread has
 * allocated since the call began (HotSpot counts it per thread). When a call has allocated an eighth of the limit
 * and the heap in use is above the limit, a full collection tells garbage from what is kept; if the heap in use is
 * still above the limit, the call is stopped. The next look at that call waits for another eighth of the limit
 * allocated, so code that churns through garbage costs a collection only when the heap is full anyway. Code that
 * fills the heap in less than a poll interval can still meet an OutOfMemoryError first. While no call runs the
 * poller sleeps until one starts (an idle engine's heap guard woke 100 times a second: most of its idle CPU); a
 * call wakes it only when it sleeps, so a busy flow wakes it at most once a poll interval.
 */
final class HeapGuard {
    private static final long POLL_MS = 10;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(POLL_MS);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private final Set<Call> running = ConcurrentHashMap.newKeySet();
    private final Thread poller;
    private volatile boolean asleep;

    HeapGuard(ThreadFactory threads) {
        poller = threads.newThread(this::pollWhileCallsRun);
        poller.start();
    }

    private void pollWhileCallsRun() {
        // an OutOfMemoryError met in a poll (the heap is full: that is when it runs) must not end the polls
        Runnable poll = JvmErrors.surviving(this::poll, e -> { });
        while (true) {
            asleep = true;
            if (running.isEmpty()) { // checked after asleep is set: a call added meanwhile sees it and wakes us
                LockSupport.park(this);
            }
            asleep = false;
            LockSupport.parkNanos(this, POLL_NANOS);
            poll.run();
        }
    }

    /** The default limit: three quarters of the JVM's maximum heap. */
    static long defaultLimit() {
        return Runtime.getRuntime().maxMemory() / 4 * 3;
    }

    /** One guest call being watched; stop receives the heap in use that passed the limit. */
    final class Call implements AutoCloseable {
        private final long limit;
        private final long threadId = Thread.currentThread().getId();
        private final long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
        private final LongConsumer stop;
        private long nextCheck;

        private Call(long limit, LongConsumer stop) {
            this.limit = limit;
            this.stop = stop;
            this.nextCheck = limit / 8;
        }

        @Override
        public void close() {
            running.remove(this);
        }
    }

    Call watch(long limit, LongConsumer stop) {
        Call c = new Call(limit, stop);
        running.add(c);
        if (asleep) {
            LockSupport.unpark(poller);
        }
        return c;
    }

    private void poll() {
        for (Call c : running) {
            long allocated = THREADS.getThreadAllocatedBytes(c.threadId) - c.allocatedBefore;
            if (allocated <= c.nextCheck || MEMORY.getHeapMemoryUsage().getUsed() <= c.limit) {
                continue;
            }
            c.nextCheck = allocated + c.limit / 8;
            System.gc();
            long kept = MEMORY.getHeapMemoryUsage().getUsed();
            if (kept > c.limit && running.remove(c)) {
                c.stop.accept(kept);
            }
        }
    }
}
