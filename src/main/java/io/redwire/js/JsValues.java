package io.redwire.js;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** JavaScript's value semantics over the Java types a message holds (Map, List, String, Number, Boolean, byte[], Date). */
public final class JsValues {
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(java.time.ZoneOffset.UTC);

    private JsValues() {
    }

    public static String isoString(Date d) {
        return ISO.format(Instant.ofEpochMilli(d.getTime()));
    }

    /** Number(x). */
    public static double toNumber(Object v) {
        if (v == Undefined.VALUE) {
            return Double.NaN;
        }
        if (v == null) {
            return 0;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof String s) {
            return stringToNumber(s);
        }
        if (v instanceof Date d) {
            return d.getTime();
        }
        if (v instanceof List<?> l) {
            if (l.isEmpty()) {
                return 0;
            }
            if (l.size() == 1) {
                return toNumber(toJsString(l.get(0)));
            }
        }
        return Double.NaN;
    }

    public static double stringToNumber(String raw) {
        String s = raw.strip();
        if (s.isEmpty()) {
            return 0;
        }
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseLong(s.substring(2), 16);
            }
            if (s.startsWith("0b") || s.startsWith("0B")) {
                return Long.parseLong(s.substring(2), 2);
            }
            if (s.startsWith("0o") || s.startsWith("0O")) {
                return Long.parseLong(s.substring(2), 8);
            }
            switch (s) {
                case "Infinity", "+Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
            }
            char last = s.charAt(s.length() - 1);
            if (!Character.isDigit(last) && last != '.') {
                return Double.NaN; // Java accepts "1d", "1f"; JavaScript does not
            }
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A number as a message value: integral values stay whole so JSON and String() print them without a fraction. */
    public static Object number(double d) {
        return d;
    }

    /** String(x). */
    public static String toJsString(Object v) {
        if (v == Undefined.VALUE) {
            return "undefined";
        }
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Double || v instanceof Float) {
            return numberToString(((Number) v).doubleValue());
        }
        if (v instanceof Number n) {
            return n.toString();
        }
        if (v instanceof Boolean b) {
            return b.toString();
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (v instanceof List<?> l) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                Object e = l.get(i);
                if (e != null) {
                    sb.append(toJsString(e));
                }
            }
            return sb.toString();
        }
        if (v instanceof Map) {
            return "[object Object]";
        }
        if (v instanceof Date d) {
            return d.toString();
        }
        if (v instanceof Pattern p) {
            return "/" + p.pattern() + "/";
        }
        return String.valueOf(v);
    }

    public static String numberToString(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == Math.rint(d) && Math.abs(d) < 9.0e15) {
            return Long.toString((long) d);
        }
        double abs = Math.abs(d);
        String java = Double.toString(d);
        if (abs >= 1e-6 && abs < 1e21) {
            if (java.indexOf('E') < 0 && java.charAt(java.length() - 1) != '0') {
                return java; // 1e-3 <= |d| < 1e7: already JavaScript's text ("1.75"), without a BigDecimal per number
            }
            // Double.toString holds the shortest digits; plain notation pads with zeros like JavaScript
            return new BigDecimal(java).stripTrailingZeros().toPlainString();
        }
        if (abs == Double.MIN_VALUE) {
            return d > 0 ? "5e-324" : "-5e-324"; // Double.toString keeps two digits here; one identifies it
        }
        String s = java.replace("E", "e");
        int e = s.indexOf('e');
        String mantissa = s.substring(0, e);
        if (mantissa.endsWith(".0")) {
            mantissa = mantissa.substring(0, mantissa.length() - 2);
        }
        String exp = s.substring(e + 1);
        return mantissa + "e" + (exp.startsWith("-") ? exp : "+" + exp);
    }

    /** typeof, with Node-RED's refinements left to callers. */
    public static String typeOf(Object v) {
        if (v == Undefined.VALUE) {
            return "undefined";
        }
        if (v instanceof String) {
            return "string";
        }
        if (v instanceof Number) {
            return "number";
        }
        if (v instanceof Boolean) {
            return "boolean";
        }
        return "object";
    }

    public static boolean truthy(Object v) {
        if (v == null || v == Undefined.VALUE) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return d != 0 && !Double.isNaN(d);
        }
        if (v instanceof String s) {
            return !s.isEmpty();
        }
        return true;
    }

    private static boolean isPrimitive(Object v) {
        return v == null || v == Undefined.VALUE || v instanceof String || v instanceof Number || v instanceof Boolean;
    }

    /** ToPrimitive for objects: arrays join, objects "[object Object]", dates their time. */
    private static Object toPrimitive(Object v) {
        if (isPrimitive(v)) {
            return v;
        }
        if (v instanceof Date d) {
            return (double) d.getTime();
        }
        return toJsString(v);
    }

    /** a == b (abstract equality). */
    public static boolean looseEquals(Object a, Object b) {
        a = a == Undefined.VALUE ? null : a;
        b = b == Undefined.VALUE ? null : b;
        if (a == null || b == null) {
            return a == null && b == null;
        }
        if (!isPrimitive(a) && !isPrimitive(b)) {
            return a == b;
        }
        if (a instanceof String sa && b instanceof String sb) {
            return sa.equals(sb);
        }
        if (a instanceof Boolean ba && b instanceof Boolean bb) {
            return ba.equals(bb);
        }
        if (!isPrimitive(a)) {
            return looseEquals(toPrimitive(a), b);
        }
        if (!isPrimitive(b)) {
            return looseEquals(a, toPrimitive(b));
        }
        return toNumber(a) == toNumber(b);
    }

    /** The result of a < b in JavaScript (false when undefined/NaN involved). */
    public static boolean lessThan(Object a, Object b) {
        Object pa = toPrimitive(a);
        Object pb = toPrimitive(b);
        if (pa instanceof String sa && pb instanceof String sb) {
            return sa.compareTo(sb) < 0;
        }
        double x = toNumber(pa);
        double y = toNumber(pb);
        return x < y;
    }

    /** a <= b in JavaScript: !(b < a) unless NaN is involved. */
    public static boolean lessOrEqual(Object a, Object b) {
        Object pa = toPrimitive(a);
        Object pb = toPrimitive(b);
        if (pa instanceof String sa && pb instanceof String sb) {
            return sa.compareTo(sb) <= 0;
        }
        double x = toNumber(pa);
        double y = toNumber(pb);
        return x <= y;
    }

    /** Deep structural equality (Node-RED's compareObjects). */
    public static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return java.util.Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!deepEquals(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (var e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !deepEquals(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
