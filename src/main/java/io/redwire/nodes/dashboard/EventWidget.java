package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;

/**
 * ui-event, as Dashboard 2.0's: sends a msg when a page of its dashboard is opened ({@code topic} "$pageview") or
 * left ("$pageleave"), with {@code payload: {page: {...the page's settings}, query}} and {@code _client}.
 */
final class EventWidget extends WidgetNode {
    static final NodeType TYPE = NodeType.builder("ui-event", "dashboard").ports(0, 1)
            .icon("font-awesome/fa-arrow-circle-right").color("#a6bbcf").paletteLabel("event")
            .help("Sends a msg when a page of the dashboard is viewed ($pageview) or left ($pageleave).")
            .label(NodeType.Label.firstOf("name").or("event"))
            .fields(UI, NAME)
            .factory(EventWidget::new);

    EventWidget(NodeConfig c) {
        super(c, List.of());
    }

    @Override
    protected boolean takesActions() {
        return true;
    }
}
