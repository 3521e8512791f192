package io.redwire.msg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
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
     * messages are shallow, so the copy first runs recursively without bookkeeping and only redoes itself with an
     * identity map once it is nested deeper than {@link #FAST_DEPTH}; that second copy keeps its own stack (no
     * recursion, whatever the thread's stack size) and beyond {@link #MAX_DEPTH} levels refuses with lodash's
     * RangeError.
     */
    public static Object deepCopy(Object v) {
        try {
            return copy(v, 0);
        } catch (TooDeep fast) {
            return copyTracked(v);
        }
    }

    /**
     * How deep a message may nest for a copy: lodash's cloneDeep gets to about 1 950 levels on Node's default stack
     * before its "RangeError: Maximum call stack size exceeded".
     */
    public static final int MAX_DEPTH = 2000;
    private static final int FAST_DEPTH = 64;

    private static Object copy(Object v, int depth) {
        if (!isContainer(v)) {
            return copyLeaf(v);
        }
        if (depth > FAST_DEPTH) {
            throw TooDeep.SIGNAL;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = newMap(m);
            for (var e : m.entrySet()) {
                out.put(String.valueOf(e.getKey()), copy(e.getValue(), depth + 1));
            }
            return out;
        }
        List<?> l = (List<?>) v;
        List<Object> out = new ArrayList<>(l.size());
        for (Object o : l) {
            out.add(copy(o, depth + 1));
        }
        return out;
    }

    private static boolean isContainer(Object v) {
        return (v instanceof Map || v instanceof List) && !(v instanceof SharedRef);
    }

    private static Map<String, Object> newMap(Map<?, ?> m) {
        return m instanceof LinkedHashMap || !(m instanceof HashMap) ? new LinkedHashMap<>(Math.max(4, m.size() * 2))
                : new HashMap<>();
    }

    /** A container being filled: the entries or elements of its source still to copy. */
    private record Open(Iterator<?> items, Map<String, Object> map, List<Object> list) {
    }

    private static Object copyTracked(Object root) {
        IdentityHashMap<Object, Object> seen = new IdentityHashMap<>();
        ArrayDeque<Open> open = new ArrayDeque<>();
        Object result = enter(root, seen, open);
        while (!open.isEmpty()) {
            Open top = open.peek();
            if (!top.items().hasNext()) {
                open.pop();
            } else if (top.map() != null) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) top.items().next();
                top.map().put(String.valueOf(e.getKey()), enter(e.getValue(), seen, open));
            } else {
                top.list().add(enter(top.items().next(), seen, open));
            }
        }
        return result;
    }

    /** The copy of {@code v}: a leaf's, a container's made before, or a new container queued to be filled. */
    private static Object enter(Object v, IdentityHashMap<Object, Object> seen, ArrayDeque<Open> open) {
        if (!isContainer(v)) {
            return copyLeaf(v);
        }
        Object prior = seen.get(v);
        if (prior != null) {
            return prior;
        }
        if (open.size() > MAX_DEPTH) {
            throw new NodeError("RangeError: Maximum call stack size exceeded");
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = newMap(m);
            seen.put(v, out);
            open.push(new Open(m.entrySet().iterator(), out, null));
            return out;
        }
        List<?> l = (List<?>) v;
        List<Object> out = new ArrayList<>(l.size());
        seen.put(v, out);
        open.push(new Open(l.iterator(), null, out));
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
