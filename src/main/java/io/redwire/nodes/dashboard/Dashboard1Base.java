package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * node-red-dashboard's ui_base, run as a ui-base at httpNodeRoot + {@code /ui} (Dashboard 1's default path): the
 * site name becomes the dashboard's name, the theme's base, page and group colours and the site's grid sizes the
 * theme of every page (Dashboard 1 has one theme for the whole site; Dashboard 2.0's migration makes a ui-theme of it).
 */
final class Dashboard1Base extends UiBaseNode {
    static final Field NAME = Field.str("name", "");
    static final Field THEME = Field.json("theme", Map.of());
    static final Field SITE = Field.json("site", Map.of());

    static final NodeType TYPE = NodeType.builder("ui_base", "dashboard").configNode()
            .help("Dashboard 1's site settings (node-red-dashboard): its name, theme and grid sizes; the dashboard is served at /ui.")
            .label(NodeType.Label.firstOf("name").or("ui_base"))
            .fields(NAME, THEME, SITE)
            .factory(Dashboard1Base::new);

    /** The Dashboard 2.0 types of the Dashboard 1 nodes that honour msg.socketid. */
    private static final Set<String> ONE_PAGE_TYPES = Set.of(NotificationWidget.TYPE.type(), ControlWidget.TYPE.type(),
            AudioWidget.TYPE.type(), TemplateWidget.TYPE.type(), DropdownWidget.TYPE.type());

    private final boolean byDefault;

    Dashboard1Base(NodeConfig c) {
        this(c, false);
    }

    private Dashboard1Base(NodeConfig c, boolean byDefault) {
        super(c.rewrittenAs(UiBaseNode.TYPE, raw -> {
            Object site = raw.get("site") instanceof Map<?, ?> m ? m.get("name") : null;
            raw.put("name", site instanceof String s && !s.isBlank() ? s : "Node-RED Dashboard");
            raw.put("path", "/ui");
        }), theme(c.map(THEME), c.map(SITE)));
        this.byDefault = byDefault;
        look().put("siteTitle", true);
        Dashboard1Site.opened(c.services().httpRoutes(), this);
    }

    /** The ui_base of a flow that has none: node-red-dashboard's defaults (its name, light theme, sizes). */
    static Dashboard1Base byDefault(Node asking) {
        Dashboard1Base base = new Dashboard1Base(asking.config().rewrittenAs(TYPE, raw -> {
            raw.clear();
            raw.put("id", Dashboard1Site.SITE);
            raw.put("type", TYPE.type());
        }), true);
        base.bind(asking.binding()); // no deploy wires it: it runs, and logs, where the node asking for it does
        return base;
    }

    /**
     * node-red-dashboard sends a msg naming a page by {@code msg.socketid} to that page alone for the types that
     * read it: ui_toast (sendall off; {@link Dashboard1Toast} drops it otherwise), ui_ui_control, ui_audio,
     * ui_template and ui_dropdown.
     */
    @Override
    String pageNamedBy(String type, Map<String, Object> msg) {
        return ONE_PAGE_TYPES.contains(type) && msg != null && msg.get("socketid") instanceof String page ? page : null;
    }

    /** node-red-dashboard keeps such a msg as the widget's value all the same: a page opened later gets it. */
    @Override
    boolean keepsOnePageMsgs() {
        return true;
    }

    /** node-red-dashboard names the page a msg came from by {@code msg.socketid}. */
    @Override
    void markFromPage(Map<String, Object> msg, DashboardSockets.Client client) {
        msg.put("socketid", client.id());
    }

    @Override
    void emptied() {
        if (byDefault) {
            close();
        }
    }

    private static Map<String, Object> theme(Map<String, Object> theme, Map<String, Object> site) {
        Map<String, Object> state = theme.get("themeState") instanceof Map<?, ?> m ? cast(m) : Map.of();
        Map<String, Object> colors = new LinkedHashMap<>();
        colors.put("primary", colour(state, "base-color", "#0094CE"));
        colors.put("bgPage", colour(state, "page-backgroundColor", "#fafafa"));
        colors.put("groupBg", colour(state, "group-backgroundColor", "#ffffff"));
        colors.put("groupOutline", colour(state, "group-borderColor", "#ffffff"));
        Map<String, Object> sizes = site.get("sizes") instanceof Map<?, ?> m ? cast(m) : Map.of();
        Map<String, Object> css = new LinkedHashMap<>();
        css.put("groupGap", px(sizes.get("gx"), 6));
        css.put("widgetGap", px(sizes.get("cx"), 6));
        css.put("pagePadding", px(sizes.get("px"), 0));
        css.put("rowHeight", px(sizes.get("sy"), 48));
        // a Dashboard 1 group is about 320 px wide for 6 units, not Dashboard 2.0's flex two rows a unit
        css.put("groupUnit", "calc(320px / 6)");
        return Map.of("colors", colors, "sizes", css);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private static Object colour(Map<String, Object> state, String key, String dflt) {
        return state.get(key) instanceof Map<?, ?> m && m.get("value") instanceof String v && !v.isBlank() ? v : dflt;
    }

    private static String px(Object v, int dflt) {
        return (v instanceof Number n ? n.intValue() : dflt) + "px";
    }

    @Override
    public Future<Void> close() {
        Dashboard1Site.closed(config().services().httpRoutes(), this);
        return super.close();
    }
}
