package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.msg.PropertyPath;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The http request node's `headers` list, compiled once: each entry names a header and its value either literally
 * (type "other"), from a msg property (type "msg"), or by the type itself (the editor's presets, e.g. keyType
 * "Content-Type"). Applied after msg.headers, so they win; an empty value removes the header.
 */
final class HeaderRules {
    /** One side of a rule: a literal, or a msg property (null path = an expression that cannot be evaluated). */
    private record Part(String literal, PropertyPath path, boolean fromMsg) {
        static Part of(Object type, Object value) {
            String t = type == null ? "" : String.valueOf(type);
            String v = value == null ? "" : String.valueOf(value);
            if (t.equals("other")) {
                return new Part(v, null, false);
            }
            if (t.equals("msg")) {
                PropertyPath p;
                try {
                    p = PropertyPath.ofMsg(v);
                } catch (RuntimeException e) {
                    p = null;
                }
                return new Part(null, p, true);
            }
            return new Part(t, null, false);
        }

        /** The value, or null when a msg property is missing or invalid (Node-RED then ignores the header). */
        Object evaluate(Map<String, Object> msg) {
            if (!fromMsg) {
                return literal;
            }
            return path == null ? null : path.getOrNull(msg, msg);
        }
    }

    private record Rule(Part name, Part value) {
    }

    private final List<Rule> rules = new ArrayList<>();

    HeaderRules(List<Object> config) {
        for (Object o : config) {
            if (o instanceof Map<?, ?> m) {
                rules.add(new Rule(Part.of(m.get("keyType"), m.get("keyValue")),
                        Part.of(m.get("valueType"), m.get("valueValue"))));
            }
        }
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    void applyTo(RequestHeaders headers, Map<String, Object> msg) {
        for (Rule r : rules) {
            Object name = r.name.evaluate(msg);
            if (name == null || "".equals(name)) {
                continue;
            }
            headers.set(io.redwire.js.JsValues.toJsString(name), r.value.evaluate(msg));
        }
    }
}
