package io.redwire.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One declared config field of a node type. The same declaration reads and validates the flow JSON and is served by
 * GET /nodes so the editor can build its form.
 */
public record Field(String name, Kind kind, Object defaultValue, boolean required, List<String> options,
                    String typeField, List<String> types, String configType, String language, String label) {

    public enum Kind { STRING, NUMBER, BOOLEAN, SELECT, TYPED, CODE, CONFIG, JSON }

    public static final List<String> ALL_TYPES = List.of("msg", "flow", "global", "str", "num", "bool", "json",
            "bin", "re", "date", "jsonata", "env");

    public static Field str(String name, String dflt) {
        return new Field(name, Kind.STRING, dflt, false, List.of(), null, List.of(), null, null, null);
    }

    public static Field num(String name, Number dflt) {
        return new Field(name, Kind.NUMBER, dflt, false, List.of(), null, List.of(), null, null, null);
    }

    public static Field bool(String name, boolean dflt) {
        return new Field(name, Kind.BOOLEAN, dflt, false, List.of(), null, List.of(), null, null, null);
    }

    public static Field select(String name, String dflt, String... options) {
        return new Field(name, Kind.SELECT, dflt, false, List.of(options), null, List.of(), null, null, null);
    }

    /** A typed input: the value lives in {@code name}, its type in {@code typeField}. */
    public static Field typed(String name, String typeField, String dfltType, List<String> types) {
        return new Field(name, Kind.TYPED, "", false, List.of(), typeField, types, null, dfltType, null);
    }

    public static Field code(String name, String language, String dflt) {
        return new Field(name, Kind.CODE, dflt, false, List.of(), null, List.of(), null, language, null);
    }

    public static Field config(String name, String configType) {
        return new Field(name, Kind.CONFIG, "", false, List.of(), null, List.of(), configType, null, null);
    }

    /** Structured value (rules arrays, header objects) edited as JSON. */
    public static Field json(String name, Object dflt) {
        return new Field(name, Kind.JSON, dflt, false, List.of(), null, List.of(), null, null, null);
    }

    public Field asRequired() {
        return new Field(name, kind, defaultValue, true, options, typeField, types, configType, language, label);
    }

    public Field label(String text) {
        return new Field(name, kind, defaultValue, required, options, typeField, types, configType, language, text);
    }

    /** The declaration as the editor reads it. */
    public Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", name);
        d.put("kind", kind.name().toLowerCase());
        d.put("default", defaultValue);
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
