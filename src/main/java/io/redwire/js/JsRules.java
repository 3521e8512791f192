package io.redwire.js;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JavaScript rules the sequence and timing nodes rely on beyond runtime JsValues: lenient parseFloat/parseInt
 * (config fields, msg.delay, msg.rate), strict equality, and how setTimeout treats its delay.
 */
public final class JsRules {
    private static final Pattern FLOAT = Pattern.compile("^[+-]?(Infinity|(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?)");
    private static final Pattern INT = Pattern.compile("^[+-]?\\d+");
    /** Node's TIMEOUT_MAX: longer (or invalid) delays become 1 ms. */
    private static final double TIMEOUT_MAX = 2147483647;

    private JsRules() {
    }

    /** parseFloat(String(v)): the longest numeric prefix after leading white space, else NaN. */
    public static double parseFloat(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        Matcher m = FLOAT.matcher(JsValues.toJsString(v).stripLeading());
        if (!m.find()) {
            return Double.NaN;
        }
        String s = m.group();
        return s.endsWith("Infinity") ? (s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY)
                : Double.parseDouble(s);
    }

    /** parseInt(String(v)) for decimal text: the integer prefix, else NaN. */
    public static double parseInt(Object v) {
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? (double) (long) d : Double.NaN;
        }
        Matcher m = INT.matcher(JsValues.toJsString(v).stripLeading());
        return m.find() ? Double.parseDouble(m.group()) : Double.NaN;
    }

    /** a === b: primitives by value (NaN is not equal to itself), objects by identity. */
    public static boolean strictEquals(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        if (a instanceof String || a instanceof Boolean) {
            return a.equals(b);
        }
        return a == b;
    }

    /** The delay setTimeout/setInterval really use: NaN, below 1 or above TIMEOUT_MAX run after 1 ms. */
    public static long timerDelay(double ms) {
        if (!(ms >= 1 && ms <= TIMEOUT_MAX)) {
            return 1;
        }
        return (long) ms;
    }
}
