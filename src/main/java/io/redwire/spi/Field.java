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
                    String label, String help, boolean legacy, Map<String, String> optionLabels,
                    Map<String, List<String>> shownWhen) {

    public enum Kind { STRING, NUMBER, BOOLEAN, SELECT, TYPED, CODE, CONFIG, JSON, PASSWORD }

    public static final List<String> ALL_TYPES = List.of("msg", "flow", "global", "str", "num", "bool", "json",
            "bin", "re", "date", "jsonata", "env");

    private static Field of(String name, Kind kind, Object dflt) {
        return new Field(name, kind, dflt, dflt, false, List.of(), null, List.of(), null, null, null, null, false,
                Map.of(), Map.of());
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
        return of(name, Kind.SELECT, dflt).options(List.of(options));
    }

    /** A typed input: the value lives in {@code name}, its type in {@code typeField}. */
    public static Field typed(String name, String typeField, String dfltType, List<String> types) {
        return new Field(name, Kind.TYPED, "", "", false, List.of(), typeField, types, null, dfltType, null, null,
                false, Map.of(), Map.of());
    }

    public static Field code(String name, String language, String dflt) {
        return new Field(name, Kind.CODE, dflt, dflt, false, List.of(), null, List.of(), null, language, null, null,
                false, Map.of(), Map.of());
    }

    public static Field config(String name, String configType) {
        return new Field(name, Kind.CONFIG, "", "", false, List.of(), null, List.of(), configType, null, null, null,
                false, Map.of(), Map.of());
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

    private Field options(List<String> values) {
        return new Field(name, kind, editorDefault, runtimeDefault, required, values, typeField, types, configType,
                language, label, help, legacy, optionLabels, shownWhen);
    }

    public Field asRequired() {
        return new Field(name, kind, editorDefault, runtimeDefault, true, options, typeField, types, configType,
                language, label, help, legacy, optionLabels, shownWhen);
    }

    public Field label(String text) {
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, text, help, legacy, optionLabels, shownWhen);
    }

    /** What the field means, shown beside it in the editor's form. */
    public Field help(String text) {
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, label, text, legacy, optionLabels, shownWhen);
    }

    /** The value the runtime uses when the flow file leaves this field out, where it differs from the editor's. */
    public Field runtimeDefault(Object value) {
        return new Field(name, kind, editorDefault, value, required, options, typeField, types, configType,
                language, label, help, legacy, optionLabels, shownWhen);
    }

    /** See the class comment: read from old flows, hidden in the editor unless set. */
    public Field asLegacy() {
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, label, help, true, optionLabels, shownWhen);
    }

    /** Words the form shows for option values (Node-RED's form says "a parsed JSON object", stores "obj"). */
    public Field optionLabels(String... valueLabelPairs) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i + 1 < valueLabelPairs.length; i += 2) {
            labels.put(valueLabelPairs[i], valueLabelPairs[i + 1]);
        }
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, label, help, legacy, Map.copyOf(labels), shownWhen);
    }

    /** The form shows this field only while another field has one of these values (e.g. join's mode). */
    public Field shownWhen(String otherField, String... values) {
        Map<String, List<String>> when = new LinkedHashMap<>(shownWhen);
        when.put(otherField, List.of(values));
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, label, help, legacy, optionLabels, Map.copyOf(when));
    }

    /** The declaration as the editor reads it. */
    public Map<String, Object> describe() {
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
        if (legacy) {
            d.put("legacy", true);
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
