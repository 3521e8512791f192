package io.redwire.nodes.dashboard;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.TypedValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every dashboard widget shares, following Dashboard 2.0's ui-base: a msg in sets the widget's dynamic state
 * ({@code enabled}, {@code visible}, {@code class}, and the {@code msg.ui_update} properties the widget lists), is
 * kept as the widget's value (unless it holds nothing but those) and goes to every open page ({@code msg._client}
 * limits it to one page for the types ui-base's acceptsClientConfig names); "pass through" widgets send it on. A
 * page's change sends the kept msg with the new payload, the widget's topic and {@code _client}.
 */
abstract class WidgetNode extends DashboardMember {
    static final Field GROUP = Field.config("group", "ui-group").asRequired();
    /** The dashboard of the widgets that live on every page, not in a group (ui-notification, ui-event, ...). */
    static final Field UI = Field.config("ui", "ui-base").asRequired();
    static final Field NAME = Field.str("name", "");
    static final Field ORDER = Field.num("order", 0);
    static final Field WIDTH = Field.num("width", 0);
    static final Field HEIGHT = Field.num("height", 0);
    static final Field CLASS_NAME = Field.str("className", "");
    static final Field TOPIC = Field.typed("topic", "topicType", "msg", List.of("str", "msg", "flow", "global"))
            .runtimeDefault("topic");
    private static final Set<String> STATE_ONLY = Set.of("_msgid", "ui_update", "class", "visible", "enabled");

    protected UiBaseNode base;
    private final Map<String, Object> state = new LinkedHashMap<>();
    private final TypedValue topic;
    private final List<String> updatable;
    private Map<String, Object> kept;

    /** @param updatable the {@code msg.ui_update} properties this widget takes, as the real one does */
    protected WidgetNode(NodeConfig c, List<String> updatable) {
        super(c);
        this.base = baseOf(c);
        this.updatable = updatable;
        this.topic = c.type().fields().contains(TOPIC) ? c.typed(TOPIC) : null;
    }

    /** The dashboard of the widget's group, else of its page, else its ui (ui-template may name any one). */
    private static UiBaseNode baseOf(NodeConfig c) {
        for (Field f : c.type().fields()) {
            if ("ui".equals(f.name()) && Dashboard1Site.SITE.equals(c.str(f))) {
                return null; // a Dashboard 1 toast or ui_control: the flow's ui_base, known at start
            }
            Object member = "group".equals(f.name()) ? c.configNode(f, UiGroupNode.class)
                    : "page".equals(f.name()) ? c.configNode(f, UiPageNode.class)
                    : "ui".equals(f.name()) ? c.configNode(f, UiBaseNode.class) : null;
            if (member instanceof UiBaseNode b) {
                return b;
            }
            if (member instanceof DashboardMember m && m.base() != null) {
                return m.base();
            }
        }
        return null;
    }

    @Override
    UiBaseNode base() {
        if (base == null) {
            // known at start: a Dashboard 1 page finds its ui_base only then
            base = config().type().fields().contains(UI) && Dashboard1Site.SITE.equals(config().str(UI))
                    ? Dashboard1Site.baseOrDefault(this) : baseOf(config());
        }
        return base;
    }

    /** A widget type of this family: one input, {@code outputs} outputs, the dashboard's colour. */
    static NodeType.Builder widgetType(String type, int outputs, String icon, String paletteLabel, String help) {
        return NodeType.builder(type, "dashboard").ports(1, outputs).icon("font-awesome/" + icon).color("#a6bbcf")
                .paletteLabel(paletteLabel).help(help).label(NodeType.Label.firstOf("name", "label").or(paletteLabel));
    }

