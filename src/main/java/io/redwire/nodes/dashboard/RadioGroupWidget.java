package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * ui-radio-group, as Dashboard 2.0's: radio buttons in {@code columns} columns; the chosen option's value is sent as
 * msg.payload with the topic; a msg in selects the option with that value.
 */
final class RadioGroupWidget extends OptionsWidget {
    static final Field LABEL = Field.str("label", "Select Option:");
    static final Field COLUMNS = Field.num("columns", 1);
    static final Field PAYLOAD = Field.str("payload", "");

    static final NodeType TYPE = widgetType("ui-radio-group", 1, "fa-dot-circle-o", "radio group",
                    "Radio buttons on the dashboard: the chosen option's value is sent as msg.payload with the topic.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, COLUMNS, Passthru.FIELD, OPTIONS, PAYLOAD, TOPIC,
                    CLASS_NAME)
            .factory(RadioGroupWidget::new);

    RadioGroupWidget(NodeConfig c) {
        super(c, List.of("label", "columns", "options"));
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        appendTopic(msg);
    }
}
