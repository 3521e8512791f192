package io.redwire.nodes.http;

import io.redwire.js.JsValues;

import io.vertx.core.MultiMap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Outgoing request headers: names compared case-insensitively, sent with the spelling last given (servers that are
 * not case-insensitive exist, so Node-RED restores the user's case). A falsy value removes the header.
 */
final class RequestHeaders {
    private record Header(String name, Object value) {
    }

    private final Map<String, Header> byLowerName = new LinkedHashMap<>();

    /** Node-RED's updateHeader: replaces any spelling of the name; a falsy value removes it. */
    void set(String name, Object value) {
        String key = name.toLowerCase();
        byLowerName.remove(key);
        if (JsValues.truthy(value)) {
            byLowerName.put(key, new Header(name, value));
        }
    }

    void remove(String name) {
        byLowerName.remove(name.toLowerCase());
    }

    boolean has(String name) {
        return byLowerName.containsKey(name.toLowerCase());
    }

    /** The value as a string (first element of a list), or null. */
    String get(String name) {
        Header h = byLowerName.get(name.toLowerCase());
        if (h == null) {
            return null;
        }
        return h.value instanceof List<?> l ? (l.isEmpty() ? "" : JsValues.toJsString(l.get(0)))
                : JsValues.toJsString(h.value);
    }

    /** The value only if the header is spelled exactly so (Node-RED reads `cookie` by its lower-case key). */
    String getExact(String name) {
        Header h = byLowerName.get(name.toLowerCase());
        return h != null && h.name.equals(name) ? get(name) : null;
    }

    /** Writes the headers; a list value becomes repeated header lines, like Node's setHeader with an array. */
    void writeTo(MultiMap out) {
        for (Header h : byLowerName.values()) {
            if (h.value instanceof List<?> l) {
                List<String> values = new ArrayList<>(l.size());
                l.forEach(v -> values.add(JsValues.toJsString(v)));
                out.add(h.name, values);
            } else {
                out.add(h.name, JsValues.toJsString(h.value));
            }
        }
    }
}
