package io.redwire.spi;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Finished RPCs (gRPC, Thrift) in the process's metrics: a timer {@code redwire_<protocol>_calls} per side (server,
 * client), service, method and status (gRPC's code name, e.g. OK or NOT_FOUND; for Thrift OK, the declared
 * exception's field name, the TApplicationException type or the transport failure). A timer is registered the
 * first time its combination occurs; later calls only look it up.
 */
public final class CallMeters {
    private record Key(String protocol, String transport, String side, String service, String method,
                       String status) {
    }

    private final MeterRegistry registry;
    private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

    private CallMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** The engine's one instance. */
    public static CallMeters of(FlowEngine engine) {
        return engine.shared(CallMeters.class, () -> new CallMeters(engine.meters()));
    }

    /** Records a call that ended with {@code status}, started at {@code startNanos} (System.nanoTime()). */
    public void finished(String protocol, String side, String service, String method, String status,
                         long startNanos) {
        finished(protocol, null, side, service, method, status, startNanos);
    }

    /**
     * As above, tagged with what carried the call too ({@code transport}: for Thrift "buffered", "framed" or
     * "http"); a protocol's calls are either all tagged so or none (one meter name, one set of tag keys).
     */
    public void finished(String protocol, String transport, String side, String service, String method,
                         String status, long startNanos) {
        timers.computeIfAbsent(new Key(protocol, transport, side, service, method, status), k -> {
            Timer.Builder b = Timer.builder("redwire_" + k.protocol() + "_calls")
                    .description(k.protocol() + " calls by status")
                    .tags("side", k.side(), "service", k.service(), "method", k.method(), "status", k.status());
            return (k.transport() == null ? b : b.tag("transport", k.transport())).register(registry);
        }).record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }
}
