package io.redwire.admin;

import io.redwire.api.DebugEvent;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.CircularMarkers;
import io.redwire.msg.ErrorValue;
import io.redwire.msg.Json;
import io.redwire.msg.SharedRef;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Turns a {@link DebugEvent} into the {@code debug} comms payload the editor's sidebar reads, following Node-RED's
 * encodeObject: {@code msg} becomes a string (JSON for objects and arrays, hex for buffers) and {@code format}
 * names what it was ("Object", "string[N]", "array[N]", "buffer[N]", "number", "boolean", "null", "undefined",
 * "error" for an Error object, shown as {__enc__, type "error", data: name, message, code, cause, stack}).
 * Long strings and arrays are cut at {@code maxLength}; values JSON cannot carry become {@code __enc__} markers.
 */
public final class DebugEncoder {
    private static final DateTimeFormatter JS_DATE =
            DateTimeFormatter.ofPattern("EEE MMM dd yyyy HH:mm:ss 'GMT'xx (zzzz)", Locale.ENGLISH);

    private final int maxLength;
    private final Function<String, String> nodeType;

    /** @param nodeType the type of a running node by id (log entries carry it), or null */
    public DebugEncoder(int maxLength, Function<String, String> nodeType) {
        this.maxLength = maxLength;
        this.nodeType = nodeType;
    }

    public Map<String, Object> encode(DebugEvent e) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (e.level() != null) {
            out.put("level", e.level());
            out.put("id", e.id());
            out.put("type", nodeType.apply(e.id()));
            encodeValue(e.value(), out);
            out.put("z", e.z());
            if (e.name() != null) {
                out.put("name", e.name()); // a log entry names the node only where Node-RED's name is defined
            }
            out.put("path", e.path());
            out.put("timestamp", System.currentTimeMillis());
        } else {
            out.put("id", e.id());
            out.put("z", e.z());
            out.put("path", e.path());
            out.put("name", e.name());
            if (e.topic() != null && e.topic() != Undefined.VALUE) {
                out.put("topic", e.topic());
            }
            if (e.property() != null) {
                out.put("property", e.property());
            }
            encodeValue(e.value(), out);
        }
        Object format = out.remove("format"); // Node-RED adds format last
        out.put("format", format);
        return out;
    }

    /** One value as Node-RED's encodeObject({msg: value}) gives it: {msg, format} (the context API's entries). */
    public Map<String, Object> encodeValue(Object v) {
        Map<String, Object> out = new LinkedHashMap<>();
        encodeValue(v, out);
        return out;
    }

    /** Puts "msg" and "format" for one value. */
    private void encodeValue(Object v, Map<String, Object> out) {
        String msg;
        String format;
        if (v == null || v == Undefined.VALUE) {
            msg = "(undefined)";
            format = v == null ? "null" : "undefined";
        } else if (v instanceof String s) {
            format = "string[" + s.length() + "]";
            msg = s.length() > maxLength ? s.substring(0, maxLength) + "..." : s;
        } else if (v instanceof Number n) {
            format = "number";
            msg = v instanceof Double || v instanceof Float ? JsValues.numberToString(n.doubleValue()) : n.toString();
        } else if (v instanceof Boolean b) {
            format = "boolean";
            msg = b.toString();
        } else if (v instanceof byte[] b) {
            format = "buffer[" + b.length + "]";
            String hex = HexFormat.of().formatHex(b);
            msg = hex.length() > maxLength ? hex.substring(0, maxLength) : hex;
        } else if (v instanceof List<?> list) {
            format = "array[" + list.size() + "]";
            msg = safeJson(list);
        } else if (v instanceof Date d) {
            format = "Date";
            msg = JS_DATE.format(d.toInstant().atZone(ZoneId.systemDefault()));
        } else if (v instanceof Pattern p) {
            format = "RegExp";
            msg = "/" + p.pattern() + "/";
        } else if (v instanceof ErrorValue e) {
            format = "error";
            msg = Json.stringify(encodedError(e.described())); // Node-RED cuts no text of a top-level error
        } else {
            format = "Object";
            msg = safeJson(v);
        }
        out.put("msg", msg);
        out.put("format", format);
    }

    /**
     * JSON of what the sidebar shows; a value that refers to itself is written as json-stringify-safe writes it
     * (Node-RED's encodeObject), its back references as "[Circular ~...]".
     */
    private String safeJson(Object v) {
        Object shown;
        try {
            shown = sanitize(v, 0);
        } catch (Circular e) {
            shown = sanitize(CircularMarkers.replace(v), 0);
        }
        return Json.stringify(shown);
    }

    private Map<String, Object> cutArray(List<?> list, int depth) {
        Map<String, Object> enc = marker("array");
        enc.put("data", sanitize(list.subList(0, maxLength), depth));
        enc.put("length", list.size());
        return enc;
    }

    /** A copy JSON can carry, with Node-RED's markers for what it cannot. */
    private Object sanitize(Object v, int depth) {
        if ((v instanceof Map || v instanceof List) && depth > CircularMarkers.MAX_DEPTH) {
            throw Circular.SIGNAL; // a cycle, or deeper than JSON goes: CircularMarkers tells which
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String key = String.valueOf(e.getKey());
                out.put(key, key.equals("_req") || key.equals("_res") ? marker("internal")
                        : sanitize(e.getValue(), depth + 1));
            }
            return out;
        }
        if (v instanceof List<?> list) {
            if (list.size() > maxLength) {
                return cutArray(list, depth);
            }
            List<Object> out = new ArrayList<>(list.size());
            for (Object x : list) {
                out.add(sanitize(x, depth + 1));
            }
            return out;
        }
        if (v instanceof String s) {
            return s.length() > maxLength ? s.substring(0, maxLength) + "..." : s;
        }
        if ((v instanceof Double || v instanceof Float) && !Double.isFinite(((Number) v).doubleValue())) {
            Map<String, Object> enc = marker("number");
            enc.put("data", JsValues.numberToString(((Number) v).doubleValue()));
            return enc;
        }
        if (v instanceof byte[] b) {
            Map<String, Object> buf = new LinkedHashMap<>();
            buf.put("type", "Buffer");
            List<Integer> data = new ArrayList<>(Math.min(b.length, maxLength));
            for (int i = 0; i < b.length && i < maxLength; i++) {
                data.add(b[i] & 0xff);
            }
            buf.put("data", data);
            buf.put("__enc__", true);
            buf.put("length", b.length);
            return buf;
        }
        if (v == Undefined.VALUE) {
            return marker("undefined");
        }
        if (v instanceof SharedRef) {
            return marker("internal");
        }
        if (v instanceof ErrorValue e) {
            return sanitize(encodedError(e.described()), depth); // Node-RED cuts its texts too, "type" included
        }
        return v; // null, numbers, booleans, dates (ISO via Json), patterns ({} like JSON.stringify)
    }

    /** Thrown (without a stack) to leave the plain walk for the one that marks circles. */
    private static final class Circular extends RuntimeException {
        static final Circular SIGNAL = new Circular();

        private Circular() {
            super(null, null, false, false);
        }
    }

    private static Map<String, Object> encodedError(Object described) {
        Map<String, Object> enc = marker("error");
        enc.put("data", described);
        return enc;
    }

    private static Map<String, Object> marker(String type) {
        Map<String, Object> enc = new LinkedHashMap<>();
        enc.put("__enc__", true);
        enc.put("type", type);
        return enc;
    }
}
