package io.redwire.runtime;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.logging.Log;
import io.redwire.msg.ContextScope;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;
import io.redwire.msg.TypedValue;
import io.redwire.msg.ValueScope;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Environment variables of one level (global-config, tab, group, subflow instance), evaluated once when the level
 * starts; lookups fall through to the parent level and finally the process environment.
 */
public final class EnvScope {
    private final EnvScope parent;
    private final Map<String, Object> values = new HashMap<>();

    private EnvScope(EnvScope parent) {
        this.parent = parent;
    }

    public static EnvScope process() {
        return new EnvScope(null);
    }

    /** Evaluates env entries {name, value, type}; later layers (templates) only fill names the earlier lack. */
    public static EnvScope of(EnvScope parent, List<List<Map<String, Object>>> layers, ContextScope flowCtx,
                              ContextScope globalCtx, Log log) {
        EnvScope s = new EnvScope(parent);
        ValueScope scope = ValueScope.of(null, flowCtx, globalCtx,
                name -> s.values.containsKey(name) ? s.values.get(name) : parent == null ? null : parent.get(name));
        for (int i = layers.size() - 1; i >= 0; i--) {
            for (Map<String, Object> e : layers.get(i)) {
                String name = String.valueOf(e.get("name"));
                String type = e.get("type") == null ? "str" : String.valueOf(e.get("type"));
                Object raw = e.get("value");
                String value = raw == null ? "" : raw instanceof String str ? str : Json.stringify(raw);
                try {
                    Object v;
                    if (type.equals("env")) {
                        v = name.equals(value) ? (parent == null ? null : parent.get(value)) : scope.env(value);
                    } else if (type.equals("bool")) {
                        v = Boolean.TRUE.equals(raw) || "true".equals(value);
                    } else if (type.equals("num")) {
                        v = JsValues.toNumber(value);
                    } else if (type.equals("cred") || type.equals("conf-type") || type.equals("conf-types")) {
                        v = value;
                    } else {
                        v = TypedValue.compile(value, type).evaluate(null, scope);
                    }
                    s.values.put(name, v == Undefined.VALUE ? null : v);
                } catch (RuntimeException ex) {
                    log.warn("Error evaluating env property '" + name + "': " + ex.getMessage());
                }
            }
        }
        return s;
    }

    public EnvScope parent() {
        return parent;
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The variable's value at this level or above; null when unset anywhere. */
    public Object get(String name) {
        if (name.startsWith("$parent.")) {
            return parent == null ? null : parent.get(name.substring(8));
        }
        if (values.containsKey(name)) {
            return Messages.deepCopy(values.get(name));
        }
        if (parent != null) {
            return parent.get(name);
        }
        return System.getenv(name);
    }
}
