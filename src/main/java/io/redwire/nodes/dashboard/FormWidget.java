package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-form, as Dashboard 2.0's: the configured fields (options: label, key, type, required, rows) with a submit and a
 * clear button; submitting sends {@code {payload: {key: value...}, _event: "submit"}} with the topic; a msg in whose
 * payload is an object fills the fields by key; {@code splitLayout} (the editor's checkbox: true, else "") puts the
 * fields in two columns. Never passes a msg in through.
 */
final class FormWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "");
    static final Field FORM_OPTIONS = Field.json("options", List.of(Map.of("label", "", "key", "", "type", "text",
            "required", true, "rows", 0)));
    static final Field FORM_VALUE = Field.json("formValue", Map.of());
    static final Field PAYLOAD = Field.str("payload", "");
    static final Field SUBMIT = Field.str("submit", "submit");
    static final Field CANCEL = Field.str("cancel", "clear");
    static final Field RESET_ON_SUBMIT = Field.bool("resetOnSubmit", true);
    static final Field SPLIT_LAYOUT = Field.str("splitLayout", "");
    static final Field DROPDOWN_OPTIONS = Field.json("dropdownOptions", List.of());

    static final NodeType TYPE = widgetType("ui-form", 1, "fa-list-alt", "form",
                    "A form on the dashboard: submitting sends the fields' values by key as msg.payload.")
            .fields(NAME, GROUP, LABEL, ORDER, WIDTH, HEIGHT, FORM_OPTIONS, FORM_VALUE, PAYLOAD, SUBMIT, CANCEL,
                    RESET_ON_SUBMIT, TOPIC, SPLIT_LAYOUT, CLASS_NAME, Passthru.FIELD, DROPDOWN_OPTIONS)
            .factory(FormWidget::new);

    FormWidget(NodeConfig c) {
        super(c, List.of("label", "options", "dropdownOptions"));
    }

    @Override
    protected boolean takesActions() {
        return true;
    }

    /** A submit's topic is evaluated against the last msg in, as Dashboard 2.0 does; {@link #appendTopic} ran first. */
    @Override
    protected void beforeSend(Map<String, Object> msg) {
        if ("submit".equals(msg.get("_event"))) {
            Object topic = topicFor(kept() == null ? new LinkedHashMap<>() : kept());
            msg.put("topic", topic == null || topic == Undefined.VALUE ? "" : topic);
        }
        super.beforeSend(msg);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        keep(msg);
    }
}
