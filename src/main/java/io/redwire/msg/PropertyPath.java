package io.redwire.msg;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed property expression (`a.b[0]["c d"]`, `a[msg.topic]`) with Node-RED's get/set semantics.
 * Parse once at deploy time; segments are String keys, Integer indexes, or nested PropertyPaths resolved per msg.
 */
public final class PropertyPath {
    private final String text;
    private final List<Object> segments;

    private PropertyPath(String text, List<Object> segments) {
        this.text = text;
        this.segments = segments;
    }

    public String text() {
        return text;
    }

    /** Parses a msg property expression; a leading "msg." is dropped. */
    public static PropertyPath ofMsg(String expr) {
        String e = expr == null ? "" : expr;
        if (e.startsWith("msg.")) {
            e = e.substring(4);
        }
        return parse(e);
    }

    public static PropertyPath parse(String expr) {
        return new PropertyPath(expr, new Parser(expr).parse());
    }

    public boolean isSimple(String key) {
        return segments.size() == 1 && key.equals(segments.get(0));
    }

    public Object first() {
        return segments.get(0);
    }

    /** getMessageProperty: missing leaf → null result with found=false; missing parent → PropertyException. */
    public Object get(Object root, Map<String, Object> msg) {
        Object v = lookup(root, msg);
        return v == Undefined.VALUE ? null : v;
    }

    /**
     * getMessageProperty as JavaScript reads its result: a missing property, or one below a missing parent, is
     * {@link Undefined#VALUE} (the debug node's "undefined", told apart from a null value).
     */
    public Object getOrUndefined(Object root, Map<String, Object> msg) {
        try {
            return lookup(root, msg);
        } catch (PropertyException e) {
            return Undefined.VALUE;
        }
    }

    /** The value, {@link Undefined#VALUE} for a missing leaf; a missing parent throws. */
    private Object lookup(Object root, Map<String, Object> msg) {
        Object cur = root;
        for (int i = 0; i < segments.size(); i++) {
            Object key = resolve(segments.get(i), msg);
            if (cur == null) {
                throw new PropertyException("Cannot read properties of " + (i == 0 ? "undefined" : "undefined")
                        + " (reading '" + key + "')");
            }
            cur = child(cur, key);
            if (cur == Undefined.VALUE) {
                if (i < segments.size() - 1) {
                    Object next = resolve(segments.get(i + 1), msg);
                    throw new PropertyException("Cannot read properties of undefined (reading '" + next + "')");
                }
                return Undefined.VALUE;
            }
        }
        return cur;
    }

    /** Like get, but a missing parent yields null instead of an exception (debug/switch/json behaviour). */
    public Object getOrNull(Object root, Map<String, Object> msg) {
        try {
            return get(root, msg);
        } catch (PropertyException e) {
            return null;
        }
    }

