package io.redwire.reliab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * GETs a route answered through the flow loop (http in → http response) every 50 ms until closed and keeps the
 * slowest answer: how long the loop was held by whatever else it ran meanwhile.
 */
final class FlowLoopProbe implements AutoCloseable {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    private final AtomicLong slowestMs = new AtomicLong();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;

    FlowLoopProbe(String url) {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build();
        thread = new Thread(() -> {
            while (running.get()) {
                long t0 = System.nanoTime();
                try {
                    if (http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                        failed.incrementAndGet();
                    }
                } catch (Exception e) {
                    failed.incrementAndGet();
                }
                slowestMs.accumulateAndGet((System.nanoTime() - t0) / 1_000_000, Math::max);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "flow-loop-probe");
        thread.setDaemon(true);
        thread.start();
    }

    /** The slowest answer so far, in ms. */
    long slowestMs() {
        return slowestMs.get();
    }

    int failed() {
        return failed.get();
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(70_000);
    }
}
