package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;

import java.util.List;
import java.util.Map;

/**
 * What ui-button-group, ui-dropdown and ui-radio-group share: a list of {@code {label, value}} options the page
 * offers ({@code msg.ui_update.options} replaces them), the chosen value sent as msg.payload by Dashboard 2.0's
 * default change handler, and the option matching a value found as Dashboard 2.0 finds it ({@link SameValue}).
 */
abstract class OptionsWidget extends WidgetNode {
    static final Field OPTIONS = Field.json("options", List.of(Map.of("value", "", "label", "")));

    protected OptionsWidget(NodeConfig c, List<String> updatable) {
        super(c, updatable);
    }

    /** The configured option whose value is {@code value}, or null. */
    protected final Map<?, ?> optionOf(Object value) {
        if (!(described().get("options") instanceof List<?> options)) {
            return null;
        }
        for (Object o : options) {
            if (o instanceof Map<?, ?> option && SameValue.same(value, option.get("value"))) {
                return option;
            }
        }
        return null;
    }
}
