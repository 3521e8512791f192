package io.redwire.api;

/**
 * One entry for the debug sidebar / headless output: a debug node's message (level null) or a node's warn/error
 * log (level 30/20). {@code value} is the raw value (an {@link io.redwire.msg.ErrorValue} for an Error,
 * {@link io.redwire.js.Undefined#VALUE} for a missing property), encoded
 * only where it leaves the process; {@code name} is null for a log entry of a node whose Node-RED name is undefined.
 */
public record DebugEvent(String id, String z, String name, String path, Object topic, String property,
                         Object value, Integer level) {
    public static final String TOPIC = "debug";
}
