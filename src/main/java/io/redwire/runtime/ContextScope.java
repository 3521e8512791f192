package io.redwire.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One context scope (node, flow or global) of the memory store. Values are stored by reference, like Node-RED's
 * memory store; keys may be property paths ("a.b[0]") and may carry a store prefix "#:(store)::key".
 * A scope over a shared (cluster) map stores by value instead: a write to "a.b" stores a new copy of "a", so the
 * map sees every change.
 */
public final class ContextScope {
    private final Map<String, Object> data;
    private final boolean byValue;
    private final ContextScope parent;
    private static final Map<String, PropertyPath> PATHS = new ConcurrentHashMap<>();

    public ContextScope(ContextScope parent) {
        this.parent = parent;
        this.data = new LinkedHashMap<>();
        this.byValue = false;
    }

    /** A parentless scope over a shared map whose entries are stored by value (see the class comment). */
    public static ContextScope sharedBy(Map<String, Object> shared) {
        return new ContextScope(shared);
    }

    private ContextScope(Map<String, Object> shared) {
        this.parent = null;
        this.data = shared;
        this.byValue = true;
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
        if (byValue) {
            setByValue(p, value);
            return;
        }
        if (value == null || value == Undefined.VALUE) {
            if (value == Undefined.VALUE) {
                p.delete(data, null);
                return;
            }
        }
        p.set(data, value, true, null);
    }

    private void setByValue(PropertyPath p, Object value) {
        String top = String.valueOf(p.first());
        Map<String, Object> entry = new HashMap<>(2);
        if (data.containsKey(top)) {
            entry.put(top, Messages.deepCopy(data.get(top)));
        }
        if (value == Undefined.VALUE) {
            p.delete(entry, null);
        } else {
            p.set(entry, value, true, null);
        }
        if (entry.containsKey(top)) {
            data.put(top, entry.get(top));
        } else {
            data.remove(top);
        }
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
