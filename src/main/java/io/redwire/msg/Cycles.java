package io.redwire.msg;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Finds the first cycle JSON.stringify would meet in a message value, walking depth-first in its order without
 * recursion (so any depth is safe), and words it as V8 does: {@code Converting circular structure to JSON} followed
 * by the path from the object where the circle starts to the key that closes it — at most the first two and the
 * last step in between, "..." for the rest. Shared references that are no cycle (and {@link SharedRef}s, which
 * JSON writes as {}) are not circles.
 */
final class Cycles {
    private static final int PREFIX_STEPS = 2;
    private static final int POSTFIX_STEPS = 1;

    private Cycles() {
    }

    /** One container on the current path and how far its children have been walked. */
    private static final class Step {
        final Object container;
        final Object key; // the key (String) or index (Integer) it sits under in its parent
        final Iterator<?> children;
        final Iterator<?> keys;
        int index;

        Step(Object container, Object key) {
            this.container = container;
            this.key = key;
            if (container instanceof Map<?, ?> m) {
                this.children = m.values().iterator();
                this.keys = m.keySet().iterator();
            } else {
                this.children = ((List<?>) container).iterator();
                this.keys = null;
            }
        }

        Object nextKey() {
            return keys != null ? String.valueOf(keys.next()) : Integer.valueOf(index++);
        }
    }

    /** @return V8's message for the first circle in {@code root}, or null when it has none */
    static String circle(Object root) {
        if (!descends(root)) {
            return null;
        }
        List<Step> path = new ArrayList<>();
        IdentityHashMap<Object, Integer> onPath = new IdentityHashMap<>();
        path.add(new Step(root, null));
        onPath.put(root, 0);
        while (!path.isEmpty()) {
            Step top = path.get(path.size() - 1);
            if (!top.children.hasNext()) {
                onPath.remove(top.container);
                path.remove(path.size() - 1);
                continue;
            }
            Object child = top.children.next();
            Object key = top.nextKey();
            if (!descends(child)) {
                continue;
            }
            Integer start = onPath.get(child);
            if (start != null) {
                return message(path.subList(start, path.size()), key);
            }
            onPath.put(child, path.size());
            path.add(new Step(child, key));
        }
        return null;
    }

    private static boolean descends(Object v) {
        return (v instanceof Map || v instanceof List) && !(v instanceof SharedRef);
    }

    private static String message(List<Step> circle, Object closingKey) {
        StringBuilder b = new StringBuilder("Converting circular structure to JSON\n    --> starting at object with ")
                .append(constructor(circle.get(0).container));
        int steps = circle.size() - 1;
        for (int i = 1; i <= steps; i++) {
            if (steps > PREFIX_STEPS + POSTFIX_STEPS && i == PREFIX_STEPS + 1) {
                b.append("\n    |     ...");
                i = steps - POSTFIX_STEPS + 1;
            }
            Step s = circle.get(i);
            b.append("\n    |     ").append(keyText(s.key)).append(" -> object with ").append(constructor(s.container));
        }
        return b.append("\n    --- ").append(keyText(closingKey)).append(" closes the circle").toString();
    }

    private static String constructor(Object container) {
        return container instanceof List ? "constructor 'Array'" : "constructor 'Object'";
    }

    private static String keyText(Object key) {
        return key instanceof Integer i ? "index " + i : "property '" + key + "'";
    }
}
