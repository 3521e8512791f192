package io.redwire.nodes.file;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.js.Inspect;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;
import io.redwire.msg.TypedValue;
import io.redwire.msg.ValueScope;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The file nodes' filename setting: a typed input (str, msg, env, flow, global, jsonata); flows from before
 * Node-RED 3 have no filenameType, where a blank filename means msg.filename and any other is a fixed path.
 */
final class FileTarget {
    static final Field FILENAME = Field.typed("filename", "filenameType", "str",
            List.of("str", "msg", "flow", "global", "env", "jsonata"));

    private final TypedValue filename;
    private final boolean fixed;

    FileTarget(NodeConfig c) {
        String name = c.str(FILENAME);
        String type = c.typeOf(FILENAME, "");
        if (type.isEmpty()) {
            type = name.isEmpty() ? "msg" : "str";
            name = name.isEmpty() ? "filename" : name;
        }
        this.filename = c.typed(name, type, FILENAME);
        this.fixed = type.equals("str") || type.equals("env");
    }

    /** Whether the path is the same for every message (append mode may keep writing to it). */
    boolean fixed() {
        return fixed;
    }

    /**
     * The path a resolved filename names. One with a NUL byte is refused as Node.js's fs refuses it before any system
     * call, with its argument error (code ERR_INVALID_ARG_VALUE; the value quoted by util.inspect, cut at 128
     * characters): {@code TypeError [ERR_INVALID_ARG_VALUE]: The argument 'path' must be a string, Uint8Array, or
     * URL without null bytes. Received '/tmp/x\x00y'}.
     */
    static Path path(String filename) {
        if (filename.indexOf('\0') >= 0) {
            String received = Inspect.of(filename);
            throw new NodeError("TypeError [ERR_INVALID_ARG_VALUE]: The argument 'path' must be a string, Uint8Array,"
                    + " or URL without null bytes. Received " + (received.length() > 128
                    ? received.substring(0, 128) + "..." : received), "ERR_INVALID_ARG_VALUE", null);
        }
        return Path.of(filename);
    }

    String resolve(Map<String, Object> msg, ValueScope scope) {
        Object v = filename.evaluate(msg, scope);
        return v == null || v == Undefined.VALUE ? "" : JsValues.toJsString(v);
    }
}
