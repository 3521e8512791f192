package io.redwire.msg;

import io.redwire.js.Undefined;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One context scope (node, flow or global). Values are stored by reference, like Node-RED's stores; keys may be
 * property paths ("a.b[0]") and may carry a store prefix "#:(store)::key" that picks one of the
 * {@link ContextStoreLookup}; without one the default store is used.
 */
public final class ContextScope {
    private final Map<String, Object> data;
    private final ContextScope parent;
    private final ContextStoreLookup stores; // null: a scope of its own, in memory
    private final ContextStore store;
    private final String scopeId;
    private static final Map<String, PropertyPath> PATHS = new ConcurrentHashMap<>();

    /** A scope in memory only, outside any store. */
    public ContextScope(ContextScope parent) {
        this.parent = parent;
        this.stores = null;
        this.store = null;
        this.scopeId = null;
        this.data = new LinkedHashMap<>();
    }

    /** @param scopeId "global", a flow id, or "nodeId:flowId" (Node-RED's scope names, used by file stores) */
    public ContextScope(ContextScope parent, ContextStoreLookup stores, String scopeId) {
        this(parent, stores, scopeId, stores.defaultStore());
    }

    private ContextScope(ContextScope parent, ContextStoreLookup stores, String scopeId, ContextStore store) {
        this.parent = parent;
        this.stores = stores;
        this.store = store;
        this.scopeId = scopeId;
        this.data = store.scope(scopeId);
    }

    /**
     * The same scope in a named store (a function node's {@code flow.get(key, store)}); this scope when the name is
     * null, the default, or unknown (callers warn about unknown names).
     */
    public ContextScope inStore(String name) {
        if (stores == null || name == null) {
            return this;
        }
        ContextStore named = stores.get(name);
        return named == null || named == store ? this
                : new ContextScope(parent == null ? null : parent.inStore(name), stores, scopeId, named);
    }

    private void changed() {
        if (store != null) {
            store.changed(scopeId);
        }
    }

    /** The flow scope that `$parent.` reaches (subflow instances), or null. */
    public ContextScope parent() {
        return parent;
    }

    public Object get(String key) {
        String named = storeOf(key);
        if (named != null && stores != null && inStore(named) != this) {
            return inStore(named).get(stripStore(key));
        }
        String k = stripStore(key);
        if (k.startsWith("$parent.")) {
            return parent == null ? null : parent.get(k.substring(8));
        }
        return path(k).getOrNull(data, null);
    }

    public void set(String key, Object value) {
        String named = storeOf(key);
        if (named != null && stores != null && inStore(named) != this) {
            inStore(named).set(stripStore(key), value);
            return;
        }
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
                changed();
                return;
            }
        }
        p.set(data, value, true, null);
        changed();
    }

    public void delete(String key) {
        set(key, Undefined.VALUE);
    }

    public List<String> keys() {
        return new ArrayList<>(data.keySet());
    }

    public void clear() {
        data.clear();
        changed();
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
