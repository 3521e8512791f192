package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;

/** ui-progress, as Dashboard 2.0's: a bar filled to msg.payload percent, with a label; no output. */
final class ProgressWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "Progress");
    static final Field COLOR = Field.str("color", "");

    static final NodeType TYPE = widgetType("ui-progress", 0, "fa-percent", "progress",
                    "A progress bar on the dashboard, filled to msg.payload percent.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, COLOR, CLASS_NAME)
            .factory(ProgressWidget::new);

    ProgressWidget(NodeConfig c) {
        super(c, List.of("label", "color"));
    }
}
