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
 * pointer event, the configured payload and the topic, as Dashboard 2.0's button does; with
 * {@code enablePointerdown} / {@code enablePointerup} pressing and releasing it send too, each with its own payload
 * (the {@code _event.type} picks which, as in Dashboard 2.0's beforeSend). A msg in only updates the button, unless
 * "emulate click" makes it send as a press would.
 */
final class ButtonWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "button");
    static final Field PAYLOAD = Field.typed("payload", "payloadType", "str", Field.ALL_TYPES);
    static final Field EMULATE_CLICK = Field.bool("emulateClick", false);
    static final Field ENABLE_CLICK = Field.bool("enableClick", true).runtimeDefault(true);
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field ICON = Field.str("icon", "")
            .help("A Material Design Icons name (e.g. home or mdi-home), drawn beside the label.");
    static final Field ICON_POSITION = Field.select("iconPosition", "left", "left", "right");
    static final Field BUTTON_COLOR = Field.str("buttonColor", "");
    static final Field TEXT_COLOR = Field.str("textColor", "");
    static final Field ICON_COLOR = Field.str("iconColor", "");
    static final Field ENABLE_POINTERDOWN = Field.bool("enablePointerdown", false)
            .help("Also send when the button is pressed, with the pointer-down payload.");
    static final Field POINTERDOWN_PAYLOAD = Field.typed("pointerdownPayload", "pointerdownPayloadType", "str",
            Field.ALL_TYPES);
    static final Field ENABLE_POINTERUP = Field.bool("enablePointerup", false)
            .help("Also send when the button is released, with the pointer-up payload.");
    static final Field POINTERUP_PAYLOAD = Field.typed("pointerupPayload", "pointerupPayloadType", "str",
            Field.ALL_TYPES);

    static final NodeType TYPE = widgetType("ui-button", 1, "fa-hand-pointer-o", "button",
                    "A dashboard button: a press sends the configured payload with the topic.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, EMULATE_CLICK, TOOLTIP, CLASS_NAME, ICON, ICON_POSITION,
                    PAYLOAD, TOPIC, BUTTON_COLOR, TEXT_COLOR, ICON_COLOR, ENABLE_CLICK, ENABLE_POINTERDOWN,
                    POINTERDOWN_PAYLOAD, ENABLE_POINTERUP, POINTERUP_PAYLOAD)
            .factory(ButtonWidget::new);

    private final TypedValue payload;
    private final TypedValue pointerdownPayload;
    private final TypedValue pointerupPayload;
    private final boolean emulateClick;
    private final boolean enableClick;
    private final boolean enablePointer;

    ButtonWidget(NodeConfig c) {
        super(c, List.of("label", "icon", "iconPosition", "buttonColor", "textColor", "iconColor"));
        this.payload = c.typed(PAYLOAD);
        this.emulateClick = c.bool(EMULATE_CLICK);
        this.enableClick = c.bool(ENABLE_CLICK);
        this.pointerdownPayload = c.typed(POINTERDOWN_PAYLOAD);
        this.pointerupPayload = c.typed(POINTERUP_PAYLOAD);
        this.enablePointer = c.bool(ENABLE_POINTERDOWN) || c.bool(ENABLE_POINTERUP);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        if (!(msg.get("_event") instanceof Map<?, ?>)) {
            msg.put("_event", new LinkedHashMap<>(Map.of("type", "inject")));
        }
        TypedValue p = switch (String.valueOf(((Map<?, ?>) msg.get("_event")).get("type"))) {
            case "pointerdown" -> pointerdownPayload;
            case "pointerup" -> pointerupPayload;
            default -> payload;
        };
        // Dashboard 2.0 takes a number payload as Number(text): "" is 0, not an error
        msg.put("payload", "num".equals(p.type()) ? JsValues.toNumber(p.value()) : p.evaluate(msg, this));
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
        // the page sends only the events the button has enabled, as Dashboard 2.0's does
        return enableClick || enablePointer;
    }
}
