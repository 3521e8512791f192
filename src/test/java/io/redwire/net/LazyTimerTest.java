package io.redwire.net;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LazyTimerTest {
    private static Vertx vertx;
    private static Context loop;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
        loop = vertx.getOrCreateContext();
    }

    @AfterAll
    static void stop() {
        vertx.close().await();
    }

    private static <T> T onLoop(Supplier<T> task) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        loop.runOnContext(v -> f.complete(task.get()));
        return f.get(5, TimeUnit.SECONDS);
    }

    @Test
    void comesDueOnceAfterItsDelay() throws Exception {
        AtomicInteger due = new AtomicInteger();
        CountDownLatch fired = new CountDownLatch(1);
        long t0 = System.nanoTime();
        AtomicLong at = new AtomicLong();
        onLoop(() -> {
            new LazyTimer(vertx, () -> {
                at.set(System.nanoTime());
                due.incrementAndGet();
                fired.countDown();
            }).start(50);
            return null;
        });
        assertTrue(fired.await(5, TimeUnit.SECONDS));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(at.get() - t0) >= 50, "came due early");
        Thread.sleep(200);
        assertEquals(1, due.get());
    }

    @Test
    void aClockStartedAgainComesDueFromItsLastStart() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        AtomicLong at = new AtomicLong();
        LazyTimer timer = onLoop(() -> new LazyTimer(vertx, () -> {
            at.set(System.nanoTime());
            fired.countDown();
        }));
        onLoop(() -> {
            timer.start(100);
            return null;
        });
        Thread.sleep(60);
        long restarted = System.nanoTime();
        onLoop(() -> {
            timer.start(100);
            return null;
        });
        assertTrue(fired.await(5, TimeUnit.SECONDS));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(at.get() - restarted) >= 100,
                "came due " + TimeUnit.NANOSECONDS.toMillis(at.get() - restarted) + " ms after the restart");
    }

    @Test
    void aStoppedClockDoesNotComeDue() throws Exception {
        AtomicInteger due = new AtomicInteger();
        onLoop(() -> {
            LazyTimer timer = new LazyTimer(vertx, due::incrementAndGet);
            timer.start(30);
            timer.stop();
            return null;
        });
        Thread.sleep(200);
        assertEquals(0, due.get());
    }

    @Test
    void aShorterStartIsNotHeldUpByTheLongerOnePending() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        onLoop(() -> {
            LazyTimer timer = new LazyTimer(vertx, fired::countDown);
            timer.start(60_000);
            timer.start(20);
            return null;
        });
        assertTrue(fired.await(2, TimeUnit.SECONDS));
    }

    @Test
    void restartsSetNoVertxTimerWhileOneIsPending() throws Exception {
        AtomicInteger due = new AtomicInteger();
        long[] ids = onLoop(() -> {
            LazyTimer timer = new LazyTimer(vertx, due::incrementAndGet);
            long before = vertx.setTimer(60_000, id -> { });
            for (int i = 0; i < 10_000; i++) { // a keep-alive connection's requests: stopped and started each
                timer.stop();
                timer.start(5_000);
            }
            long after = vertx.setTimer(60_000, id -> { });
            vertx.cancelTimer(before);
            vertx.cancelTimer(after);
            timer.close();
            return new long[] {before, after};
        });
        assertEquals(2, ids[1] - ids[0], "Vert.x timers set by 10 000 restarts: " + (ids[1] - ids[0] - 1));
        Thread.sleep(100);
        assertFalse(due.get() > 0);
    }
}
