package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * ui-number-input, as Dashboard 2.0's: the number typed (or stepped with the spinner) is sent as msg.payload with the
 * topic, on Enter, on leaving the field or after a pause; a msg in sets the number and, with "pass through" (on by
 * default), is sent on with the topic added.
 */
final class NumberInputWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "number");
    static final Field MIN = Field.num("min", 0).asRequired();
    static final Field MAX = Field.num("max", 10).asRequired();
    static final Field STEP = Field.num("step", 1);
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field DELAY = Field.num("delay", 300);
    static final Field PASSTHRU = Field.bool("passthru", true);
    static final Field SEND_ON_DELAY = Field.bool("sendOnDelay", false);
    static final Field SEND_ON_BLUR = Field.bool("sendOnBlur", true);
    static final Field SEND_ON_ENTER = Field.bool("sendOnEnter", true);
    static final Field CLEARABLE = Field.bool("clearable", false);
    static final Field ICON = Field.str("icon", "");
    static final Field ICON_POSITION = Field.select("iconPosition", "left", "left", "right");
    static final Field ICON_INNER_POSITION = Field.select("iconInnerPosition", "inside", "inside", "outside");
    static final Field SPINNER = Field.select("spinner", "default", "default", "inline", "hidden");

    static final NodeType TYPE = widgetType("ui-number-input", 1, "fa-arrows-v", "number input",
                    "A number field on the dashboard: the number the user enters is sent as msg.payload with the topic.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, TOPIC, MIN, MAX, STEP, TOOLTIP, DELAY, PASSTHRU,
                    SEND_ON_DELAY, SEND_ON_BLUR, SEND_ON_ENTER, CLASS_NAME, CLEARABLE, ICON, ICON_POSITION,
                    ICON_INNER_POSITION, SPINNER)
            .factory(NumberInputWidget::new);

    private final boolean passthru;

    NumberInputWidget(NodeConfig c) {
        super(c, List.of("label", "clearable", "icon", "iconPosition", "iconInnerPosition", "spinner"));
        this.passthru = c.bool(PASSTHRU);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        appendTopic(msg);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        keepAndPassOn(msg, passthru);
    }
}
