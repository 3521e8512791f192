package io.redwire.nodes.function;

import io.redwire.api.Setting;

import java.util.List;

/**
 * The function family's settings (docs/settings.md lists them; functionTimeout is the runtime's, which GET
 * /settings reports too).
 */
final class FunctionSettings {
    /** The key Node-RED's function node reads; functionTimeout is read when it is not set. */
    static final Setting<Double> GLOBAL_TIMEOUT = Setting.number("globalFunctionTimeout", 0, "s")
            .shownDefault("functionTimeout").help("Node-RED's name for the function time limit; read first");
    // a lambda, not a method reference: the family is declared at start, HeapGuard is loaded when a function runs
    static final Setting<Long> HEAP_LIMIT = Setting.bytes("functionHeapLimit", () -> HeapGuard.defaultLimit(),
            "¾ of the JVM's max heap").help("heap in use while function code that allocated it runs; past it the "
                    + "call is stopped with RangeError (Redwire-only)");
    static final Setting<Integer> MAX_TIMERS = Setting.integer("functionMaxTimers", 10_000, null)
            .help("pending setTimeout / setInterval timers per function node (Redwire-only)");
    static final Setting<Integer> DELIVERY_QUEUE_LIMIT = Setting.integer("deliveryQueueLimit", 100_000, null)
            .help("messages waiting for delivery past which a function's node.send throws (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(GLOBAL_TIMEOUT, HEAP_LIMIT, MAX_TIMERS, DELIVERY_QUEUE_LIMIT);

    private FunctionSettings() {
    }
}
