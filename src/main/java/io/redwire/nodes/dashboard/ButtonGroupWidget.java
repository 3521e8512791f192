package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.TypedValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-button-group, as Dashboard 2.0's: a row of buttons, one per option, the chosen one highlighted; a press sends
 * the option's value (evaluated from its valueType at start) as msg.payload with the topic, and a msg in selects the
 * option with that value; the node's status names the chosen option.
 */
final class ButtonGroupWidget extends OptionsWidget {
    static final Field LABEL = Field.str("label", "button group");
    static final Field GROUP_WIDTH = Field.num("width", 6);
    static final Field GROUP_HEIGHT = Field.num("height", 1);
    static final Field ROUNDED = Field.bool("rounded", true);
    static final Field USE_THEME_COLORS = Field.bool("useThemeColors", true);
    static final Field BUTTON_OPTIONS = Field.json("options", List.of());

    static final NodeType TYPE = widgetType("ui-button-group", 1, "fa-toggle-off", "button group",
                    "A row of buttons on the dashboard: the chosen one's value is sent as msg.payload with the topic.")
            .fields(NAME, GROUP, ORDER, GROUP_WIDTH, GROUP_HEIGHT, LABEL, CLASS_NAME, ROUNDED, USE_THEME_COLORS,
                    Passthru.FIELD, BUTTON_OPTIONS, TOPIC)
            .factory(ButtonGroupWidget::new);

    ButtonGroupWidget(NodeConfig c) {
        super(c, List.of("options", "label"));
        List<Object> options = new ArrayList<>();
        for (Object o : c.list(BUTTON_OPTIONS)) {
            if (o instanceof Map<?, ?> m) {
                Map<Object, Object> option = new LinkedHashMap<>(m);
                Object type = m.get("valueType");
                option.put("value", TypedValue.compile(m.get("value") == null ? "" : String.valueOf(m.get("value")),
                        type == null ? "str" : String.valueOf(type)).evaluate(null, this));
                options.add(option);
            }
        }
        described().put("options", options);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        if (msg.containsKey("payload")) {
            Map<?, ?> option = optionOf(msg.get("payload"));
            if (option != null) {
                Object label = option.get("label");
                status(Map.of("fill", "blue", "shape", "dot", "text",
                        String.valueOf(label == null || "".equals(label) ? option.get("value") : label)));
            }
        }
        super.beforeSend(msg);
    }
}
