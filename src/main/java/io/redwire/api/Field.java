package io.redwire.api;

import io.redwire.js.JsValues;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One declared config field of a node type. A node class keeps each of its fields as a constant, lists it in its
 * {@link NodeType} and reads the flow JSON only through it ({@code c.str(URL)}); the same declaration validates the
 * flow JSON and is served by GET /nodes so the editor can build its form and show the field's help.
 *
 * <p>Two defaults are kept apart, as Node-RED keeps them: {@code editorDefault} is what the editor puts in a new
 * node's form (Node-RED's {@code defaults.x.value}); {@code runtimeDefault} is what the runtime assumes when a flow
 * file leaves the field out (the node's own {@code n.x || ...} fallback). They often differ: a new delay node says
 * 5 seconds, an old flow without {@code timeout} still runs with 5; a new file node appends a newline, an old flow
 * without {@code appendNewline} does not.
 *
 * <p>A {@code legacy} field is one Node-RED's runtime still reads from old flows but its editor no longer offers
 * (the change node's pre-0.18 single rule): parsed like any other, hidden in the form unless a flow sets it.
 */
public record Field(String name, Kind kind, Object editorDefault, Object runtimeDefault, boolean required,
                    List<String> options, String typeField, List<String> types, String configType, String language,
                    String label, String help, Visibility visibility, Map<String, String> optionLabels,
                    Map<String, List<String>> shownWhen, IdlChoice idlChoice, Rows rows, Range range,
                    TextPattern pattern, List<Requirement> requiredWhen, boolean optionsOnly,
                    boolean editorChecksOnly, String alsoStoredAs, String section, boolean sectionOpen,
                    NodeRefs nodeRefs) {

    public enum Kind { STRING, NUMBER, BOOLEAN, SELECT, TYPED, CODE, CONFIG, JSON, PASSWORD, ROWS }

    /** Whether the editor's form offers the field. */
    public enum Visibility {
        SHOWN,
        /** See the class comment: read from old flows, hidden in the form unless a flow sets it. */
        LEGACY,
        /** Kept by the editor for the runtime but never in the form (the function node's {@code noerr} count). */
        INTERNAL
    }

    /**
     * The field names a service or a method of the interface definition (.proto, .thrift) held by the config node
     * in {@code configField}; the editor offers the definition's services / methods as a list.
     */
    public record NodeRefs(String type, String backField) {
    }

    /**
     * The list holds the ids of nodes of {@code type} (link out's link in targets); the editor offers them as a
     * tree of flows with a checkbox a node, and keeps the chosen nodes' {@code backField} (their own list of ids;
     * null: none) in step, as Node-RED's link nodes list each other.
     */
    public Field refersTo(String type, String backField) {
        return with(d -> d.nodeRefs = new NodeRefs(type, backField));
    }

    public record IdlChoice(String configField, String part) {
    }

    /**
     * The shape of a {@link Kind#ROWS} field: a list of objects, each edited through the declared sub-fields. Two
     * sub-fields may share a name when their {@link #shownWhen} conditions exclude each other (the change rule's
     * "to" is a value for set, a replacement for change, a place for move): the one in use is edited and checked.
     * Keys of a row that no sub-field declares are kept as they are. A {@link Shape#VALUES} list ({@link #list}) holds
     * plain values (link targets' node ids), each edited and checked as its one sub-field; {@link Shape#ENTRIES}
     * ({@link #entries}) is an object whose every entry is a row of two sub-fields, its key and its value (http
     * response's headers, {"name": "value"}, as Node-RED stores them).
     *
     * @param defaultRow   what "add" puts in a new row (a map; for a scalar list, a value)
     * @param min          fewest rows (0: none needed)
     * @param max          most rows; -1: no limit
     * @param outputPerRow the node has one output per row (the switch node's form keeps {@code outputs} in step)
     * @param heldOnNode   rows whose value lives in the node's own fields instead of the row
     */
    public record Rows(List<Field> fields, Object defaultRow, int min, int max, boolean outputPerRow,
                       List<HeldOnNode> heldOnNode, Shape shape) {
        /** A list of plain values rather than of rows. */
        public boolean scalar() {
            return shape == Shape.VALUES;
        }
    }

    /** How the flow JSON holds a rows field: a list of row objects, a list of values, or one object of entries. */
    public enum Shape {
        ROWS, VALUES, ENTRIES
    }

    /**
     * The value of the row whose {@code key} is {@code value} is kept in the node's {@code valueField} (and its type
     * in {@code typeField}) rather than in the row, as Node-RED's inject keeps msg.payload in {@code payload}/
     * {@code payloadType} and msg.topic in {@code topic}. A null {@code typeField}: the value is a string, and the
     * row says so in its own type sub-field ({@code vt: "str"}).
     */
    public record HeldOnNode(String key, String value, String valueField, String typeField) {
    }

    /**
     * Numbers the field accepts (a number field, or a text or option holding a number, as Node-RED keeps ports and
     * levels); the deploy refuses others with the field named. Where Node-RED's runtime takes any value and reads an
     * out-of-range one its own way (mqtt's qos falls back to 0 or 2 and rh to 0, udp out warns per message, inject
     * reports a too-long repeat when it starts), the field is also {@link #checkedByEditorOnly()}: the editor shows
     * and checks the range, the runtime keeps Node-RED's fallback.
     */
    public record Range(double min, double max, boolean integer) {
        /** The words of a problem, e.g. "a whole number from 0 to 65535". */
        public String describe() {
            String kind = integer ? "a whole number" : "a number";
            return bounded() ? kind + " from " + JsValues.numberToString(min) + " to " + JsValues.numberToString(max)
                    : kind + " of at least " + JsValues.numberToString(min);
        }

        /** False for a lower bound only ({@link #atLeast}). */
        public boolean bounded() {
            return max != Double.POSITIVE_INFINITY;
        }
    }

    /** The value, when given and in use, must contain a match of {@code regex} (same syntax in Java and in the
     * editor's JavaScript: keep to plain classes and quantifiers). */
    public record TextPattern(String regex, String problem) {
    }

    /**
     * The field must be given (and match its pattern, if it declares one) while every field named in {@code when}
     * has one of the listed values (as {@code String(value)}; a left-out field counts as its runtime default);
     * {@code problem} says what is missing (grpc-server: "ssl needs the server private key (PEM)").
     */
    public record Requirement(Map<String, List<String>> when, String problem) {
    }

    public static final List<String> ALL_TYPES = List.of("msg", "flow", "global", "str", "num", "bool", "json",
            "bin", "re", "date", "jsonata", "env");

    private static Field of(String name, Kind kind, Object dflt) {
        return new Field(name, kind, dflt, dflt, false, List.of(), null, List.of(), null, null, null, null,
                Visibility.SHOWN, Map.of(), Map.of(), null, null, null, null, List.of(), false, false, null, null, false, null);
    }

    public static Field str(String name, String dflt) {
        return of(name, Kind.STRING, dflt);
    }

    public static Field num(String name, Number dflt) {
        return of(name, Kind.NUMBER, dflt);
    }

    public static Field bool(String name, boolean dflt) {
        return of(name, Kind.BOOLEAN, dflt);
    }

    public static Field select(String name, String dflt, String... options) {
        return of(name, Kind.SELECT, dflt).with(d -> d.options = List.of(options));
    }

    /** A typed input: the value lives in {@code name}, its type in {@code typeField}. */
    public static Field typed(String name, String typeField, String dfltType, List<String> types) {
        return of(name, Kind.TYPED, "").with(d -> {
            d.typeField = typeField;
            d.types = types;
            d.language = dfltType;
        });
    }

    public static Field code(String name, String language, String dflt) {
        return of(name, Kind.CODE, dflt).with(d -> d.language = language);
    }

    public static Field config(String name, String configType) {
        return of(name, Kind.CONFIG, "").with(d -> d.configType = configType);
    }

    /** Structured value (header objects, nested options, lists of ids) edited as JSON text; read with
     * {@link NodeConfig#list} or {@link NodeConfig#map}. */
    public static Field json(String name, Object dflt) {
        return of(name, Kind.JSON, dflt);
    }

    /**
     * A list of rows edited through {@code rowFields} (see {@link Rows}); a new node starts with one
     * {@code defaultRow}, "add" appends another. Read with {@link NodeConfig#list}.
     */
    public static Field rows(String name, Map<String, Object> defaultRow, Field... rowFields) {
        return of(name, Kind.ROWS, List.of(defaultRow)).with(d -> d.rows = new Rows(List.of(rowFields),
                defaultRow, 0, -1, false, List.of(), Shape.ROWS));
    }

    /**
     * An object edited as rows, one per entry: {@code key} edits the entry's name, {@code value} its value (see
     * {@link Rows}); a new node has none. Read with {@link NodeConfig#map}.
     */
    public static Field entries(String name, Field key, Field value) {
        Map<String, Object> blankRow = row(key.name(), "", value.name(), "");
        return of(name, Kind.ROWS, Map.of()).with(d -> d.rows = new Rows(List.of(key, value), blankRow, 0, -1, false,
                List.of(), Shape.ENTRIES));
    }

    /** A list of plain values, each edited and checked as {@code element} (see {@link Rows}); a new node has none. */
    public static Field list(String name, Field element) {
        return of(name, Kind.ROWS, List.of()).with(d -> d.rows = new Rows(List.of(element), element.editorDefault(),
                0, -1, false, List.of(), Shape.VALUES));
    }

    /** A row in its keys' order, for {@link #rows}' default row: alternating key and value. */
    public static Map<String, Object> row(Object... keyValuePairs) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValuePairs.length; i += 2) {
            out.put((String) keyValuePairs[i], keyValuePairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** A secret credential: never served back by the admin API, never written to the flows file. */
    public static Field password(String name) {
        return of(name, Kind.PASSWORD, "");
    }

    /** The mutable copy the fluent methods below change. */
    private static final class Draft {
        Object runtimeDefault;
        boolean required;
        List<String> options;
        String typeField;
        List<String> types;
        String configType;
        String language;
        String label;
        String help;
        Visibility visibility;
        Map<String, String> optionLabels;
        Map<String, List<String>> shownWhen;
        IdlChoice idlChoice;
        Object editorDefault;
        Rows rows;
        Range range;
        TextPattern pattern;
        List<Requirement> requiredWhen;
        boolean optionsOnly;
        boolean editorChecksOnly;
        String alsoStoredAs;
        String section;
        boolean sectionOpen;
        NodeRefs nodeRefs;
    }

    private Field with(java.util.function.Consumer<Draft> change) {
        Draft d = new Draft();
        d.runtimeDefault = runtimeDefault;
        d.required = required;
        d.options = options;
        d.typeField = typeField;
        d.types = types;
        d.configType = configType;
        d.language = language;
        d.label = label;
        d.help = help;
        d.visibility = visibility;
        d.optionLabels = optionLabels;
        d.shownWhen = shownWhen;
        d.idlChoice = idlChoice;
        d.editorDefault = editorDefault;
        d.rows = rows;
        d.range = range;
        d.pattern = pattern;
        d.requiredWhen = requiredWhen;
        d.optionsOnly = optionsOnly;
        d.editorChecksOnly = editorChecksOnly;
        d.alsoStoredAs = alsoStoredAs;
        d.section = section;
        d.sectionOpen = sectionOpen;
        d.nodeRefs = nodeRefs;
        change.accept(d);
        return new Field(name, kind, d.editorDefault, d.runtimeDefault, d.required, d.options, d.typeField, d.types,
                d.configType, d.language, d.label, d.help, d.visibility, d.optionLabels, d.shownWhen, d.idlChoice,
                d.rows, d.range, d.pattern, d.requiredWhen, d.optionsOnly, d.editorChecksOnly,
                d.alsoStoredAs, d.section, d.sectionOpen, d.nodeRefs);
    }

    public Field asRequired() {
        return with(d -> d.required = true);
    }

    public Field label(String text) {
        return with(d -> d.label = text);
    }

    /** What the field means, shown beside it in the editor's form. */
    public Field help(String text) {
        return with(d -> d.help = text);
    }

    /** The value the runtime uses when the flow file leaves this field out, where it differs from the editor's. */
    public Field runtimeDefault(Object value) {
        return with(d -> d.runtimeDefault = value);
    }

    /** What the editor puts in a new node's form, where it differs from the value the factory method took. */
    public Field editorDefault(Object value) {
        return with(d -> d.editorDefault = value);
    }

    /** A rows field needs at least {@code min} and at most {@code max} (-1: any number of) rows. */
    public Field rowsBetween(int min, int max) {
        return withRows(r -> new Rows(r.fields(), r.defaultRow(), min, max, r.outputPerRow(), r.heldOnNode(), r.shape()));
    }

    /** See {@link Rows#outputPerRow()}. */
    public Field outputPerRow() {
        return withRows(r -> new Rows(r.fields(), r.defaultRow(), r.min(), r.max(), true, r.heldOnNode(), r.shape()));
    }

    /** See {@link HeldOnNode}. */
    public Field rowHeldOnNode(String key, String value, String valueField, String typeField) {
        return withRows(r -> {
            List<HeldOnNode> held = new java.util.ArrayList<>(r.heldOnNode());
            held.add(new HeldOnNode(key, value, valueField, typeField));
            return new Rows(r.fields(), r.defaultRow(), r.min(), r.max(), r.outputPerRow(), List.copyOf(held),
                    r.shape());
        });
    }

    private Field withRows(java.util.function.UnaryOperator<Rows> change) {
        if (rows == null) {
            throw new IllegalStateException("'" + name + "' is not a rows field");
        }
        return with(d -> d.rows = change.apply(rows));
    }

    /** Numbers from {@code min} to {@code max}; the deploy refuses others (see {@link Range}). */
    public Field range(double min, double max) {
        return with(d -> d.range = new Range(min, max, false));
    }

    /** Whole numbers from {@code min} to {@code max} (a port: 0 to 65535). */
    public Field wholeNumber(double min, double max) {
        return with(d -> d.range = new Range(min, max, true));
    }

    /** Numbers of {@code min} or more (a timeout: 0 or more). */
    public Field atLeast(double min) {
        return range(min, Double.POSITIVE_INFINITY);
    }

    /** Whole numbers of {@code min} or more. */
    public Field wholeNumberAtLeast(double min) {
        return wholeNumber(min, Double.POSITIVE_INFINITY);
    }

    /** See {@link TextPattern}. */
    public Field pattern(String regex, String problem) {
        return with(d -> d.pattern = new TextPattern(regex, problem));
    }

    /**
     * See {@link Requirement}: {@code fieldValuePairs} alternate a field's name and the value it must have,
     * every pair holding at once ({@code "localServer", "true", "ssl", "true"}).
     */
    public Field requiredWhen(String problem, String... fieldValuePairs) {
        Map<String, List<String>> when = new LinkedHashMap<>();
        for (int i = 0; i + 1 < fieldValuePairs.length; i += 2) {
            when.computeIfAbsent(fieldValuePairs[i], k -> new java.util.ArrayList<>()).add(fieldValuePairs[i + 1]);
        }
        List<Requirement> all = new java.util.ArrayList<>(requiredWhen);
        all.add(new Requirement(Map.copyOf(when), problem));
        return with(d -> d.requiredWhen = List.copyOf(all));
    }

    /** A select whose value must be one of its options (the switch rule's operator); others are refused. Without
     * it, the options are what the form offers and other values pass (Node-RED ignores an unknown change action). */
    public Field onlyOptions() {
        return with(d -> d.optionsOnly = true);
    }

    /**
     * The editor checks the value (required, a typed value's JSON, a property path, a range) but the deploy takes
     * any: Node-RED's runtime fails such a value per message (the switch's values, a change rule or inject property
     * without a property name), ignores it (an http request header from a bad msg path) or reads it its own way (see
     * {@link Range}). Only the kind's own check stays (a number field holds a number). Served as {@code editorOnly}.
     */
    public Field checkedByEditorOnly() {
        return with(d -> d.editorChecksOnly = true);
    }

    /** A row sub-field whose value the row also keeps under {@code key} (Node-RED's istype rule stores the type
     * name in both {@code v} and {@code vt}). */
    public Field alsoStoredAs(String key) {
        return with(d -> d.alsoStoredAs = key);
    }

    /** See the class comment: read from old flows, hidden in the editor unless set. */
    public Field asLegacy() {
        return with(d -> d.visibility = Visibility.LEGACY);
    }

    /** See {@link Visibility#INTERNAL}. */
    public Field asInternal() {
        return with(d -> d.visibility = Visibility.INTERNAL);
    }

    public boolean legacy() {
        return visibility == Visibility.LEGACY;
    }

    /** The form offers the services of the definition held by the config node in {@code configField}. */
    public Field idlService(String configField) {
        return with(d -> d.idlChoice = new IdlChoice(configField, "service"));
    }

    /** The form offers the methods of the service chosen in the field picking it ({@link #idlService}). */
    public Field idlMethod(String configField) {
        return with(d -> d.idlChoice = new IdlChoice(configField, "method"));
    }

    /** Words the form shows for option values (Node-RED's form says "a parsed JSON object", stores "obj"). */
    public Field optionLabels(String... valueLabelPairs) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i + 1 < valueLabelPairs.length; i += 2) {
            labels.put(valueLabelPairs[i], valueLabelPairs[i + 1]);
        }
        return with(d -> d.optionLabels = Map.copyOf(labels));
    }

    /**
     * The tab of the form the field is on (the function node's "Setup", "On Start", "On Message", "On Stop", as
     * Node-RED's form has them), in the order the type's fields first name them; fields without one sit above.
     */
    public Field inSection(String title) {
        return with(d -> d.section = title);
    }

    /** {@link #inSection}, and the form opens on that tab (the function node's "On Message"). */
    public Field inOpenSection(String title) {
        return with(d -> {
            d.section = title;
            d.sectionOpen = true;
        });
    }

    /** The form shows this field only while another field has one of these values (e.g. join's mode). */
    public Field shownWhen(String otherField, String... values) {
        Map<String, List<String>> when = new LinkedHashMap<>(shownWhen);
        when.put(otherField, List.of(values));
        return with(d -> d.shownWhen = Map.copyOf(when));
    }
}