    /** True if the final key exists on its parent. */
    public boolean exists(Object root, Map<String, Object> msg) {
        Object cur = root;
        for (int i = 0; i < segments.size(); i++) {
            Object key = resolve(segments.get(i), msg);
            if (cur == null) {
                return false;
            }
            cur = child(cur, key);
            if (cur == Undefined.VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * setMessageProperty. A null-undefined value ({@link Undefined#VALUE}) deletes. Returns false when an existing
     * intermediate is a primitive (nothing written).
     */
    @SuppressWarnings("unchecked")
    public boolean set(Object root, Object value, boolean createMissing, Map<String, Object> msg) {
        Object cur = root;
        int last = segments.size() - 1;
        for (int i = 0; i < last; i++) {
            Object key = resolve(segments.get(i), msg);
            Object next = child(cur, key);
            if (next == Undefined.VALUE || next == null && !(cur instanceof Map<?, ?> m && m.containsKey(key))) {
                if (!createMissing) {
                    return true;
                }
                Object nextKey = resolve(segments.get(i + 1), msg);
                next = nextKey instanceof Integer ? new ArrayList<>() : new LinkedHashMap<String, Object>();
                if (!put(cur, key, next)) {
                    return false;
                }
            } else if (!(next instanceof Map) && !(next instanceof List)) {
                return false;
            }
            cur = next;
        }
        Object key = resolve(segments.get(last), msg);
        if (value == Undefined.VALUE) {
            if (cur instanceof Map<?, ?> m) {
                m.remove(String.valueOf(key));
            } else if (cur instanceof List<?> l && key instanceof Integer idx && idx < l.size()) {
                l.remove((int) idx);
            }
            return true;
        }
        if (!(cur instanceof Map) && !(cur instanceof List)) {
            return false;
        }
        return put(cur, key, value);
    }

    public void delete(Object root, Map<String, Object> msg) {
        try {
            set(root, Undefined.VALUE, false, msg);
        } catch (PropertyException ignored) {
            // deleting below a missing parent is a no-op
        }
    }

    @SuppressWarnings("unchecked")
    private static boolean put(Object container, Object key, Object value) {
        if (container instanceof Map<?, ?> m) {
            ((Map<String, Object>) m).put(String.valueOf(key), value);
            return true;
        }
        if (container instanceof List<?> l && key instanceof Integer idx && idx >= 0) {
            List<Object> list = (List<Object>) l;
            while (list.size() <= idx) {
                list.add(null);
            }
            list.set(idx, value);
            return true;
        }
        return false;
    }

    /** Child value, or Undefined.VALUE when absent. */
    static Object child(Object cur, Object key) {
        if (cur instanceof Map<?, ?> m) {
            String k = String.valueOf(key);
            Object v = m.get(k);
            return v == null && !m.containsKey(k) ? Undefined.VALUE : v;
        }
        if (cur instanceof List<?> l) {
            if (key instanceof Integer i) {
                return i >= 0 && i < l.size() ? l.get(i) : Undefined.VALUE;
            }
            if ("length".equals(key)) {
                return l.size();
            }
            return Undefined.VALUE;
        }
        if (cur instanceof String s) {
            if (key instanceof Integer i) {
                return i >= 0 && i < s.length() ? String.valueOf(s.charAt(i)) : Undefined.VALUE;
            }
            if ("length".equals(key)) {
                return s.length();
            }
            return Undefined.VALUE;
        }
        if (cur instanceof byte[] b) {
            if (key instanceof Integer i) {
                return i >= 0 && i < b.length ? (int) (b[i] & 0xff) : Undefined.VALUE;
            }
            if ("length".equals(key)) {
                return b.length;
            }
        }
        return Undefined.VALUE;
    }

    private static Object resolve(Object segment, Map<String, Object> msg) {
        if (segment instanceof PropertyPath ref) {
            if (msg == null) {
                throw new PropertyException("no message to resolve " + ref.text);
            }
            Object v = ref.get(msg, msg);
            if (v == null) {
                throw new PropertyException("Invalid property expression: undefined reference at position of "
                        + ref.text);
            }
            if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
                return (int) n.doubleValue();
            }
            return JsValues.toJsString(v);
        }
        return segment;
    }

    @Override
    public String toString() {
        return text;
    }

    /** Raised for a read through a missing parent or an unparseable expression. */
    public static final class PropertyException extends RuntimeException {
        public PropertyException(String message) {
            super(message);
        }
    }

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(String s) {
            this.s = s;
        }

        List<Object> parse() {
            List<Object> out = new ArrayList<>();
            if (s.isEmpty()) {
                throw invalid(0);
            }
            char c0 = s.charAt(0);
            if (c0 == '.' || c0 == '[') {
                throw invalid(0);
            }
            out.add(word());
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == '.') {
                    pos++;
                    String w = word();
                    out.add(isDigits(w) ? (Object) Integer.valueOf(w) : w);
                } else if (c == '[') {
                    pos++;
                    out.add(bracket());
                } else {
                    throw invalid(pos);
                }
            }
            return out;
        }

        private String word() {
            int start = pos;
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == '.' || c == '[') {
                    break;
                }
                if (c == ' ' || c == ']' || c == '"' || c == '\'') {
                    throw invalid(pos);
                }
                pos++;
            }
            if (pos == start) {
                throw invalid(pos);
            }
            return s.substring(start, pos);
        }

        private Object bracket() {
            if (pos >= s.length()) {
                throw invalid(pos);
            }
            char c = s.charAt(pos);
            Object seg;
            if (c == '"' || c == '\'') {
                int end = s.indexOf(c, pos + 1);
                if (end < 0) {
                    throw invalid(pos);
                }
                seg = s.substring(pos + 1, end);
                pos = end + 1;
            } else {
                int end = s.indexOf(']', pos);
                if (end < 0) {
                    throw invalid(pos);
                }
                String inner = s.substring(pos, end);
                if (isDigits(inner)) {
                    seg = Integer.valueOf(inner);
                } else if (inner.startsWith("msg.")) {
                    int depth = 0;
                    int i = pos;
                    for (; i < s.length(); i++) {
                        char x = s.charAt(i);
                        if (x == '[') {
                            depth++;
                        } else if (x == ']') {
                            if (depth == 0) {
                                break;
                            }
                            depth--;
                        }
                    }
                    seg = PropertyPath.ofMsg(s.substring(pos, i));
                    end = i;
                } else {
                    throw invalid(pos);
                }
                pos = end;
            }
            if (pos >= s.length() || s.charAt(pos) != ']') {
                throw invalid(pos);
            }
            pos++;
            return seg;
        }

        private static boolean isDigits(String w) {
            if (w.isEmpty() || w.length() > 9) {
                return false;
            }
            for (int i = 0; i < w.length(); i++) {
                if (!Character.isDigit(w.charAt(i))) {
                    return false;
                }
            }
            return true;
        }

        private PropertyException invalid(int at) {
            return new PropertyException("Invalid property expression: unexpected "
                    + (at < s.length() ? "'" + s.charAt(at) + "'" : "end") + " at position " + at);
        }
    }

    /** A Buffer's text, used where Node-RED calls buffer.toString(). */
    public static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
