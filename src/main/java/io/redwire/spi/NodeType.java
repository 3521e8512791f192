package io.redwire.spi;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.TypedValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The single declaration of a node type: its name, family, editor look, ports and config fields, plus the factory
 * that builds a running node from a validated config.
 */
public final class NodeType {
    /** Builds a node; must not have side effects (binding ports etc. belongs in {@link Node#start()}). */
    @FunctionalInterface
    public interface Factory {
        Node create(NodeConfig config);
    }

    private final String type;
    private final String family;
    private final String color;
    private final int inputs;
    private final int outputs;
    private final boolean configNode;
    private final List<Field> fields;
    private final Factory factory;

    private NodeType(Builder b) {
        this.type = b.type;
        this.family = b.family;
        this.color = b.color;
        this.inputs = b.inputs;
        this.outputs = b.outputs;
        this.configNode = b.configNode;
        this.fields = List.copyOf(b.fields);
        this.factory = b.factory;
    }

    public static Builder builder(String type, String family) {
        return new Builder(type, family);
    }

    public String type() {
        return type;
    }

    public String family() {
        return family;
    }

    public int inputs() {
        return inputs;
    }

    public int outputs() {
        return outputs;
    }

    public boolean isConfigNode() {
        return configNode;
    }

    public List<Field> fields() {
        return fields;
    }

    public Field field(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    public Node create(NodeConfig config) {
        return factory.create(config);
    }

    /** Problems with a node's raw JSON, each naming the field; empty when valid. */
    public List<String> validate(Map<String, Object> raw) {
        List<String> problems = new ArrayList<>();
        for (Field f : fields) {
            Object v = raw.get(f.name());
            boolean blank = v == null || "".equals(v);
            if (f.required() && blank) {
                problems.add("field '" + f.name() + "' is required");
                continue;
            }
            if (blank) {
                continue;
            }
            switch (f.kind()) {
                case NUMBER -> {
                    if (!(v instanceof Number) && Double.isNaN(JsValues.toNumber(v))) {
                        problems.add("field '" + f.name() + "' must be a number, got " + Json.stringify(v));
                    }
                }
                case TYPED -> {
                    Object t = raw.get(f.typeField());
                    if (t != null && !"".equals(t)) {
                        try {
                            TypedValue.compile(String.valueOf(v), String.valueOf(t));
                        } catch (RuntimeException e) {
                            problems.add("field '" + f.name() + "' (" + t + "): " + e.getMessage());
                        }
                    }
                }
                default -> {
                }
            }
        }
        return problems;
    }

    /** The declaration as GET /nodes serves it to the editor. */
    public Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("type", type);
        d.put("family", family);
        d.put("color", color);
        d.put("inputs", inputs);
        d.put("outputs", outputs);
        d.put("config", configNode);
        d.put("fields", fields.stream().map(Field::describe).toList());
        return d;
    }

    /** Fluent declaration. */
    public static final class Builder {
        private final String type;
        private final String family;
        private String color = "#dddddd";
        private int inputs = 1;
        private int outputs = 1;
        private boolean configNode;
        private final List<Field> fields = new ArrayList<>();
        private Factory factory;

        private Builder(String type, String family) {
            this.type = type;
            this.family = family;
        }

        public Builder color(String c) {
            this.color = c;
            return this;
        }

        public Builder ports(int in, int out) {
            this.inputs = in;
            this.outputs = out;
            return this;
        }

        public Builder configNode() {
            this.configNode = true;
            this.inputs = 0;
            this.outputs = 0;
            return this;
        }

        public Builder field(Field f) {
            fields.add(f);
            return this;
        }

        public NodeType factory(Factory f) {
            this.factory = f;
            return new NodeType(this);
        }
    }
}
