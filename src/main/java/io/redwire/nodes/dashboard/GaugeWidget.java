package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.TypedValue;

import java.util.List;
import java.util.Map;

/**
 * ui-gauge, as Dashboard 2.0's: shows the value (msg.payload unless another is chosen) between min and max over
 * coloured segments, with a title, units and a prefix / suffix, each of them settable by msg.ui_update
 * ({@code title} standing for {@code label}); the msg in is sent on with the topic.
 */
final class GaugeWidget extends WidgetNode {
    static final Field VALUE = Field.typed("value", "valueType", "msg", List.of("msg", "flow", "global", "str", "num",
            "json", "env")).runtimeDefault("payload");
    static final Field GAUGE_WIDTH = Field.num("width", 3);
    static final Field GAUGE_HEIGHT = Field.num("height", 3);
    static final Field GTYPE = Field.select("gtype", "gauge-half", "gauge-half", "gauge-34", "gauge-tile",
            "gauge-battery", "gauge-tank");
    static final Field GSTYLE = Field.select("gstyle", "needle", "needle", "rounded");
    static final Field TITLE = Field.str("title", "gauge");
    static final Field ALWAYS_SHOW_TITLE = Field.bool("alwaysShowTitle", false);
    static final Field FLOATING_TITLE_POSITION = Field.select("floatingTitlePosition", "top-left", "top-left",
            "top-center", "top-right", "bottom-left", "bottom-center", "bottom-right");
    static final Field UNITS = Field.str("units", "units");
    static final Field ICON = Field.str("icon", "");
    static final Field PREFIX = Field.str("prefix", "");
    static final Field SUFFIX = Field.str("suffix", "");
    static final Field SEGMENTS = Field.json("segments", List.of(Map.of("from", 0, "color", "#5cd65c"),
            Map.of("from", 4, "color", "#ffc800"), Map.of("from", 7, "color", "#ea5353")));
    static final Field MIN = Field.num("min", 0).asRequired();
    static final Field MAX = Field.num("max", 10).asRequired();
    static final Field SIZE_THICKNESS = Field.num("sizeThickness", 16);
    static final Field SIZE_GAP = Field.num("sizeGap", 4);
    static final Field SIZE_KEY_THICKNESS = Field.num("sizeKeyThickness", 8);
    static final Field STYLE_ROUNDED = Field.bool("styleRounded", true);
    static final Field STYLE_GLOW = Field.bool("styleGlow", false);

    static final NodeType TYPE = widgetType("ui-gauge", 1, "fa-tachometer", "gauge",
                    "A gauge on the dashboard showing msg.payload between min and max over coloured segments.")
            .label(NodeType.Label.firstOf("name", "title").or("gauge"))
            .fields(NAME, GROUP, ORDER, VALUE, GAUGE_WIDTH, GAUGE_HEIGHT, GTYPE, GSTYLE, TITLE, ALWAYS_SHOW_TITLE,
                    FLOATING_TITLE_POSITION, UNITS, ICON, PREFIX, SUFFIX, SEGMENTS, MIN, MAX, SIZE_THICKNESS,
                    SIZE_GAP, SIZE_KEY_THICKNESS, STYLE_ROUNDED, STYLE_GLOW, CLASS_NAME)
            .factory(GaugeWidget::new);

    private final TypedValue value;

    GaugeWidget(NodeConfig c) {
        super(c, List.of("label", "gtype", "gstyle", "prefix", "suffix", "units", "icon", "segments", "min", "max"));
        this.value = c.typed(VALUE);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void beforeSend(Map<String, Object> msg) {
        if (msg.get("ui_update") instanceof Map<?, ?> u && !u.containsKey("label") && u.containsKey("title")) {
            ((Map<String, Object>) u).put("label", u.get("title"));
        }
        super.beforeSend(msg);
        if (!value.value().isEmpty()) {
            msg.put("payload", value.evaluate(msg, this));
        }
        appendTopic(msg);
    }
}
