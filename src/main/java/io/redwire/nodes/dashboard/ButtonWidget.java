package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.TypedValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-button: a press sends the last msg the button got (or an empty one) with {@code _event} describing the
 * pointer event, the configured payload and the topic, as Dashboard 2.0's button does; a msg in only updates the
 * button, unless "emulate click" makes it send as a press would.
 */
final class ButtonWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "button");
    static final Field PAYLOAD = Field.typed("payload", "payloadType", "str", Field.ALL_TYPES);
    static final Field EMULATE_CLICK = Field.bool("emulateClick", false);
    static final Field ENABLE_CLICK = Field.bool("enableClick", true).runtimeDefault(true);
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field ICON = Field.str("icon", "");
    static final Field ICON_POSITION = Field.select("iconPosition", "left", "left", "right");
    static final Field BUTTON_COLOR = Field.str("buttonColor", "");
    static final Field TEXT_COLOR = Field.str("textColor", "");
    static final Field ICON_COLOR = Field.str("iconColor", "");

    static final NodeType TYPE = widgetType("ui-button", 1, "fa-hand-pointer-o", "button",
                    "A dashboard button: a press sends the configured payload with the topic.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, EMULATE_CLICK, TOOLTIP, CLASS_NAME, ICON, ICON_POSITION,
                    PAYLOAD, TOPIC, BUTTON_COLOR, TEXT_COLOR, ICON_COLOR, ENABLE_CLICK)
            .factory(ButtonWidget::new);

    private final TypedValue payload;
    private final boolean emulateClick;
    private final boolean enableClick;

    ButtonWidget(NodeConfig c) {
        super(c, List.of("label", "icon", "iconPosition", "buttonColor", "textColor", "iconColor"));
        this.payload = c.typed(PAYLOAD);
        this.emulateClick = c.bool(EMULATE_CLICK);
        this.enableClick = c.bool(ENABLE_CLICK);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        if (!(msg.get("_event") instanceof Map<?, ?>)) {
            msg.put("_event", new LinkedHashMap<>(Map.of("type", "inject")));
        }
        // Dashboard 2.0 takes a number payload as Number(text): "" is 0, not an error
        msg.put("payload", "num".equals(payload.type()) ? JsValues.toNumber(payload.value()) : payload.evaluate(msg, this));
        super.beforeSend(msg);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (emulateClick && enableClick) {
            beforeSend(msg);
            appendTopic(msg);
            send(msg);
        }
    }

    @Override
    protected boolean takesActions() {
        return enableClick;
    }
}
