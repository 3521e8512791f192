package io.redwire.ops;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.redwire.runtime.Engine;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.PrometheusScrapingHandler;

import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;

/**
 * The process's Prometheus registry: Vert.x's own meters through vertx-micrometer-metrics (HTTP server/client
 * requests by method and code — gRPC included, as it runs on Vert.x HTTP/2 —, pools by type and name,
 * connections), the engine's {@link io.redwire.runtime.RuntimeMetrics}, gRPC and Thrift calls by status
 * ({@link io.redwire.net.CallMeters}), the http in latency histogram and the flow loop's delay. Served as
 * {@code GET /metrics} in the Prometheus text format.
 */
public final class ProcessMetrics {
    private static final long LOOP_PROBE_MS = 100;
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** A Vert.x instance reporting into this registry. */
    public Vertx newVertx() {
        // the pool labels keep each worker pool's gauges apart: without them the second pool's vertx.pool.* gauges
        // had the first one's id and Micrometer warned "already registered" at every start
        MicrometerMetricsOptions metrics = new MicrometerMetricsOptions().setEnabled(true)
                .setLabels(EnumSet.of(Label.HTTP_METHOD, Label.HTTP_CODE, Label.POOL_TYPE, Label.POOL_NAME));
        return Vertx.builder().with(new VertxOptions().setMetricsOptions(metrics))
                .withMetrics(new MicrometerMetricsFactory(registry)).build();
    }

    /**
     * Measures how late a 100 ms timer on the flow loop fires: the time a message waits behind other work.
     */
    /** @return stops the probe (an embedding application's Vert.x outlives the engine) */
    public Runnable watchLoop(Engine engine) {
        Timer delay = Timer.builder("redwire_event_loop_delay").description("lateness of a 100 ms timer on the "
                + "flow loop").publishPercentileHistogram().maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry);
        long[] timer = {-1};
        engine.loop().runOnContext(v -> {
            long[] expected = {System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOOP_PROBE_MS)};
            timer[0] = engine.vertx().setPeriodic(LOOP_PROBE_MS, t -> {
                long now = System.nanoTime();
                delay.record(Math.max(0, now - expected[0]), TimeUnit.NANOSECONDS);
                expected[0] = now + TimeUnit.MILLISECONDS.toNanos(LOOP_PROBE_MS);
            });
        });
        return () -> engine.execute(() -> engine.vertx().cancelTimer(timer[0]));
    }

    public void mount(Router router) {
        router.get("/metrics").handler(PrometheusScrapingHandler.create(registry));
    }
}
