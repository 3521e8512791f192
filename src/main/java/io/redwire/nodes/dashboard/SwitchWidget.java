package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * ui-switch, as Dashboard 2.0's: a toggle sends the on or off value with the topic and shows "on" / "off" as the
 * node's status; a msg in must carry true / false or the on / off value (anything else is warned about and
 * dropped); with "pass through" it is sent on; "decouple" (without pass through) sends a toggle without changing
 * the switch, which then shows only what comes in.
 */
final class SwitchWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "switch");
    static final Field DECOUPLE = Field.bool("decouple", false);
    static final Field STYLE = Field.str("style", "");
    static final Field LAYOUT = Field.select("layout", "row-spread", "row-left", "row-right", "row-spread");
    static final Field CLICKABLE_AREA = Field.select("clickableArea", "switch", "switch", "line", "none");
    static final Field ON_VALUE = Field.typed("onvalue", "onvalueType", "bool", List.of("str", "num", "bool", "json",
            "date", "env")).runtimeDefault(true);
    static final Field OFF_VALUE = Field.typed("offvalue", "offvalueType", "bool", List.of("str", "num", "bool",
            "json", "date", "env")).runtimeDefault(false);
    static final Field ON_ICON = Field.str("onicon", "");
    static final Field ON_COLOR = Field.str("oncolor", "");
    static final Field OFF_ICON = Field.str("officon", "");
    static final Field OFF_COLOR = Field.str("offcolor", "");

    static final NodeType TYPE = widgetType("ui-switch", 1, "fa-toggle-on", "switch",
                    "An on/off switch on the dashboard: a toggle sends the on or off value as msg.payload.")
            .fields(NAME, LABEL, GROUP, ORDER, WIDTH, HEIGHT, Passthru.FIELD, DECOUPLE, TOPIC, STYLE, CLASS_NAME,
                    LAYOUT, CLICKABLE_AREA, ON_VALUE, ON_ICON, ON_COLOR, OFF_VALUE, OFF_ICON, OFF_COLOR)
            .factory(SwitchWidget::new);

    private final Object on;
    private final Object off;
    private final boolean passthru;
    private final boolean decouple;

    SwitchWidget(NodeConfig c) {
        super(c, List.of("label", "clickableArea", "passthru", "decouple", "oncolor", "offcolor", "onicon", "officon",
                "layout"));
        this.on = c.typed(ON_VALUE).evaluate(null, this);
        this.off = c.typed(OFF_VALUE).evaluate(null, this);
        this.passthru = c.bool(Passthru.FIELD);
        this.decouple = c.bool(DECOUPLE);
        described().put("on", on);
        described().put("off", off);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (msg.containsKey("payload")) {
            Object p = msg.get("payload");
            boolean isOn = Boolean.TRUE.equals(p) || same(p, on);
            if (!isOn && !Boolean.FALSE.equals(p) && !same(p, off)) {
                throw new InvalidInput("Invalid payload value");
            }
            msg.put("payload", isOn ? on : off);
            showState(isOn);
        }
        keep(msg);
        if (passthru) {
            send(msg);
        }
    }

    @Override
    void clientChange(DashboardSockets.Client client, Object value) {
        boolean isOn = Boolean.TRUE.equals(value);
        Map<String, Object> msg = fromPage(client, kept());
        msg.put("payload", isOn ? on : off);
        appendTopic(msg);
        if (!passthru && decouple) {
            send(msg);
            return;
        }
        showState(isOn);
        keep(msg);
        toPages("sync", msg, client.id());
        send(msg);
    }

    private void showState(boolean isOn) {
        status(Map.of("fill", isOn ? "green" : "red", "shape", "ring", "text", isOn ? "on" : "off"));
    }

    private static boolean same(Object a, Object b) {
        return SameValue.same(a, b);
    }
}
