package io.redwire.msg;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Whether a message value refers to itself: a depth-first walk without recursion, so any depth is safe. */
final class Cycles {
    private Cycles() {
    }

    static boolean contains(Object root) {
        Set<Object> onPath = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Object[]> stack = new ArrayDeque<>(); // {container, iterator over its children}
        if (!enter(root, onPath, stack)) {
            return false;
        }
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            @SuppressWarnings("unchecked")
            java.util.Iterator<Object> it = (java.util.Iterator<Object>) top[1];
            if (!it.hasNext()) {
                onPath.remove(top[0]);
                stack.pop();
                continue;
            }
            Object child = it.next();
            if ((child instanceof Map || child instanceof List) && onPath.contains(child)) {
                return true;
            }
            enter(child, onPath, stack);
        }
        return false;
    }

    private static boolean enter(Object v, Set<Object> onPath, ArrayDeque<Object[]> stack) {
        java.util.Iterator<?> children;
        if (v instanceof Map<?, ?> m) {
            children = m.values().iterator();
        } else if (v instanceof List<?> l) {
            children = l.iterator();
        } else {
            return false;
        }
        onPath.add(v);
        stack.push(new Object[] {v, children});
        return true;
    }
}
