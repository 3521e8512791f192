package io.redwire.runtime;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The engine's own meters in a Micrometer registry (Prometheus in the process): messages received / sent and errors
 * per node type, deploys by outcome. Meters are created when a node type is first wired
 * or at start, never per message.
 */
public final class RuntimeMetrics {
    private final MeterRegistry registry;
    private final Map<String, NodeCounters> byType = new ConcurrentHashMap<>();
    private final Counter deploysOk;
    private final Counter deploysFailed;

    public RuntimeMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.deploysOk = Counter.builder("redwire_deploys").tag("result", "ok")
                .description("flow deploys").register(registry);
        this.deploysFailed = Counter.builder("redwire_deploys").tag("result", "failed")
                .description("flow deploys").register(registry);
    }

    /** Meters kept in memory only (engines built without a process registry, e.g. in tests). */
    public static RuntimeMetrics inMemory() {
        return new RuntimeMetrics(new SimpleMeterRegistry());
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** The counters of a node type; registered with the registry the first time the type is wired. */
    public NodeCounters forType(String type) {
        return byType.computeIfAbsent(type, t -> {
            NodeCounters c = new NodeCounters();
            FunctionCounter.builder("redwire_node_messages_received", c, NodeCounters::received).tag("type", t)
                    .description("messages delivered to nodes of this type").register(registry);
            FunctionCounter.builder("redwire_node_messages_sent", c, NodeCounters::sent).tag("type", t)
                    .description("messages sent by nodes of this type").register(registry);
            FunctionCounter.builder("redwire_node_errors", c, NodeCounters::errors).tag("type", t)
                    .description("errors reported by nodes of this type").register(registry);
            return c;
        });
    }

    public void deployed(boolean ok) {
        (ok ? deploysOk : deploysFailed).increment();
    }
}
