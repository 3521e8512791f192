package io.redwire.msg;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** Message identity and Node-RED's cloneMessage. A message is a mutable JSON-like tree rooted in a Map. */
public final class Messages {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Messages() {
    }

    /** 16 lowercase hex chars from 8 random bytes. */
    public static String newId() {
        long r = ThreadLocalRandom.current().nextLong();
        char[] c = new char[16];
        for (int i = 15; i >= 0; i--) {
            c[i] = HEX[(int) (r & 0xf)];
            r >>>= 4;
        }
        return new String(c);
    }

    public static Map<String, Object> create() {
        return new LinkedHashMap<>();
    }

    /** Deep copy of a message; req/res (shared references) stay shared. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> cloneMessage(Map<String, Object> msg) {
        return (Map<String, Object>) deepCopy(msg);
    }

    /**
     * Deep copy of any message value, as lodash's cloneDeep (Node-RED's clone): unknown objects are kept by
     * reference like functions, a cycle or a shared container is copied once and stays a cycle / shared. Most
     * messages are shallow, so the copy first runs without bookkeeping and only redoes itself with an identity
     * map once it is nested deeper than {@link #FAST_DEPTH}; beyond {@link #MAX_DEPTH} levels it refuses with an
     * error instead of overflowing the flow thread's stack.
     */
    public static Object deepCopy(Object v) {
        try {
            return copy(v, 0, null);
        } catch (TooDeep fast) {
            return copy(v, 0, new IdentityHashMap<>());
        }
    }

    /** How deep a message may nest (Jackson's default nesting limit for JSON). */
    public static final int MAX_DEPTH = 1000;
    private static final int FAST_DEPTH = 64;

    private static Object copy(Object v, int depth, IdentityHashMap<Object, Object> seen) {
        if (v instanceof SharedRef) {
            return v;
        }
        boolean map = v instanceof Map;
        if (!map && !(v instanceof List)) {
            return copyLeaf(v);
        }
        if (seen == null) {
            if (depth > FAST_DEPTH) {
                throw TooDeep.SIGNAL;
            }
        } else {
            Object prior = seen.get(v);
            if (prior != null) {
                return prior;
            }
            if (depth > MAX_DEPTH) {
                throw new NodeError("RangeError: message too deeply nested to copy (more than " + MAX_DEPTH
                        + " levels)");
            }
        }
        if (map) {
            Map<?, ?> m = (Map<?, ?>) v;
            Map<String, Object> out = m instanceof LinkedHashMap || !(m instanceof HashMap)
                    ? new LinkedHashMap<>(Math.max(4, m.size() * 2)) : new HashMap<>();
            if (seen != null) {
                seen.put(v, out);
            }
            for (var e : m.entrySet()) {
                out.put(String.valueOf(e.getKey()), copy(e.getValue(), depth + 1, seen));
            }
            return out;
        }
        List<?> l = (List<?>) v;
        List<Object> out = new ArrayList<>(l.size());
        if (seen != null) {
            seen.put(v, out);
        }
        for (Object o : l) {
            out.add(copy(o, depth + 1, seen));
        }
        return out;
    }

    private static Object copyLeaf(Object v) {
        if (v instanceof byte[] b) {
            return b.clone();
        }
        if (v instanceof Date d) {
            return new Date(d.getTime());
        }
        return v;
    }

    /** Thrown (without a stack) to leave the fast copy for the one that tracks identities. */
    private static final class TooDeep extends RuntimeException {
        static final TooDeep SIGNAL = new TooDeep();

        private TooDeep() {
            super(null, null, false, false);
        }
    }
}
