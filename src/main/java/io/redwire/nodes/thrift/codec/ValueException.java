package io.redwire.nodes.thrift.codec;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;

/**
 * A message value does not fit its IDL type. The path to the offending value is built while the exception
 * unwinds ("item.tags[2]: expected string, got number 5"), so successful writes pay nothing for it.
 */
public final class ValueException extends IllegalArgumentException {
    private static final int SHOWN = 40;
    private final String path;
    private final String problem;

    private ValueException(String path, String problem) {
        super(path.isEmpty() ? problem : path + ": " + problem, null);
        this.path = path;
        this.problem = problem;
    }

    ValueException(String problem) {
        this("", problem);
    }

    static ValueException expected(TypeDef type, Object got) {
        return new ValueException("expected " + type.idlName() + ", got " + describe(got));
    }

    /** The same problem one level further out: a field name, or an index/key in brackets. */
    ValueException within(String segment) {
        String p = path.isEmpty() ? segment : segment + (path.startsWith("[") ? "" : ".") + path;
        return new ValueException(p, problem);
    }

    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v == io.redwire.js.Undefined.VALUE) {
            return "undefined";
        }
        String type = JsValues.typeOf(v);
        if (v instanceof java.util.Map || v instanceof java.util.List || v instanceof byte[]) {
            return v instanceof java.util.List ? "array" : v instanceof byte[] ? "Buffer" : "object";
        }
        String shown = v instanceof String ? Json.stringify(v) : JsValues.toJsString(v);
        if (shown.length() > SHOWN) {
            shown = shown.substring(0, SHOWN) + "…";
        }
        return type + " " + shown;
    }
}
