package io.redwire.nodes.sequence;

import io.redwire.js.JsValues;
import io.redwire.msg.Messages;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * msg.parts, the sequence description shared by split, join, sort and batch: {id, index, count, type, ch, key, len,
 * property} plus an outer {@code parts} when sequences are nested (a split of a split).
 */
final class MessageParts {
    static final String KEY = "parts";

    private MessageParts() {
    }

    /** msg.parts when it is an object, else null. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> of(Map<String, Object> msg) {
        return msg.get(KEY) instanceof Map<?, ?> p ? (Map<String, Object>) p : null;
    }

    /** Starts a new (inner) sequence: any existing parts are kept as the outer level. Returns the new parts. */
    static Map<String, Object> push(Map<String, Object> msg) {
        Map<String, Object> parts = new LinkedHashMap<>();
        if (msg.containsKey(KEY)) {
            parts.put(KEY, msg.get(KEY));
        }
        parts.put("id", Messages.newId());
        msg.put(KEY, parts);
        return parts;
    }

    /** Ends the inner sequence: the outer parts come back, or msg.parts goes away. */
    static void pop(Map<String, Object> msg) {
        Map<String, Object> parts = of(msg);
        if (parts != null && parts.containsKey(KEY)) {
            msg.put(KEY, parts.get(KEY));
        } else {
            msg.remove(KEY);
        }
    }

    /** parts.count as a number, or NaN when absent (JavaScript comparisons with undefined are all false). */
    static double count(Map<String, Object> parts) {
        return parts != null && parts.containsKey("count") ? JsValues.toNumber(parts.get("count")) : Double.NaN;
    }

    /**
     * The editor's escapes in a separator or joiner: a backslash before n, r, t, f or 0 makes that control
     * character; before e it makes a plain "e", as Node-RED's JavaScript string literal does.
     */
    static String unescapeSeparator(String text) {
        return text.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t").replace("\\e", "e")
                .replace("\\f", "\f").replace("\\0", "\0");
    }
}
