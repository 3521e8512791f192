package io.redwire.nodes.dashboard;

import io.redwire.api.NodeConfig;
import io.redwire.js.JsValues;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * node-red-dashboard's ui_dropdown, run as ui-dropdown, taking {@code msg.options} as Dashboard 1 does: a text or a
 * list of texts, numbers (offered as texts) and {@code {label: value}} objects, each key its own option; such a msg
 * replaces the options and clears the choice (or chooses its payload), and is not passed on.
 */
final class Dashboard1Dropdown extends DropdownWidget {
    Dashboard1Dropdown(NodeConfig c) {
        super(c);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        Object given = msg.get("options");
        if (given instanceof String || given instanceof List<?>) {
            List<Map<String, Object>> options = new ArrayList<>();
            for (Object o : given instanceof List<?> l ? l : List.of(given)) {
                if (o instanceof Number || o instanceof String) {
                    String text = JsValues.toJsString(o);
                    options.add(option(text, text));
                } else if (o instanceof Map<?, ?> m) {
                    m.forEach((label, value) -> options.add(option(String.valueOf(label), value)));
                }
            }
            msg.put("options", options);
        }
        super.beforeSend(msg);
    }

    private static Map<String, Object> option(String label, Object value) {
        Map<String, Object> option = new LinkedHashMap<>();
        option.put("label", label);
        option.put("value", value);
        return option;
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (msg.get("options") instanceof List<?>) {
            keep(msg);
        } else {
            super.input(msg);
        }
    }
}
