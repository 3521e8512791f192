package io.redwire.nodes.function;

import io.redwire.msg.SharedRef;

import java.util.List;
import java.util.Map;

/** Whether a message value is plain JSON (so JSON text carries it exactly into JavaScript), and how large. */
final class JsonShape {
    private static final long MAX_SAFE_INTEGER = 1L << 53;
    private static final int MAX_DEPTH = 100;

    private JsonShape() {
    }

    /**
     * The number of values in {@code v}, or -1 when it holds anything JSON would change: bytes, dates, patterns,
     * shared references, undefined, non-finite or unsafe numbers, deep nesting.
     */
    static int plainValues(Object v) {
        int[] count = {0};
        return walk(v, 0, count) ? count[0] : -1;
    }

    private static boolean walk(Object v, int depth, int[] count) {
        count[0]++;
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Integer) {
            return true;
        }
        if (v instanceof Long l) {
            return l <= MAX_SAFE_INTEGER && l >= -MAX_SAFE_INTEGER;
        }
        if (v instanceof Double d) {
            return Double.isFinite(d);
        }
        if (depth > MAX_DEPTH) {
            return false;
        }
        if (v instanceof Map<?, ?> m && !(v instanceof SharedRef)) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String) || !walk(e.getValue(), depth + 1, count)) {
                    return false;
                }
            }
            return true;
        }
        if (v instanceof List<?> l) {
            for (Object o : l) {
                if (!walk(o, depth + 1, count)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
