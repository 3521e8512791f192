package io.redwire.nodes.storage;

import io.redwire.js.JsValues;
import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.msg.TypedValue;
import io.redwire.js.Undefined;
import io.redwire.msg.ValueScope;

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

    String resolve(Map<String, Object> msg, ValueScope scope) {
        Object v = filename.evaluate(msg, scope);
        return v == null || v == Undefined.VALUE ? "" : JsValues.toJsString(v);
    }
}