    @Override
    protected final void onInput(Map<String, Object> msg, Done done) {
        if (base() == null) {
            done.done();
            return;
        }
        msg.remove("res");
        msg.remove("req");
        beforeSend(msg);
        if (msg.containsKey("enabled")) {
            state.put("enabled", msg.get("enabled"));
        }
        if (msg.containsKey("visible")) {
            state.put("visible", msg.get("visible"));
        }
        Object cls = msg.get("class") != null ? msg.get("class")
                : msg.get("ui_update") instanceof Map<?, ?> u ? u.get("class") : null;
        if (cls != null) {
            state.put("class", cls);
        }
        try {
            input(msg);
        } catch (InvalidInput e) {
            warn(e.getMessage());
            done.done();
            return;
        }
        if (showsOnPages(msg)) {
            toPages("msg", msg, null);
        }
        done.done();
    }

    /** Whether the msg just handled goes to the open pages; all do but ui-control's that change nothing there. */
    protected boolean showsOnPages(Map<String, Object> msg) {
        return true;
    }

    /** The widget's own handling of a msg in; by default keep it and, with "pass through" on, send it on. */
    protected void input(Map<String, Object> msg) {
        appendTopic(msg);
        if (msg.keySet().stream().anyMatch(k -> !STATE_ONLY.contains(k) && msg.get(k) != Undefined.VALUE)) {
            keep(msg);
        }
        if (!config().type().fields().contains(Passthru.FIELD) || config().bool(Passthru.FIELD)) {
            send(msg);
        }
    }

    /** An input widget's msg in: kept as its value and, with its own "pass through" on, sent on as well. */
    protected final void keepAndPassOn(Map<String, Object> msg, boolean passthru) {
        keep(msg);
        if (passthru) {
            send(msg);
        }
    }

    /** Whether a page's actions (Dashboard 2.0's widget-action) reach this widget: the types with onAction. */
    protected boolean takesActions() {
        return false;
    }

    /** A page's action (a row picked, a form submitted...): Dashboard 2.0's onAction, the msg with topic, sent. */
    @SuppressWarnings("unchecked")
    void clientAction(DashboardSockets.Client client, Object fromPage) {
        if (!takesActions()) {
            return;
        }
        Map<String, Object> msg = fromPage(client, fromPage instanceof Map<?, ?> m ? (Map<String, Object>) m : null);
        if (!(fromPage instanceof Map<?, ?>)) {
            msg.put("payload", fromPage);
        }
        appendTopic(msg);
        beforeSend(msg);
        send(msg);
    }

    /** A msg a page's own code sends (ui-template's send): Dashboard 2.0's widget-send, kept and sent as it is. */
    @SuppressWarnings("unchecked")
    void clientSend(DashboardSockets.Client client, Object fromPage) {
        Map<String, Object> msg = fromPage(client, fromPage instanceof Map<?, ?> m ? (Map<String, Object>) m : null);
        if (!(fromPage instanceof Map<?, ?>)) {
            msg.put("payload", fromPage);
        }
        beforeSend(msg);
        if (keepsSentMsgs()) {
            keep(msg);
        }
        send(msg);
    }

    /** Whether what a page's code sends becomes the kept msg (ui-template's "store out messages"). */
    protected boolean keepsSentMsgs() {
        return true;
    }

    /** A page connected to the dashboard (ui-control reports it). */
    void pageOpened(DashboardSockets.Client client) {
    }

    /** A page's connection ended. */
    void pageClosed(DashboardSockets.Client client) {
    }

    /** A page's new value: Dashboard 2.0's default change handler. */
    void clientChange(DashboardSockets.Client client, Object value) {
        Map<String, Object> msg = fromPage(client, kept);
        msg.put("payload", value instanceof Map<?, ?> m && m.containsKey("payload") ? m.get("payload") : value);
        appendTopic(msg);
        beforeSend(msg);
        keep(msg);
        toPages("sync", msg, client.id());
        send(msg);
    }

    /** A copy of {@code msg} (or a new one) naming the page it came from as its dashboard does. */
    protected final Map<String, Object> fromPage(DashboardSockets.Client client, Map<String, Object> msg) {
        Map<String, Object> out = msg == null ? new LinkedHashMap<>() : Messages.cloneMessage(msg);
        out.remove("_msgid");
        markFromPage(out, client);
        return out;
    }

