package io.redwire.msg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Node-RED's debug output of a value that refers to itself (its encodeObject uses the json-stringify-safe module): a
 * copy in which each reference back to a container on the path from the root becomes the string
 * {@code "[Circular ~]"} (the root itself) or {@code "[Circular ~.k1.k2]"} (the keys leading to that container; list
 * indexes as numbers). References to a container that is not an ancestor stay copies, as JSON writes them. Callers
 * try the plain value first and come here only when it cannot be written. {@link #withoutCircles} is the same walk
 * with the decycler Node-RED's localfilesystem context store gives json-stringify-safe, which drops each such
 * reference instead (a list keeps its place as null, as JSON.stringify writes an undefined element).
 */
public final class CircularMarkers {
    /** The walk recurses (one frame per level): 1000 levels fit the launcher's 512 kB thread stacks. */
    public static final int MAX_DEPTH = 1000;

    private CircularMarkers() {
    }

    /** JSON text (4-space indented when {@code pretty}) of a value, its circles marked when it has any. */
    public static String json(Object value, boolean pretty) {
        try {
            return pretty ? Json.pretty(value) : Json.stringify(value);
        } catch (Json.CircularStructure e) {
            Object marked = replace(value);
            return pretty ? Json.pretty(marked) : Json.stringify(marked);
        }
    }

    /** Stands for a dropped reference while copying. */
    private static final Object DROPPED = new Object();

    /** @throws Json.TooDeep past {@link #MAX_DEPTH} levels */
    public static Object replace(Object root) {
        return copy(root, new ArrayList<>(), new ArrayList<>(), true);
    }

    /**
     * A copy without the references back to an ancestor (map entries left out, list elements null).
     *
     * @throws Json.TooDeep past {@link #MAX_DEPTH} levels
     */
    public static Object withoutCircles(Object root) {
        return copy(root, new ArrayList<>(), new ArrayList<>(), false);
    }

    private static Object copy(Object v, List<Object> ancestors, List<String> keys, boolean mark) {
        if (!(v instanceof Map || v instanceof List) || v instanceof SharedRef) {
            return v;
        }
        for (int i = 0; i < ancestors.size(); i++) {
            if (ancestors.get(i) == v) {
                return !mark ? DROPPED
                        : i == 0 ? "[Circular ~]" : "[Circular ~." + String.join(".", keys.subList(0, i)) + "]";
            }
        }
        if (ancestors.size() > MAX_DEPTH) {
            throw new Json.TooDeep();
        }
        ancestors.add(v);
        Object out;
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String key = String.valueOf(e.getKey());
                keys.add(key);
                Object c = copy(e.getValue(), ancestors, keys, mark);
                if (c != DROPPED) {
                    map.put(key, c);
                }
                keys.remove(keys.size() - 1);
            }
            out = map;
        } else {
            List<?> l = (List<?>) v;
            List<Object> list = new ArrayList<>(l.size());
            for (int i = 0; i < l.size(); i++) {
                keys.add(Integer.toString(i));
                Object c = copy(l.get(i), ancestors, keys, mark);
                list.add(c == DROPPED ? null : c);
                keys.remove(keys.size() - 1);
            }
            out = list;
        }
        ancestors.remove(ancestors.size() - 1);
        return out;
    }
}
