package io.redwire.api;

import io.redwire.js.JsValues;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;
import io.redwire.spi.NodeServices;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

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

    // What the runtime, not a node, reads from every node's JSON: identity and placement. These are not config
    // fields of any type (Node-RED's editor sets them on every node), so they have no declaration.

    public String id() {
        return (String) raw.get("id");
    }

    public String name() {
        Object n = raw.get("name");
        return n == null ? "" : String.valueOf(n);
    }

    /** The tab or subflow the node sits on. */
    public String z() {
        Object z = raw.get("z");
        return z == null ? "" : String.valueOf(z);
    }

    /** The group the node sits in, or null. */
    public String group() {
        return raw.get("g") instanceof String g && !g.isEmpty() ? g : null;
    }

    /** The original id inside a subflow template ({@code _alias}), or null. */
    public String alias() {
        return raw.get("_alias") instanceof String a ? a : null;
    }

    public NodeServices services() {
        return services;
    }

    /** True when the flow file sets this field (even to null or ""). */
    public boolean has(Field field) {
        return raw.containsKey(declared(field).name());
    }

    /** The field's value as the flow file has it; its runtime default when the flow file leaves it out. */
    public Object get(Field field) {
        String name = declared(field).name();
        Object v = raw.get(name);
        return v == null && !raw.containsKey(name) ? field.runtimeDefault() : v;
    }

    /** The value as JavaScript's {@code String(v)} makes it; null and a left-out field without default: "". */
    public String str(Field field) {
        Object v = get(field);
        return v == null ? "" : JsValues.toJsString(v);
    }

    /** A number field; blank (left out, null or "") takes the runtime default, or 0. */
    public double num(Field field) {
        Object v = raw.get(declared(field).name());
        if (v == null || "".equals(v)) {
            return field.runtimeDefault() instanceof Number n ? n.doubleValue() : 0;
        }
        double d = JsValues.toNumber(v);
        if (Double.isNaN(d)) {
            throw error(field, "must be a number, got " + Json.stringify(v));
        }
        return d;
    }

    /** Booleans as Node-RED's editor stores them: true, "true". */
    public boolean bool(Field field) {
        Object v = get(field);
        if (v instanceof Boolean b) {
            return b;
        }
        return v != null && "true".equalsIgnoreCase(String.valueOf(v));
    }

    /** JavaScript truthiness, for fields Node-RED's runtime tests with {@code if (n.x)}. */
    public boolean truthy(Field field) {
        return JsValues.truthy(get(field));
    }

    /** The type a typed input is set to; blank: its declared default type. */
    public String typeOf(Field field) {
        return typeOf(field, field.language() == null ? "str" : field.language());
    }

    /** The type a typed input is set to; blank: {@code whenBlank}, where Node-RED's runtime falls back to another
     * type than its editor offers a new node (trigger: "str" at run time, "val" in a new node). */
    public String typeOf(Field field, String whenBlank) {
        String typeField = declared(field).typeField();
        if (typeField == null) {
            throw new IllegalArgumentException("field '" + field.name() + "' is not a typed input");
        }
        Object t = raw.get(typeField);
        return t == null || "".equals(t) ? whenBlank : JsValues.toJsString(t);
    }

    /** The typed input, compiled now. */
    public TypedValue typed(Field field) {
        return typed(str(field), typeOf(field), field);
    }

    /** A value and type taken from this field's rows (rules, props), compiled now; errors name the field. */
    public TypedValue typed(String value, String valueType, Field field) {
        try {
            return TypedValue.compile(value, valueType);
        } catch (RuntimeException e) {
            throw error(field, e.getMessage());
        }
    }

    /** A msg property path field; blank takes the runtime default. A bad path is a config error of this field. */
    public PropertyPath msgPath(Field field) {
        String p = str(field);
        if (p.isEmpty() && field.runtimeDefault() instanceof String d) {
            p = d;
        }
        try {
            return PropertyPath.ofMsg(p);
        } catch (PropertyPath.PropertyException e) {
            throw error(field, e.getMessage());
        }
    }

    /** A list field (rules, rows); anything else: empty. */
    @SuppressWarnings("unchecked")
    public List<Object> list(Field field) {
        Object v = get(field);
        return v instanceof List<?> l ? (List<Object>) l : List.of();
    }

    /** An object field (headers, nested options); anything else: empty. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map(Field field) {
        Object v = get(field);
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /**
     * A declared credential's value: from the credential store the runtime was given, else from the node's own
     * {@code credentials} object (flows posted with inline credentials, as Node-RED's admin API accepts); "" when unset.
     */
    public String credential(Field field) {
        String name = field.name();
        if (!type.credentials().contains(field)) {
            throw new IllegalStateException("'" + name + "' is not a declared credential of " + type.type());
        }
        Object v = services.credentials(id()).get(name);
        if (v == null && raw.get("credentials") instanceof Map<?, ?> inline) {
            v = inline.get(name);
        }
        return v == null ? "" : JsValues.toJsString(v);
    }

    /** The config node this field references, or null when blank; {@code kind} is its class or an SPI interface it
     * implements (e.g. {@link TlsConfig}), so families need not know each other. */
    public <T> T configNode(Field field, Class<T> kind) {
        String ref = str(field);
        if (ref.isEmpty()) {
            return null;
        }
        Node n = services.configNode(ref);
        if (n == null) {
            throw error(field, "references missing config node '" + ref + "'");
        }
        if (!kind.isInstance(n)) {
            throw error(field, "references node '" + ref + "' of type " + n.type() + ", not a "
                    + kind.getSimpleName());
        }
        return kind.cast(n);
    }

    /**
     * This node's flow-file properties, rewritten by {@code rewrite}, read as {@code other}'s: a node type that
     * runs as another one with its properties translated (a Dashboard 1 node as its Dashboard 2.0 counterpart).
     */
    public NodeConfig rewrittenAs(NodeType other, Consumer<Map<String, Object>> rewrite) {
        Map<String, Object> copy = new LinkedHashMap<>(raw);
        rewrite.accept(copy);
        return new NodeConfig(other, copy, services);
    }

    public FlowException error(Field field, String problem) {
        return error(field.name(), problem);
    }

    /** Reads go through the type's own declaration only, so a form, its help and the runtime never disagree. */
    private Field declared(Field field) {
        if (!type.fields().contains(field)) {
            throw new IllegalStateException("'" + field.name() + "' is not a declared field of " + type.type());
        }
        return field;
    }

    private FlowException error(String field, String problem) {
        return new FlowException("node " + id() + " (" + type.type() + ") field '" + field + "': " + problem);
    }
}
