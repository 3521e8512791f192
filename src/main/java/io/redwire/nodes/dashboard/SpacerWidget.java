package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;

/** ui-spacer (a config node in Dashboard 2.0, placed from the layout): empty space width × height in a group. */
final class SpacerWidget extends WidgetNode {
    static final Field SPACER_NAME = Field.str("name", "spacer");
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field SPACER_WIDTH = Field.num("width", 1);
    static final Field SPACER_HEIGHT = Field.num("height", 1);

    static final NodeType TYPE = io.redwire.api.NodeType.builder("ui-spacer", "dashboard").configNode()
            .icon("font-awesome/fa-arrows-h").color("#a6bbcf").paletteLabel("spacer")
            .help("Empty space of the given width and height between the widgets of a dashboard group.")
            .label(NodeType.Label.firstOf("name").or("spacer"))
            .fields(GROUP, SPACER_NAME, TOOLTIP, ORDER, SPACER_WIDTH, SPACER_HEIGHT, CLASS_NAME)
            .factory(SpacerWidget::new);

    SpacerWidget(NodeConfig c) {
        super(c, List.of());
    }
}
