package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;

/**
 * ui-slider: the chosen number is sent as msg.payload with the topic, while it moves or on release ({@code outs}
 * "all" or "end"); a msg in moves the thumb and, with "pass through", is sent on.
 */
final class SliderWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "slider");
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field OUTS = Field.select("outs", "all", "all", "end");
    static final Field THUMB_LABEL = Field.str("thumbLabel", "true");
    static final Field SHOW_TICKS = Field.select("showTicks", "always", "always", "true", "false");
    static final Field MIN = Field.num("min", 0).asRequired();
    static final Field MAX = Field.num("max", 10).asRequired();
    static final Field STEP = Field.num("step", 1);
    static final Field COLOR = Field.str("color", "");
    static final Field SHOW_TEXT_FIELD = Field.bool("showTextField", false);

    static final NodeType TYPE = widgetType("ui-slider", 1, "fa-sliders", "slider",
                    "A slider on the dashboard between min and max: the chosen number is sent as msg.payload.")
            .fields(GROUP, NAME, LABEL, TOOLTIP, ORDER, WIDTH, HEIGHT, Passthru.FIELD, OUTS, TOPIC, THUMB_LABEL,
                    SHOW_TICKS, MIN, MAX, STEP, CLASS_NAME, COLOR, SHOW_TEXT_FIELD)
            .factory(SliderWidget::new);

    SliderWidget(NodeConfig c) {
        super(c, List.of("label", "thumbLabel", "showTicks", "min", "step", "max", "iconPrepend", "iconAppend", "color",
                "colorTrack", "colorThumb", "showTextField"));
    }
}
