package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ui-notification, as Dashboard 2.0's: a msg in pops msg.payload up on every page of the dashboard (one page with
 * msg._client) for displayTime seconds, as text or, with "raw", as HTML; closing it sends the msg back with payload
 * "dismiss_clicked" or "confirm_clicked" and msg.topic undefined, whatever the msg shown had (Dashboard 2.0 gives a
 * widget without a topic field no topic). {@code msg.ui_update} sets the options, a position only from the allowed ones.
 */
class NotificationWidget extends WidgetNode {
    private static final Set<String> POSITIONS = Set.of("top right", "top center", "top left", "bottom right",
            "bottom center", "bottom left", "center center");
    static final Field POSITION = Field.select("position", "top right", "top right", "top center", "top left",
            "bottom right", "bottom center", "bottom left", "center center");
    static final Field COLOR_DEFAULT = Field.bool("colorDefault", true);
    static final Field COLOR = Field.str("color", "");
    static final Field DISPLAY_TIME = Field.str("displayTime", "3");
    static final Field SHOW_COUNTDOWN = Field.bool("showCountdown", true);
    static final Field OUTPUTS = Field.num("outputs", 1);
    static final Field ALLOW_DISMISS = Field.bool("allowDismiss", true);
    static final Field DISMISS_TEXT = Field.str("dismissText", "Close");
    static final Field ALLOW_CONFIRM = Field.bool("allowConfirm", false);
    static final Field CONFIRM_TEXT = Field.str("confirmText", "Confirm");
    static final Field RAW = Field.bool("raw", false);

    static final NodeType TYPE = widgetType("ui-notification", 1, "fa-envelope-o", "notification",
                    "Pops msg.payload up on the dashboard's pages; closing it sends dismiss_clicked or confirm_clicked.")
            .label(NodeType.Label.firstOf("name").or("notification"))
            .fields(UI, POSITION, COLOR_DEFAULT, COLOR, DISPLAY_TIME, SHOW_COUNTDOWN, OUTPUTS, ALLOW_DISMISS,
                    DISMISS_TEXT, ALLOW_CONFIRM, CONFIRM_TEXT, RAW, CLASS_NAME, NAME)
            .factory(NotificationWidget::new);

    NotificationWidget(NodeConfig c) {
        super(c, List.of("allowConfirm", "allowDismiss", "color", "confirmText", "dismissText", "displayTime", "raw",
                "showCountdown"));
    }

    @Override
    protected boolean takesActions() {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    final void clientAction(DashboardSockets.Client client, Object fromPage) {
        if (fromPage instanceof Map<?, ?> m) {
            Map<String, Object> msg = new LinkedHashMap<>((Map<String, Object>) m);
            closed(msg);
            fromPage = msg;
        }
        super.clientAction(client, fromPage);
    }

    /**
     * Makes the msg a click on the notification sends of the msg the page shows, the button's payload in it: Dashboard
     * 2.0's appendTopic sets msg.topic to the topic field's value, undefined here.
     */
    protected void closed(Map<String, Object> msg) {
        msg.put("topic", Undefined.VALUE);
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        if (msg.get("ui_update") instanceof Map<?, ?> u && u.get("position") instanceof String p
                && POSITIONS.contains(p)) {
            state().put("position", p);
        }
    }
}
