package io.redwire.api;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.TypedValue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The single declaration of a node type: its name, family, editor look, ports and config fields, plus the factory
 * that builds a running node from a validated config.
 */
public final class NodeType {
    /**
     * Work a node's construction would otherwise do on the flow loop (compiling an interface definition), done
     * first on a worker thread from the node's raw JSON so that the construction finds it cached. It must not
     * fail: whatever is wrong is the construction's to report.
     */
    @FunctionalInterface
    public interface Preparer {
        void prepare(Map<String, Object> raw, io.redwire.spi.NodeServices services);
    }

    /** Builds a node; must not have side effects (binding ports etc. belongs in {@link Node#start()}). */
    @FunctionalInterface
    public interface Factory {
        Node create(NodeConfig config);
    }

    /**
     * A button the editor draws on the type's nodes, as a Node-RED node definition's {@code button}. A press button
     * posts to the admin API at {@code <action>/<node id>} (inject's "inject now"); a toggle button shows the node's
     * boolean property {@code toggle} (off when false) and a click flips it and posts {@code <action>/<node id>/enable}
     * or {@code /disable} (debug's output switch). {@code title} is the button's tooltip.
     */
    public record Button(String action, String toggle, String title) {
        public static Button press(String action, String title) {
            return new Button(action, null, title);
        }

        public static Button toggle(String action, Field property, String title) {
            return new Button(action, property.name(), title);
        }

        Map<String, Object> describe() {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("action", action);
            putIfSet(d, "toggle", toggle);
            d.put("title", title);
            return d;
        }
    }

    /**
     * The type's entries in Node-RED's library (the function node's "functions", the template node's "templates"):
     * the editor's form offers to save a node's {@code text} field with its {@code fields} as an entry of
     * {@code <userDir>/lib/<type>/}, and to load one back; the /library API accepts the entry type.
     */
    public record Library(String type, Field text, List<Field> fields) {
        public Library {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(text, "text");
            fields = List.copyOf(fields);
        }

        Map<String, Object> describe() {
            return Map.of("type", type, "text", text.name(), "fields", fields.stream().map(Field::name).toList());
        }
    }

    /**
     * The field listing the nodes a node of this type sends to without a wire (link out's links), which the editor
     * draws as dashed wires while the field {@code when} holds one of {@code values} (link out's mode "link").
     */
    public record VirtualWires(Field field, Field when, List<String> values) {
        public VirtualWires {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(when, "when");
            values = List.copyOf(values);
        }

        List<Field> named() {
            return List.of(field, when);
        }

        Map<String, Object> describe() {
            return Map.of("field", field.name(), "when", Map.of(when.name(), values));
        }
    }

    private final String type;
    private final String family;
    private final String color;
    private final int inputs;
    private final int outputs;
    private final boolean configNode;
    private final List<Field> fields;
    private final List<Field> credentials;
    private final String paletteLabel;
    private final String icon;
    private final String help;
    private final Label label;
    private final List<String> inputLabels;
    private final List<String> outputLabels;
    private final boolean portLabelsComputed;
    private final String idlLanguage;
    private final Field idlField;
    private final ServiceOutline serviceOutline;
    private final Button button;
    private final VirtualWires virtualWires;
    private final Library library;
    private final Factory factory;
    private final Preparer preparer;
    /** Field name → help, for fields that carry none themselves (see {@link #help(Field)}). */
    private final Map<String, String> fieldHelp;
    /** Field name → label, for fields that carry none themselves (see {@link #label(Field)}). */
    private final Map<String, String> fieldLabels;

    private NodeType(Builder b) {
        this.type = b.type;
        this.family = b.family;
        this.color = b.color;
        this.inputs = b.inputs;
        this.outputs = b.outputs;
        this.configNode = b.configNode;
        this.fields = List.copyOf(b.fields);
        this.credentials = List.copyOf(b.credentials);
        this.paletteLabel = b.paletteLabel;
        this.icon = b.icon;
        this.help = b.help;
        this.label = b.label != null ? b.label : Label.firstOf("name");
        this.label.check(type, fields);
        this.inputLabels = List.copyOf(b.inputLabels);
        this.outputLabels = List.copyOf(b.outputLabels);
        this.portLabelsComputed = b.portLabelsComputed;
        this.idlLanguage = b.idlLanguage;
        this.idlField = b.idlField;
        this.serviceOutline = b.serviceOutline;
        this.button = b.button;
        this.virtualWires = b.virtualWires;
        this.library = b.library;
        if (library != null && (!declares(List.of(library.text())) || !declares(library.fields()))) {
            throw new IllegalArgumentException(type + ": the library's fields are not all among its fields");
        }
        if (virtualWires != null && !declares(virtualWires.named())) {
            throw new IllegalArgumentException(type + ": the virtual wires fields " + virtualWires.named().stream()
                    .map(Field::name).toList() + " are not all among its fields");
        }
        this.factory = b.factory;
        this.preparer = b.preparer;
        this.fieldHelp = b.factory == null ? Map.of() : FieldHelp.forType(type, b.factory.getClass(), FieldHelp.FILE);
        this.fieldLabels = b.factory == null ? Map.of()
                : FieldHelp.forType(type, b.factory.getClass(), FieldHelp.LABELS);
    }