    /** Names the page a msg came from, as the widget's dashboard does. */
    protected void markFromPage(Map<String, Object> msg, DashboardSockets.Client client) {
        base.markFromPage(msg, client);
    }

    /** Dashboard 2.0's appendTopic: the widget's topic, evaluated; "" when it is falsy. */
    protected final void appendTopic(Map<String, Object> msg) {
        if (topic == null) {
            return;
        }
        Object t = topicFor(msg);
        boolean falsy = t == null || t == Undefined.VALUE || "".equals(t) || Boolean.FALSE.equals(t)
                || (t instanceof Number n && (n.doubleValue() == 0 || Double.isNaN(n.doubleValue())));
        msg.put("topic", falsy ? "" : t);
    }

    /** The widget's topic evaluated against {@code msg}; null for a widget without one. */
    protected final Object topicFor(Map<String, Object> msg) {
        return topic == null ? null : topic.evaluate(msg, this);
    }

    /** Dashboard 2.0's beforeSend: runs on every msg in and out; by default takes the ui_update properties. */
    protected void beforeSend(Map<String, Object> msg) {
        if (msg.get("ui_update") instanceof Map<?, ?> updates) {
            for (String p : updatable) {
                if (updates.containsKey(p)) {
                    state.put(p, updates.get(p));
                }
            }
        }
    }

    /** Keeps {@code msg} as the value replayed to pages, unless it is meant for one page only (as its dashboard says). */
    protected final void keep(Map<String, Object> msg) {
        if (pageOf(msg) == null || base.keepsOnePageMsgs()) {
            kept = msg;
        }
    }

    /** The one open page {@code msg} is for, or null for every page. */
    protected final String pageOf(Map<String, Object> msg) {
        return base.pageNamedBy(type(), msg);
    }

    /** The widget's dynamic state (what msg.ui_update, enabled, visible and class set), replayed with the value. */
    protected final Map<String, Object> state() {
        return state;
    }

    protected Map<String, Object> kept() {
        return kept;
    }

    /**
     * Sends the widget's msg and state to the open pages but {@code exceptClient}: a msg in ("msg") to the one page
     * it names, if it names one; a page's change ("sync") to every other page.
     */
    protected final void toPages(String frameType, Map<String, Object> msg, String exceptClient) {
        Map<String, Object> frame = frame(frameType, msg, state);
        base.sockets().broadcast(frame, exceptClient, "msg".equals(frameType) ? pageOf(msg) : null);
    }

    /**
     * Sends a msg in to the open pages (the one it names, if it names one) with only what it changed in the state,
     * which each page merges into its own: a msg for one page then changes only that page's.
     */
    protected final void changesToPages(Map<String, Object> msg, Map<String, Object> changes) {
        Map<String, Object> frame = frame("msg", msg, changes);
        frame.put("merge", true);
        base.sockets().broadcast(frame, null, pageOf(msg));
    }

    private Map<String, Object> frame(String frameType, Object msg, Map<String, Object> frameState) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", frameType);
        frame.put("id", id());
        frame.put("msg", msg);
        frame.put("state", frameState);
        return frame;
    }

    /** A newly opened page gets the kept msg and the state. */
    final void replayTo(DashboardSockets.Client client) {
        Object value = replayed();
        if (value == null && state.isEmpty()) {
            return;
        }
        client.send(frame("load", value, state));
    }

    /** What a new page is sent as the widget's value: the kept msg. */
    protected Object replayed() {
        return kept;
    }

    /** A msg the widget refuses (Dashboard 2.0 warns with the text and goes on). */
    static final class InvalidInput extends RuntimeException {
        InvalidInput(String message) {
            super(message, null, false, false);
        }
    }

    /** The "pass through" option of the widgets that have it. */
    static final class Passthru {
        static final Field FIELD = Field.bool("passthru", false);

        private Passthru() {
        }
    }
}
