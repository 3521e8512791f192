package io.redwire.api;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.TypedValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one check of a node's flow JSON against its type's declared fields, made at every deploy before the node is
 * built, so each declared rule (required, number, typed value, rows, range, pattern, options, required-when) is
 * written once and the editor's {@code validate.js} applies the same declarations. Problems read
 * {@code field 'port' must be ...} and, inside rows, {@code field 'rules' row 2 'to' (json): ...}; the deployment
 * puts the node's id and type in front.
 *
 * <p>A field is checked only while it is in use: its {@code shownWhen} holds (a field of another mode is not read)
 * and, for a field required only in some mode, while that mode is on. A rows field that is not a list is left to its
 * node (the change node reads a pre-0.18 single rule then), as is a value the runtime takes as it is
 * ({@link Field#checkedByEditorOnly()}).
 */
final class FieldChecks {
    private FieldChecks() {
    }

    static List<String> problems(List<Field> fields, Map<String, Object> raw) {
        List<String> out = new ArrayList<>();
        check(fields, raw, "field '", out);
        return out;
    }

    private static void check(List<Field> fields, Map<String, ?> values, String prefix, List<String> out) {
        for (Field f : fields) {
            if (!inUse(f, fields, values)) {
                continue;
            }
            String where = prefix + f.name() + "'";
            Object v = values.get(f.name());
            boolean blank = v == null || "".equals(v);
            Field.Requirement unmet = f.editorChecksOnly() ? null : unmet(f, fields, values, v);
            if (unmet != null) {
                out.add(where + ": " + unmet.problem());
            } else if (f.required() && blank && !f.editorChecksOnly()) {
                out.add(where + " is required");
            } else if (!blank) {
                checkValue(f, v, values, where, out);
            }
        }
    }

    private static void checkValue(Field f, Object v, Map<String, ?> values, String where, List<String> out) {
        switch (f.kind()) {
            case NUMBER -> {
                if (!(v instanceof Number) && Double.isNaN(JsValues.toNumber(v))) {
                    out.add(where + " must be a number, got " + Json.stringify(v));
                    return;
                }
            }
            case TYPED -> {
                Object t = values.get(f.typeField());
                if (t != null && !"".equals(t) && !f.editorChecksOnly()) {
                    try {
                        TypedValue.compile(JsValues.toJsString(v), String.valueOf(t));
                    } catch (RuntimeException e) {
                        out.add(where + " (" + t + "): " + e.getMessage());
                    }
                }
            }
            case ROWS -> rows(f, v, where, out);
            default -> {
            }
        }
        if (f.editorChecksOnly()) {
            return; // the declared range, pattern and options are the editor's; the kind's own check stays
        }
        Field.Range range = f.range();
        if (range != null) {
            double d = v instanceof Number n ? n.doubleValue() : JsValues.toNumber(v);
            if (Double.isNaN(d) || d < range.min() || d > range.max() || range.integer() && d != Math.rint(d)) {
                out.add(where + " must be " + range.describe() + ", got " + Json.stringify(v));
            }
        }
        if (f.pattern() != null && !matches(f, v)) {
            out.add(where + ": " + f.pattern().problem());
        }
        if (f.optionsOnly() && !f.options().contains(JsValues.toJsString(v))) {
            out.add(where + " must be one of " + String.join(", ", f.options()) + ", got " + Json.stringify(v));
        }
    }

    private static void rows(Field f, Object v, String where, List<String> out) {
        Field.Rows rows = f.rows();
        if (rows.shape() == Field.Shape.ENTRIES) {
            entries(rows, v, where, out);
            return;
        }
        if (!(v instanceof List<?> list)) {
            return;
        }
        if (!f.editorChecksOnly() && list.size() < rows.min()) {
            out.add(where + " needs at least " + rows.min() + (rows.min() == 1 ? " row" : " rows"));
        }
        if (!f.editorChecksOnly() && rows.max() >= 0 && list.size() > rows.max()) {
            out.add(where + " takes at most " + rows.max() + (rows.max() == 1 ? " row" : " rows"));
        }
        for (int i = 0; i < list.size(); i++) {
            String row = where + " row " + (i + 1);
            if (rows.scalar()) {
                check(rows.fields(), java.util.Collections.singletonMap(rows.fields().get(0).name(), list.get(i)),
                        row + " '", out);
            } else if (list.get(i) instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, ?> values = (Map<String, ?>) m;
                check(rows.fields(), values, row + " '", out);
            } else if (!f.editorChecksOnly()) { // a runtime that skips such rows (function libs) takes them
                out.add(row + ": must be an object, got " + Json.stringify(list.get(i)));
            }
        }
    }

    /** An object of entries: each checked as the row {key sub-field: its name, value sub-field: its value}. */
    private static void entries(Field.Rows rows, Object v, String where, List<String> out) {
        if (!(v instanceof Map<?, ?> m)) {
            out.add(where + " must be an object, got " + Json.stringify(v));
            return;
        }
        int i = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            Map<String, Object> row = new java.util.HashMap<>();
            row.put(rows.fields().get(0).name(), e.getKey());
            row.put(rows.fields().get(1).name(), e.getValue());
            check(rows.fields(), row, where + " row " + (++i) + " '", out);
        }
    }

    /** The first requirement whose condition holds and that the value does not meet; null when none. */
    private static Field.Requirement unmet(Field f, List<Field> siblings, Map<String, ?> values, Object v) {
        boolean given = v != null && !"".equals(v) && (f.pattern() == null || matches(f, v));
        if (given) {
            return null;
        }
        return f.requiredWhen().stream().filter(r -> holds(r.when(), siblings, values)).findFirst().orElse(null);
    }

    private static boolean inUse(Field f, List<Field> siblings, Map<String, ?> values) {
        return holds(f.shownWhen(), siblings, values) && (f.requiredWhen().isEmpty()
                || f.requiredWhen().stream().anyMatch(r -> holds(r.when(), siblings, values)));
    }

    /** Every named field has one of its listed values; a left-out field counts as its declared runtime default. */
    private static boolean holds(Map<String, List<String>> when, List<Field> siblings, Map<String, ?> values) {
        for (Map.Entry<String, List<String>> e : when.entrySet()) {
            Object v = values.containsKey(e.getKey()) ? values.get(e.getKey()) : siblings.stream()
                    .filter(s -> s.name().equals(e.getKey())).map(Field::runtimeDefault).findFirst().orElse(null);
            if (!e.getValue().contains(v == null ? "" : JsValues.toJsString(v))) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(Field f, Object v) {
        return Pattern.compile(f.pattern().regex()).matcher(JsValues.toJsString(v)).find();
    }
}
