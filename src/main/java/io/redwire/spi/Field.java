package io.redwire.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One declared config field of a node type. The same declaration reads and validates the flow JSON and is served by
 * GET /nodes so the editor can build its form.
 *
 * <p>Two defaults are kept apart, as Node-RED keeps them: {@code editorDefault} is what the editor puts in a new
 * node's form (Node-RED's {@code defaults.x.value}); {@code runtimeDefault} is what the runtime assumes when a flow
 * file leaves the field out or blank (the node's own {@code n.x || ...} fallback). They often differ: a new delay node
 * says 5 seconds, an old flow without {@code timeout} still runs with 5.
 */
public record Field(String name, Kind kind, Object editorDefault, Object runtimeDefault, boolean required,
                    List<String> options, String typeField, List<String> types, String configType, String language,
                    String label) {

    public enum Kind { STRING, NUMBER, BOOLEAN, SELECT, TYPED, CODE, CONFIG, JSON, PASSWORD }

    public static final List<String> ALL_TYPES = List.of("msg", "flow", "global", "str", "num", "bool", "json",
            "bin", "re", "date", "jsonata", "env");

    private static Field of(String name, Kind kind, Object dflt) {
        return new Field(name, kind, dflt, dflt, false, List.of(), null, List.of(), null, null, null);
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
        return new Field(name, Kind.SELECT, dflt, dflt, false, List.of(options), null, List.of(), null, null, null);
    }

    /** A typed input: the value lives in {@code name}, its type in {@code typeField}. */
    public static Field typed(String name, String typeField, String dfltType, List<String> types) {
        return new Field(name, Kind.TYPED, "", "", false, List.of(), typeField, types, null, dfltType, null);
    }

    public static Field code(String name, String language, String dflt) {
        return new Field(name, Kind.CODE, dflt, dflt, false, List.of(), null, List.of(), null, language, null);
    }

    public static Field config(String name, String configType) {
        return new Field(name, Kind.CONFIG, "", "", false, List.of(), null, List.of(), configType, null, null);
    }

    /** Structured value (rules arrays, header objects) edited as JSON. */
    public static Field json(String name, Object dflt) {
        return of(name, Kind.JSON, dflt);
    }

    /** A secret credential: never served back by the admin API, never written to the flows file. */
    public static Field password(String name) {
        return of(name, Kind.PASSWORD, "");
    }

    public Field asRequired() {
        return new Field(name, kind, editorDefault, runtimeDefault, true, options, typeField, types, configType,
                language, label);
    }

    public Field label(String text) {
        return new Field(name, kind, editorDefault, runtimeDefault, required, options, typeField, types, configType,
                language, text);
    }

    /** The value the runtime uses when the flow file leaves this field out or blank, where it differs from the editor's. */
    public Field runtimeDefault(Object value) {
        return new Field(name, kind, editorDefault, value, required, options, typeField, types, configType,
                language, label);
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
        if (!options.isEmpty()) {
            d.put("options", options);
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