    /**
     * Whether each of {@code wanted} is a field of this type, by name (a type's field names are unique): not by the
     * records' equals, whose first call links its bootstrap method, ~15 ms of the start-up.
     */
    private boolean declares(List<Field> wanted) {
        Set<String> names = new HashSet<>();
        for (Field f : fields) {
            names.add(f.name());
        }
        for (Field w : wanted) {
            if (!names.contains(w.name())) {
                return false;
            }
        }
        return true;
    }

    public static Builder builder(String type, String family) {
        return new Builder(type, family);
    }

    public String type() {
        return type;
    }

    /** The palette category ("common", "function", "network", ...). */
    public String family() {
        return family;
    }

    /** Credential fields: stored apart from the flow (flows_cred.json), never served back; read with
     * {@link NodeConfig#credential}. */
    public List<Field> credentials() {
        return credentials;
    }

    /** Credential field name → Node-RED's credential type, "password" or "text". */
    public Map<String, String> credentialTypes() {
        Map<String, String> out = new LinkedHashMap<>();
        credentials.forEach(f -> out.put(f.name(), f.kind() == Field.Kind.PASSWORD ? "password" : "text"));
        return out;
    }

    /** The palette's text for this type; null: the type name. */
    public String paletteLabel() {
        return paletteLabel;
    }

    /** The icon's name in the editor's icon set; null: the editor's default. */
    public String icon() {
        return icon;
    }

    /** Help text (Markdown) for the editor's info panel. */
    public String help() {
        return help;
    }

    /** The node's label on the canvas; declared, or the name else the palette label (Node-RED's
     * {@code this.name || "<type>"}, so such types declare none). */
    public Label label() {
        return label;
    }

    public List<String> inputLabels() {
        return inputLabels;
    }

    public List<String> outputLabels() {
        return outputLabels;
    }

    /** The port labels come from the function for this type in the editor's labels.js (they depend on the node). */
    public boolean portLabelsComputed() {
        return portLabelsComputed;
    }

    /** "grpc", "thrift": the language of the interface definition this config node holds; null: none. */
    public String idlLanguage() {
        return idlLanguage;
    }

    /** The field holding the definition's text (a text posted alone is put there). */
    public Field idlField() {
        return idlField;
    }

    public ServiceOutline serviceOutline() {
        return serviceOutline;
    }

    /** The button on the type's nodes in the editor; null: none. */
    public Button button() {
        return button;
    }

    /** Where the type's nodes send without a wire (link out's links); null: nowhere. */
    public VirtualWires virtualWires() {
        return virtualWires;
    }

