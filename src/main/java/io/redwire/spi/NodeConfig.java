package io.redwire.spi;

import io.redwire.js.JsValues;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;

import java.util.List;
import java.util.Map;

/**
 * A node's validated configuration: the flow JSON (after ${VAR} substitution) read through its type's declaration,
 * so defaults come from one place and every error names the node and field.
 */
public final class NodeConfig {
    private final NodeType type;
    private final Map<String, Object> raw;
    private final NodeServices services;

    public NodeConfig(NodeType type, Map<String, Object> raw, NodeServices services) {
        this.type = type;
        this.raw = raw;
        this.services = services;
    }

    public NodeType type() {
        return type;
    }

    public String id() {
        return (String) raw.get("id");
    }

    public String name() {
        Object n = raw.get("name");
        return n == null ? "" : String.valueOf(n);
    }

    /** The raw JSON object as found in the flow file. */
    public Map<String, Object> raw() {
        return raw;
    }

    public NodeServices services() {
        return services;
    }

    public boolean has(String field) {
        return raw.containsKey(field);
    }

    public Object get(String field) {
        Object v = raw.get(field);
        if (v == null && !raw.containsKey(field)) {
            Field f = type.field(field);
            return f == null ? null : f.runtimeDefault();
        }
        return v;
    }

    public String str(String field) {
        Object v = get(field);
        return v == null ? "" : JsValues.toJsString(v);
    }

    /** A number field; blank takes the declared default. */
    public double num(String field) {
        Object v = raw.get(field);
        if (v == null || "".equals(v)) {
            Field f = type.field(field);
            Object d = f == null ? null : f.runtimeDefault();
            return d instanceof Number n ? n.doubleValue() : 0;
        }
        double d = JsValues.toNumber(v);
        if (Double.isNaN(d)) {
            throw error(field, "must be a number, got " + Json.stringify(v));
        }
        return d;
    }

    /** Booleans as Node-RED stores them: true, "true". */
    public boolean bool(String field) {
        Object v = get(field);
        if (v instanceof Boolean b) {
            return b;
        }
        return v != null && "true".equalsIgnoreCase(String.valueOf(v));
    }

    /** The typed input declared under this name, compiled now. */
    public TypedValue typed(String field) {
        Field f = type.field(field);
        String typeField = f != null && f.typeField() != null ? f.typeField() : field + "Type";
        String dfltType = f != null && f.language() != null ? f.language() : "str";
        String t = raw.get(typeField) == null || "".equals(raw.get(typeField)) ? dfltType : str(typeField);
        return typed(str(field), t, field);
    }

    public TypedValue typed(String value, String valueType, String field) {
        try {
            return TypedValue.compile(value, valueType);
        } catch (RuntimeException e) {
            throw error(field, e.getMessage());
        }
    }

    /** A msg property path field; blank takes {@code dflt}. A bad path is a config error of this field. */
    public PropertyPath msgPath(String field, String dflt) {
        String p = str(field);
        try {
            return PropertyPath.ofMsg(p.isEmpty() ? dflt : p);
        } catch (PropertyPath.PropertyException e) {
            throw error(field, e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    public List<Object> list(String field) {
        Object v = get(field);
        return v instanceof List<?> l ? (List<Object>) l : List.of();
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String field) {
        Object v = get(field);
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /**
     * A declared credential's value: from the credential store the runtime was given, else from the node's own
     * {@code credentials} object (flows posted with inline credentials, as Node-RED's admin API accepts); "" when unset.
     */
    public String credential(String name) {
        if (type.credential(name) == null) {
            throw error(name, "is not a declared credential of " + type.type());
        }
        Object v = services.credentials(id()).get(name);
        if (v == null && raw.get("credentials") instanceof Map<?, ?> inline) {
            v = inline.get(name);
        }
        return v == null ? "" : JsValues.toJsString(v);
    }

    /** The config node this field references, or null when blank; {@code kind} is its class or an SPI interface it
     * implements (e.g. {@link TlsConfig}), so families need not know each other. */
    public <T> T configNode(String field, Class<T> kind) {
        String ref = str(field);
        if (ref.isEmpty()) {
            return null;
        }
        Node n = services.configNode(ref);
        if (n == null) {
            throw error(field, "references missing config node '" + ref + "'");
        }
        if (!kind.isInstance(n)) {
            throw error(field, "references node '" + ref + "' of type " + n.type() + ", not a " + kind.getSimpleName());
        }
        return kind.cast(n);
    }

    public FlowException error(String field, String problem) {
        return new FlowException("node " + id() + " (" + type.type() + ") field '" + field + "': " + problem);
    }
}
