package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The `x-node-red-request-node` marker: an http request node stores the hash of the response headers it put in
 * msg.headers, so the next http request / http response node can tell an untouched copy (ignored) from headers a
 * flow set on purpose. The hash is the `hash-sum` package's, so values match Node-RED's byte for byte.
 */
final class HeaderHash {
    static final String KEY = "x-node-red-request-node";

    private HeaderHash() {
    }

    /**
     * Node-RED's check on msg.headers: the marker is removed; when the rest still hashes to it, msg.headers is
     * deleted too. Returns the headers to use, or null.
     */
    static Map<?, ?> headersToUse(Map<String, Object> msg) {
        if (!(msg.get("headers") instanceof Map<?, ?> headers)) {
            return null;
        }
        if (!headers.containsKey(KEY)) {
            return headers;
        }
        Object marker = headers.remove(KEY);
        if (of(headers).equals(marker)) {
            msg.remove("headers");
            return null;
        }
        return headers;
    }

    /** hash-sum(value): 8+ lowercase hex digits. */
    static String of(Object value) {
        String hex = Long.toHexString((long) foldValue(0, value, "", Collections.newSetFromMap(new IdentityHashMap<>())));
        return hex.length() >= 8 ? hex : "0".repeat(8 - hex.length()) + hex;
    }

    /**
     * hash-sum's string fold: per char h = (h << 5) - h + c in int32, then a negative result becomes h * -2 (a JS
     * number that may leave the int32 range). Modulo 2^32 that loop is h * 31^n + (the text's polynomial hash), and
     * the polynomial hash is exactly String.hashCode(), which Java caches: so a fold costs two multiplications.
     */
    private static double fold(double hash, String text) {
        if (text.isEmpty()) {
            return hash;
        }
        int h = (int) ((long) hash * pow31(text.length()) + text.hashCode());
        return h < 0 ? h * -2.0 : h;
    }

    /** 31^n modulo 2^64 (its low 32 bits are all that matter). */
    private static long pow31(int n) {
        long result = 1;
        long base = 31;
        for (int e = n; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result *= base;
            }
            base *= base;
        }
        return result;
    }

    private static double foldValue(double input, Object value, String key, Set<Object> seen) {
        double hash = fold(fold(fold(input, key), objectTag(value)), typeOf(value));
        if (value == null) {
            return fold(hash, "null");
        }
        if (value == Undefined.VALUE) {
            return fold(hash, "undefined");
        }
        if (!isObject(value)) {
            return fold(hash, JsValues.toJsString(value));
        }
        if (!seen.add(value)) {
            return fold(hash, "[Circular]" + key);
        }
        for (String k : sortedKeys(value)) {
            hash = foldValue(hash, child(value, k), k, seen);
        }
        return fold(hash, valueOfString(value));
    }

    private static boolean isObject(Object v) {
        return v instanceof Map || v instanceof List || v instanceof byte[] || v instanceof Date;
    }

    /** Object.keys(value).sort(). */
    private static List<String> sortedKeys(Object value) {
        List<String> keys = new ArrayList<>();
        if (value instanceof Map<?, ?> m) {
            m.keySet().forEach(k -> keys.add(String.valueOf(k)));
        } else {
            int n = value instanceof List<?> l ? l.size() : value instanceof byte[] b ? b.length : 0;
            for (int i = 0; i < n; i++) {
                keys.add(String.valueOf(i));
            }
        }
        Collections.sort(keys);
        return keys;
    }

    private static Object child(Object value, String key) {
        if (value instanceof Map<?, ?> m) {
            return m.get(key);
        }
        int i = Integer.parseInt(key);
        return value instanceof List<?> l ? l.get(i) : ((byte[]) value)[i] & 0xff;
    }

    /** String(value.valueOf()) for the object kinds a message holds. */
    private static String valueOfString(Object v) {
        if (v instanceof Map) {
            return "[object Object]";
        }
        if (v instanceof Date d) {
            return JsValues.numberToString(d.getTime());
        }
        return JsValues.toJsString(v);
    }

    /** Object.prototype.toString.call(value): the typeof name capitalised, or the class of an object. */
    private static String objectTag(Object v) {
        String type = JsValues.typeOf(v);
        String tag = v == null ? "Null" : v instanceof List ? "Array" : v instanceof byte[] ? "Uint8Array"
                : v instanceof Date ? "Date" : v instanceof java.util.regex.Pattern ? "RegExp"
                : Character.toUpperCase(type.charAt(0)) + type.substring(1);
        return "[object " + tag + "]";
    }

    private static String typeOf(Object v) {
        if (v == null || isObject(v)) {
            return "object";
        }
        return JsValues.typeOf(v);
    }
}
