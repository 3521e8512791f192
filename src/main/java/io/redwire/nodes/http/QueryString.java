package io.redwire.nodes.http;

import io.redwire.js.JsValues;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Query strings: parsing as Express's `qs` does (repeated keys → arrays, a[b]=c → nested) for http in, and Node's
 * `querystring.stringify` (flat; arrays repeat the key) for http request.
 */
final class QueryString {
    private QueryString() {
    }

    static Map<String, Object> parse(String query) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return out;
        }
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            put(out, key, value);
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // qs keeps malformed escapes as they are
        }
    }

    /** Adds one field as qs does (and multer's append-field, for repeated names and a[b] nesting). */
    @SuppressWarnings("unchecked")
    static void put(Map<String, Object> root, String key, String value) {
        int bracket = key.indexOf('[');
        if (bracket <= 0 || !key.endsWith("]")) {
            merge(root, key, value);
            return;
        }
        List<String> path = new ArrayList<>();
        path.add(key.substring(0, bracket));
        int i = bracket;
        while (i < key.length() && key.charAt(i) == '[') {
            int end = key.indexOf(']', i);
            if (end < 0) {
                merge(root, key, value);
                return;
            }
            path.add(key.substring(i + 1, end));
            i = end + 1;
        }
        Map<String, Object> cur = root;
        for (int k = 0; k < path.size() - 1; k++) {
            Object next = cur.get(path.get(k));
            if (!(next instanceof Map)) {
                next = new LinkedHashMap<String, Object>();
                cur.put(path.get(k), next);
            }
            cur = (Map<String, Object>) next;
        }
        String last = path.get(path.size() - 1);
        if (last.isEmpty()) {
            // a[]=x appends
            int n = cur.size();
            cur.put(String.valueOf(n), value);
        } else {
            merge(cur, last, value);
        }
    }

    @SuppressWarnings("unchecked")
    private static void merge(Map<String, Object> m, String key, String value) {
        Object prev = m.get(key);
        if (prev == null) {
            m.put(key, value);
        } else if (prev instanceof List<?> l) {
            ((List<Object>) l).add(value);
        } else {
            List<Object> l = new ArrayList<>();
            l.add(prev);
            l.add(value);
            m.put(key, l);
        }
    }

    /** Node's querystring.stringify: one level, arrays repeat the key, non-primitive values become "". */
    static String stringify(Object obj) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> fields = new LinkedHashMap<>();
        if (obj instanceof Map<?, ?> m) {
            m.forEach((k, v) -> fields.put(String.valueOf(k), v));
        } else if (obj instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                fields.put(String.valueOf(i), l.get(i));
            }
        } else if (obj instanceof byte[] b) {
            for (int i = 0; i < b.length; i++) {
                fields.put(String.valueOf(i), b[i] & 0xff);
            }
        }
        fields.forEach((k, v) -> {
            String key = UriEncoding.component(k) + "=";
            if (v instanceof List<?> values) {
                for (Object e : values) {
                    if (!out.isEmpty()) {
                        out.append('&');
                    }
                    out.append(key).append(UriEncoding.component(primitive(e)));
                }
            } else {
                if (!out.isEmpty()) {
                    out.append('&');
                }
                out.append(key).append(UriEncoding.component(primitive(v)));
            }
        });
        return out.toString();
    }

    private static String primitive(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? JsValues.toJsString(v) : "";
        }
        if (v instanceof Boolean b) {
            return b.toString();
        }
        return "";
    }
}
