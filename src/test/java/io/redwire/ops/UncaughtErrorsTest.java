package io.redwire.ops;

import io.redwire.logging.Log;
import io.redwire.msg.JvmErrors;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A thread dying of an error is logged; of one the JVM cannot go on after, the process is ended (issue 21). */
class UncaughtErrorsTest {
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final Log log = new Log(new PrintStream(logged, true, StandardCharsets.UTF_8));
    private final AtomicInteger halts = new AtomicInteger();

    @Test
    void aThreadDyingOfOutOfMemoryIsLoggedAndEndsTheProcess() throws Exception {
        die("oom-victim", () -> {
            long[] huge = new long[Integer.MAX_VALUE - 8]; // a real OutOfMemoryError, without filling the heap
            huge[0] = 1;
        });
        String text = logged.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("thread oom-victim died of java.lang.OutOfMemoryError"), text);
        assertTrue(text.contains("ending the process (status 70)"), text);
        assertEquals(1, halts.get());
    }

    @Test
    void aThreadDyingOfAnExceptionIsLoggedOnly() throws Exception {
        die("npe-victim", () -> {
            throw new IllegalStateException("gone");
        });
        String text = logged.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("thread npe-victim died of java.lang.IllegalStateException: Error: gone"), text);
        assertEquals(0, halts.get());
    }

    /** A periodic task that meets an OutOfMemoryError runs on (a ScheduledExecutorService drops it otherwise). */
    @Test
    void aSurvivingTaskRunsOnAfterAnOutOfMemoryError() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger reported = new AtomicInteger();
        try {
            timer.scheduleWithFixedDelay(JvmErrors.surviving(() -> {
                if (runs.incrementAndGet() == 1) {
                    long[] huge = new long[Integer.MAX_VALUE - 8];
                    huge[0] = 1;
                }
            }, e -> reported.incrementAndGet()), 0, 10, TimeUnit.MILLISECONDS);
            long end = System.nanoTime() + 10_000_000_000L;
            while (runs.get() < 3 && System.nanoTime() < end) {
                Thread.sleep(10);
            }
        } finally {
            timer.shutdownNow();
        }
        assertTrue(runs.get() >= 3, "runs after the error: " + runs.get());
        assertEquals(1, reported.get());
    }

    private void die(String name, Runnable body) throws InterruptedException {
        Thread t = new Thread(body, name);
        t.setUncaughtExceptionHandler(new UncaughtErrors(log, halts::incrementAndGet));
        t.start();
        t.join(10_000);
    }
}
