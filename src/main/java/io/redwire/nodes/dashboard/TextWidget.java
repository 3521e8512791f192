package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.TypedValue;

import java.util.List;
import java.util.Map;

/** ui-text: shows a label and a value, msg.payload by default (Dashboard 2.0's "value" typed property). */
final class TextWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "text");
    static final Field FORMAT = Field.str("format", "{{msg.payload}}");
    static final Field LAYOUT = Field.select("layout", "row-spread", "row-left", "row-center", "row-right",
            "row-spread", "col-center");
    static final Field STYLE = Field.bool("style", false);
    static final Field FONT = Field.str("font", "Helvetica");
    static final Field FONT_SIZE = Field.num("fontSize", 16);
    static final Field COLOR = Field.str("color", "#717171");
    static final Field WRAP_TEXT = Field.bool("wrapText", false);
    static final Field VALUE = Field.typed("value", "valueType", "msg", List.of("msg", "flow", "global", "str", "num",
            "bool", "json", "env")).runtimeDefault("payload");

    static final NodeType TYPE = widgetType("ui-text", 0, "fa-font", "text",
                    "Shows a label and a value on the dashboard: msg.payload unless another value is chosen.")
            .fields(GROUP, ORDER, WIDTH, HEIGHT, NAME, LABEL, FORMAT, LAYOUT, STYLE, FONT, FONT_SIZE, COLOR, WRAP_TEXT,
                    CLASS_NAME, VALUE)
            .factory(TextWidget::new);

    private final TypedValue value;

    TextWidget(NodeConfig c) {
        super(c, List.of("label", "layout", "font", "fontSize", "color"));
        this.value = c.typed(VALUE);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        if (!("msg".equals(value.type()) && "payload".equals(value.value()))) {
            msg.put("payload", value.evaluate(msg, this));
        }
    }
}
