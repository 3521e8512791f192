package io.redwire.spi;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Finished RPCs (gRPC, Thrift) in the process's metrics: a timer {@code redwire_<family>_calls} per protocol on the
 * wire (grpc, grpc-web, connect; thrift), side (server, client), service, method and status (gRPC's code name, e.g.
 * OK or NOT_FOUND; for Thrift OK, the declared exception's field name, the TApplicationException type or the
 * transport failure). A timer is registered the first time its combination occurs; later calls only look it up.
 */
public final class CallMeters {
    private record Key(String family, String protocol, String side, String service, String method, String status) {
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

    /** Records a call of a family whose one protocol has its name, e.g. ("thrift", ...). */
    public void finished(String family, String side, String service, String method, String status,
                         long startNanos) {
        finished(family, family, side, service, method, status, startNanos);
    }

    /** Records a call that ended with {@code status}, started at {@code startNanos} (System.nanoTime()). */
    public void finished(String family, String protocol, String side, String service, String method, String status,
                         long startNanos) {
        timers.computeIfAbsent(new Key(family, protocol, side, service, method, status), k -> Timer
                .builder("redwire_" + k.family() + "_calls").description(k.family() + " calls by status")
                .tags("protocol", k.protocol(), "side", k.side(), "service", k.service(), "method", k.method(),
                        "status", k.status())
                .register(registry)).record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }
}
