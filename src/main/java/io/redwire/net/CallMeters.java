package io.redwire.net;

import io.redwire.spi.FlowEngine;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Finished RPCs (gRPC, Thrift) in the process's metrics: a timer {@code redwire_<family>_calls} per side (server,
 * client), service, method and status (gRPC's code name, e.g. OK or NOT_FOUND; for Thrift OK, the declared
 * exception's field name, the TApplicationException type or the transport failure), and what carried the call:
 * gRPC's protocol on the wire ({@code protocol}: grpc, grpc-web, connect, http), Thrift's transport
 * ({@code transport}: buffered, framed, http). A family's calls all carry the same tag keys (one meter name, one set
 * of keys). A timer is registered the first time its combination occurs; later calls only look it up.
 */
public final class CallMeters {
    private record Key(String family, String tag, String carrier, String side, String service, String method,
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

    /**
     * Records a call that ended with {@code status}, started at {@code startNanos} (System.nanoTime()), tagged
     * {@code tag=carrier} (gRPC: protocol=grpc, grpc-web, connect or http; Thrift: transport=buffered, framed or http).
     */
    public void tagged(String family, String tag, String carrier, String side, String service, String method,
                       String status, long startNanos) {
        timers.computeIfAbsent(new Key(family, tag, carrier, side, service, method, status), k -> {
            Timer.Builder b = Timer.builder("redwire_" + k.family() + "_calls")
                    .description(k.family() + " calls by status")
                    .tags("side", k.side(), "service", k.service(), "method", k.method(), "status", k.status());
            return b.tag(k.tag(), k.carrier()).register(registry);
        }).record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }
}
