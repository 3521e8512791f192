package io.redwire.spi;

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
                    Map<String, List<String>> shownWhen, IdlChoice idlChoice) {

    public enum Kind { STRING, NUMBER, BOOLEAN, SELECT, TYPED, CODE, CONFIG, JSON, PASSWORD }

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
    public record IdlChoice(String configField, String part) {
    }

    public static final List<String> ALL_TYPES = List.of("msg", "flow", "global", "str", "num", "bool", "json",
            "bin", "re", "date", "jsonata", "env");

    private static Field of(String name, Kind kind, Object dflt) {
        return new Field(name, kind, dflt, dflt, false, List.of(), null, List.of(), null, null, null, null,
                Visibility.SHOWN, Map.of(), Map.of(), null);
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

    /** Structured value (rules arrays, header objects, nested options) edited as JSON; read with
     * {@link NodeConfig#list} or {@link NodeConfig#map}. */
    public static Field json(String name, Object dflt) {
        return of(name, Kind.JSON, dflt);
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
        change.accept(d);
        return new Field(name, kind, editorDefault, d.runtimeDefault, d.required, d.options, d.typeField, d.types,
                d.configType, d.language, d.label, d.help, d.visibility, d.optionLabels, d.shownWhen, d.idlChoice);
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

    /** The form shows this field only while another field has one of these values (e.g. join's mode). */
    public Field shownWhen(String otherField, String... values) {
        Map<String, List<String>> when = new LinkedHashMap<>(shownWhen);
        when.put(otherField, List.of(values));
        return with(d -> d.shownWhen = Map.copyOf(when));
    }

    /** The declaration as the editor reads it, with the help text its node type found for it
     * ({@link NodeType#help(Field)}). */
    Map<String, Object> describe(String help) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", name);
        d.put("kind", kind.name().toLowerCase());
        d.put("default", editorDefault);
        d.put("required", required);
        if (label != null) {
            d.put("label", label);
        }
        if (help != null) {
            d.put("help", help);
        }
        if (visibility != Visibility.SHOWN) {
            d.put(visibility == Visibility.LEGACY ? "legacy" : "internal", true);
        }
        if (idlChoice != null) {
            d.put("idlChoice", Map.of("config", idlChoice.configField(), "part", idlChoice.part()));
        }
        if (!options.isEmpty()) {
            d.put("options", options);
        }
        if (!optionLabels.isEmpty()) {
            d.put("optionLabels", optionLabels);
        }
        if (!shownWhen.isEmpty()) {
            d.put("shownWhen", shownWhen);
        }
        if (typeField != null) {
            d.put("typeField", typeField);
            d.put("types", types);
            d.put("defaultType", language);
        }
        if (configType != null) {
            d.put("configType", configType);
        }
        if (kind == Kind.CODE) {
            d.put("language", language);
        }
        return d;
    }
}
