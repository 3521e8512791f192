package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * ui-text-input: what a user types is sent as msg.payload (on Enter, on leaving the field, or after a pause, as
 * configured); a msg in sets the field's text and, with "pass through", is sent on unchanged (no topic added, as
 * Dashboard 2.0 does).
 */
class TextInputWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "text");
    static final Field MODE = Field.select("mode", "text", "text", "textarea", "password", "email", "number", "tel",
            "color", "date", "time", "week", "month", "datetime-local").asRequired();
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field DELAY = Field.num("delay", 300);
    static final Field PASSTHRU = Field.bool("passthru", true);
    static final Field SEND_ON_DELAY = Field.bool("sendOnDelay", false);
    static final Field SEND_ON_BLUR = Field.bool("sendOnBlur", true);
    static final Field SEND_ON_ENTER = Field.bool("sendOnEnter", true);
    static final Field CLEARABLE = Field.bool("clearable", false);
    static final Field SEND_ON_CLEAR = Field.bool("sendOnClear", false);
    static final Field ICON = Field.str("icon", "");

    static final NodeType TYPE = widgetType("ui-text-input", 1, "fa-i-cursor", "text input",
                    "A text field on the dashboard: what the user types is sent as msg.payload with the topic.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, TOPIC, MODE, TOOLTIP, DELAY, PASSTHRU, SEND_ON_DELAY,
                    SEND_ON_BLUR, SEND_ON_ENTER, CLASS_NAME, CLEARABLE, SEND_ON_CLEAR, ICON,
                    NumberInputWidget.ICON_POSITION, NumberInputWidget.ICON_INNER_POSITION)
            .factory(TextInputWidget::new);

    private final boolean passthru;

    TextInputWidget(NodeConfig c) {
        super(c, List.of("label", "mode", "clearable", "icon", "iconPosition", "iconInnerPosition"));
        this.passthru = c.bool(PASSTHRU);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        keepAndPassOn(msg, passthru);
    }
}
