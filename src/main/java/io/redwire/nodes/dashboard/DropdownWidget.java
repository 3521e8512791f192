package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * ui-dropdown, as Dashboard 2.0's: the chosen option's value (a list of them with "multiple") is sent as
 * msg.payload; a msg in selects by value, and {@code msg.options} (or {@code msg.ui_update.options}) replaces the
 * options. It adds no topic of its own to a msg in: the configured topic goes on what the page sends.
 */
class DropdownWidget extends OptionsWidget {
    static final Field LABEL = Field.str("label", "Select Option:");
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field MULTIPLE = Field.bool("multiple", false);
    static final Field CHIPS = Field.bool("chips", false);
    static final Field CLEARABLE = Field.bool("clearable", false);
    static final Field PAYLOAD = Field.str("payload", "");
    static final Field COMBO_BOX = Field.bool("typeIsComboBox", true);
    static final Field MSG_TRIGGER = Field.select("msgTrigger", "onChange", "onChange", "onClose");

    static final NodeType TYPE = widgetType("ui-dropdown", 1, "fa-bars", "dropdown",
                    "A drop-down list on the dashboard: the chosen option's value is sent as msg.payload.")
            .fields(GROUP, NAME, LABEL, TOOLTIP, ORDER, WIDTH, HEIGHT, Passthru.FIELD, MULTIPLE, CHIPS, CLEARABLE,
                    OPTIONS, PAYLOAD, TOPIC, CLASS_NAME, COMBO_BOX, MSG_TRIGGER)
            .factory(DropdownWidget::new);

    DropdownWidget(NodeConfig c) {
        super(c, List.of("options", "label", "multiple", "msgTrigger"));
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        if (msg.get("options") instanceof List<?> options) {
            state().put("options", options);
        }
    }
}
