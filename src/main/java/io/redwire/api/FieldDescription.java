package io.redwire.api;

import java.util.LinkedHashMap;
import java.util.Map;

/** A field's declaration as GET /nodes serves it to the editor (kind, defaults, options, rows, rules). */
final class FieldDescription {
    private FieldDescription() {
    }

    /** The declaration as the editor reads it, with the label and help text its node type found for it
     * ({@link NodeType#label(Field)}, {@link NodeType#help(Field)}); a row's sub-fields carry their own. */
    static Map<String, Object> of(Field f, String label, String help) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", f.name());
        d.put("kind", f.kind().name().toLowerCase());
        d.put("default", f.editorDefault());
        d.put("required", f.required());
        if (label != null) {
            d.put("label", label);
        }
        if (help != null) {
            d.put("help", help);
        }
        if (f.visibility() != Field.Visibility.SHOWN) {
            d.put(f.visibility() == Field.Visibility.LEGACY ? "legacy" : "internal", true);
        }
        if (f.idlChoice() != null) {
            d.put("idlChoice", Map.of("config", f.idlChoice().configField(), "part", f.idlChoice().part()));
        }
        if (!f.options().isEmpty()) {
            d.put("options", f.options());
        }
        if (!f.optionLabels().isEmpty()) {
            d.put("optionLabels", f.optionLabels());
        }
        if (f.nodeRefs() != null) {
            Map<String, Object> refs = new LinkedHashMap<>();
            refs.put("type", f.nodeRefs().type());
            if (f.nodeRefs().backField() != null) {
                refs.put("back", f.nodeRefs().backField());
            }
            d.put("nodeRefs", refs);
        }
        if (f.section() != null) {
            d.put("section", f.section());
            if (f.sectionOpen()) {
                d.put("sectionOpen", true);
            }
        }
        if (!f.shownWhen().isEmpty()) {
            d.put("shownWhen", f.shownWhen());
        }
        if (f.typeField() != null) {
            d.put("typeField", f.typeField());
            d.put("types", f.types());
            d.put("defaultType", f.language());
        }
        if (f.configType() != null) {
            d.put("configType", f.configType());
        }
        if (f.kind() == Field.Kind.CODE) {
            d.put("language", f.language());
        }
        if (f.optionsOnly()) {
            d.put("optionsOnly", true);
        }
        if (f.editorChecksOnly()) {
            d.put("editorOnly", true);
        }
        if (f.alsoStoredAs() != null) {
            d.put("alsoStoredAs", f.alsoStoredAs());
        }
        if (f.range() != null) {
            Map<String, Object> range = new LinkedHashMap<>();
            range.put("min", f.range().min());
            if (f.range().bounded()) {
                range.put("max", f.range().max()); // JSON has no Infinity: a lower bound alone leaves max out
            }
            range.put("integer", f.range().integer());
            d.put("range", range);
        }
        if (f.pattern() != null) {
            d.put("pattern", Map.of("regex", f.pattern().regex(), "problem", f.pattern().problem()));
        }
        if (!f.requiredWhen().isEmpty()) {
            d.put("requiredWhen", f.requiredWhen().stream().map(r -> Map.of("when", r.when(), "problem", r.problem()))
                    .toList());
        }
        if (f.rows() != null) {
            d.put("row", f.rows().fields().stream().map(sub -> of(sub, sub.label(), sub.help())).toList());
            d.put("defaultRow", f.rows().defaultRow());
            d.put("minRows", f.rows().min());
            if (f.rows().max() >= 0) {
                d.put("maxRows", f.rows().max());
            }
            if (f.rows().scalar()) {
                d.put("scalar", true);
            }
            if (f.rows().shape() == Field.Shape.ENTRIES) {
                d.put("entries", true);
            }
            if (f.rows().outputPerRow()) {
                d.put("outputPerRow", true);
            }
            if (!f.rows().heldOnNode().isEmpty()) {
                d.put("heldOnNode", f.rows().heldOnNode().stream().map(FieldDescription::held).toList());
            }
        }
        return d;
    }

    private static Map<String, Object> held(Field.HeldOnNode h) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("key", h.key());
        d.put("value", h.value());
        d.put("valueField", h.valueField());
        if (h.typeField() != null) {
            d.put("typeField", h.typeField());
        }
        return d;
    }
}