    /** The type's library entries; null: none. */
    public Library library() {
        return library;
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

    /**
     * A field's help text for the editor's form: its own {@link Field#help}, else the line for it in the
     * {@code field-help.json} beside the node class (see {@link FieldHelp}); null when neither has one.
     */
    public String help(Field field) {
        return field.help() != null ? field.help() : fieldHelp.get(field.name());
    }

    /**
     * What the form, its validation messages and the help call a field: its own {@link Field#label}, else the line
     * for it in the {@code field-labels.json} beside the node class; null when neither has one (the name is shown).
     */
    public String label(Field field) {
        return field.label() != null ? field.label() : fieldLabels.get(field.name());
    }

    /** The class whose package holds this type's {@code field-help.json} (see {@link FieldHelp}); null: none. */
    Class<?> helpAnchor() {
        return factory == null ? null : factory.getClass();
    }

    /** Whether a deploy prepares nodes of this type off the flow loop first (see {@link Preparer}). */
    public boolean prepares() {
        return preparer != null;
    }

    /** See {@link Preparer}; on a worker thread, before the deploy builds its nodes on the flow loop. */
    public void prepare(Map<String, Object> raw, io.redwire.spi.NodeServices services) {
        preparer.prepare(raw, services);
    }

    public Node create(NodeConfig config) {
        return factory.create(config);
    }

    /** Problems with a node's raw JSON, each naming the field (see {@link FieldChecks}); empty when valid. */
    public List<String> validate(Map<String, Object> raw) {
        return FieldChecks.problems(fields, raw);
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
        d.put("fields", fields.stream().map(f -> FieldDescription.of(f, label(f), help(f))).toList());
        if (!credentials.isEmpty()) {
            d.put("credentials", credentials.stream().map(f -> FieldDescription.of(f, label(f), help(f))).toList());
        }
        putIfSet(d, "paletteLabel", paletteLabel);
        putIfSet(d, "icon", icon);
        putIfSet(d, "help", help);
        d.put("label", label.describe(paletteLabel != null ? paletteLabel : type));
        if (!inputLabels.isEmpty()) {
            d.put("inputLabels", inputLabels);
        }
        if (!outputLabels.isEmpty()) {
            d.put("outputLabels", outputLabels);
        }
        if (portLabelsComputed) {
            d.put("portLabels", Map.of("computed", true));
        }
        putIfSet(d, "idl", idlLanguage);
        if (button != null) {
            d.put("button", button.describe());
        }
        if (virtualWires != null) {
            d.put("virtualWires", virtualWires.describe());
        }
        if (library != null) {
            d.put("library", library.describe());
        }
        return d;
    }

    private static void putIfSet(Map<String, Object> d, String key, String value) {
        if (value != null) {
            d.put(key, value);
        }
    }

    /**
     * A node's label as declared data: the first non-empty of some declared fields, else a literal (Node-RED's
     * {@code this.name || this.topic || "mqtt"}), or, for a label that needs logic, computed by the function named
     * after the type in the editor's {@code web-editor/js/labels.js} (unit-tested there against Node-RED's labels).
     * Data labels name only declared fields: a type naming another does not build.
     */
    public record Label(List<String> fields, String otherwise, boolean computedByEditor) {
        public Label {
            fields = List.copyOf(fields);
        }

        /** The first of these fields that is set (JavaScript-truthy, as {@code ||}), else the palette label. */
        public static Label firstOf(String... fields) {
            return new Label(List.of(fields), null, false);
        }

        /** The text shown when none of the fields is set. */
        public Label or(String literal) {
            return new Label(fields, literal, false);
        }

        /** Computed by {@code labels.js}'s function for this type. */
        public static Label computed() {
            return new Label(List.of(), null, true);
        }

        /** Whether a label may read this property of a node with these fields: a declared one (or a typed field's
         * type), or the id and name every node has. */
        public static boolean readable(String property, List<Field> declared) {
            return property.equals("id") || property.equals("name")
                    || declared.stream().anyMatch(d -> d.name().equals(property) || property.equals(d.typeField()));
        }

        void check(String type, List<Field> declared) {
            for (String f : fields) {
                if (!readable(f, declared)) {
                    throw new IllegalArgumentException("the label of " + type + " names field '" + f
                            + "', which " + type + " does not declare");
                }
            }
        }

        /** As GET /nodes serves it: {@code {"computed":true}} or {@code {"fields":[...],"otherwise":"..."}}, the
         * palette label being the text when the declaration gives none. */
        Map<String, Object> describe(String paletteText) {
            Map<String, Object> d = new LinkedHashMap<>();
            if (computedByEditor) {
                d.put("computed", true);
            } else {
                d.put("fields", fields);
                d.put("otherwise", otherwise != null ? otherwise : paletteText);
            }
            return d;
        }
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
        private final List<Field> credentials = new ArrayList<>();
        private String paletteLabel;
        private String icon;
        private String help;
        private Label label;
        private List<String> inputLabels = List.of();
        private List<String> outputLabels = List.of();
        private boolean portLabelsComputed;
        private String idlLanguage;
        private Field idlField;
        private ServiceOutline serviceOutline;
        private Button button;
        private VirtualWires virtualWires;
        private Library library;
        private Factory factory;
        private Preparer preparer;

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

        /** Several fields at once, in the editor's order. */
        public Builder fields(Field... fs) {
            fields.addAll(List.of(fs));
            return this;
        }

        /** A credential field (Node-RED's {@code credentials: {user: {type: "text"}, password: {type: "password"}}}). */
        public Builder credential(Field f) {
            credentials.add(f);
            return this;
        }

        public Builder paletteLabel(String text) {
            this.paletteLabel = text;
            return this;
        }

        public Builder icon(String name) {
            this.icon = name;
            return this;
        }

        public Builder help(String markdown) {
            this.help = markdown;
            return this;
        }

        /** See {@link NodeType#label()}. */
        public Builder label(Label declared) {
            this.label = declared;
            return this;
        }

        public Builder inputLabels(String... labels) {
            this.inputLabels = List.of(labels);
            return this;
        }

        public Builder outputLabels(String... labels) {
            this.outputLabels = List.of(labels);
            return this;
        }

        /** See {@link NodeType#portLabelsComputed()}. */
        public Builder computedPortLabels() {
            this.portLabelsComputed = true;
            return this;
        }

        /** This config node holds an interface definition in {@code field}, outlined for the editor's pickers. */
        public Builder serviceOutline(String language, Field field, ServiceOutline outline) {
            this.idlLanguage = language;
            this.idlField = field;
            this.serviceOutline = outline;
            return this;
        }

        /** See {@link NodeType#button()}. */
        public Builder button(Button b) {
            this.button = Objects.requireNonNull(b, "button");
            return this;
        }

        /** See {@link VirtualWires}; both fields must be among the type's fields. */
        public Builder virtualWires(Field links, Field when, String... values) {
            this.virtualWires = new VirtualWires(links, when, List.of(values));
            return this;
        }

        /** See {@link Library}; the fields must be among the type's fields. */
        public Builder library(String entryType, Field text, Field... fields) {
            this.library = new Library(entryType, text, List.of(fields));
            return this;
        }

        /** See {@link Preparer}. */
        public Builder prepare(Preparer p) {
            this.preparer = Objects.requireNonNull(p, "preparer");
            return this;
        }

        public NodeType factory(Factory f) {
            this.factory = f;
            return new NodeType(this);
        }
    }
}
