package io.redwire.msg;

import io.redwire.js.Undefined;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One context scope (node, flow or global) of the memory store. Values are stored by reference, like Node-RED's
 * memory store; keys may be property paths ("a.b[0]") and may carry a store prefix "#:(store)::key".
 */
public final class ContextScope {
    private final Map<String, Object> data = new LinkedHashMap<>();
    private final ContextScope parent;
    private static final Map<String, PropertyPath> PATHS = new ConcurrentHashMap<>();

    public ContextScope(ContextScope parent) {
        this.parent = parent;
    }

    /** The flow scope that `$parent.` reaches (subflow instances), or null. */
    public ContextScope parent() {
        return parent;
    }

    public Object get(String key) {
        String k = stripStore(key);
        if (k.startsWith("$parent.")) {
            return parent == null ? null : parent.get(k.substring(8));
        }
        return path(k).getOrNull(data, null);
    }

    public void set(String key, Object value) {
        String k = stripStore(key);
        if (k.startsWith("$parent.")) {
            if (parent != null) {
                parent.set(k.substring(8), value);
            }
            return;
        }
        PropertyPath p = path(k);
        if (value == null || value == Undefined.VALUE) {
            if (value == Undefined.VALUE) {
                p.delete(data, null);
                return;
            }
        }
        p.set(data, value, true, null);
    }

    public void delete(String key) {
        set(key, Undefined.VALUE);
    }

    public List<String> keys() {
        return new ArrayList<>(data.keySet());
    }

    public void clear() {
        data.clear();
    }

    public Map<String, Object> snapshot() {
        return data;
    }

    private static PropertyPath path(String key) {
        return PATHS.computeIfAbsent(key, PropertyPath::parse);
    }

    /** Store name in "#:(store)::key", or null. */
    public static String storeOf(String key) {
        if (key.startsWith("#:(")) {
            int end = key.indexOf(")::");
            if (end > 0) {
                return key.substring(3, end);
            }
        }
        return null;
    }

    public static String stripStore(String key) {
        if (key.startsWith("#:(")) {
            int end = key.indexOf(")::");
            if (end > 0) {
                return key.substring(end + 3);
            }
        }
        return key;
    }
}
