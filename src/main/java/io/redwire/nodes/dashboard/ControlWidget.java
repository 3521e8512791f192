package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-control, as Dashboard 2.0's: msg.payload {@code {page}} (a name, an index, "+1" / "-1", or "" to reload; a bare
 * payload is the page) opens that page on the open pages (one with msg._client), {@code {url}} opens a URL,
 * {@code {pages | groups | widgets: {show, hide, enable, disable}}} lists them by name ("Page:Group" for a group,
 * "Group:Widget" for a widget) or id and is kept as their state for pages opened later (not when it is for one page:
 * each page merges what a msg changes into its own), sending {@code {payload: "input"}} for groups and widgets. With events "all" or "connect" it sends "connect" / "lost" as pages come and go, with "all" or
 * "change" {@code {payload: "change", tab, name}} when a page opens another.
 */
class ControlWidget extends WidgetNode {
    static final Field EVENTS = Field.select("events", "all", "all", "connect", "change");

    static final NodeType TYPE = NodeType.builder("ui-control", "dashboard").ports(1, 1)
            .icon("font-awesome/fa-arrow-circle-right").color("#a6bbcf").paletteLabel("ui control")
            .help("Opens pages, shows, hides, enables and disables pages, groups and widgets; reports page changes.")
            .label(NodeType.Label.firstOf("name").or("ui control"))
            .fields(NAME, UI, EVENTS)
            .factory(ControlWidget::new);

    private final String events;

    ControlWidget(NodeConfig c) {
        super(c, List.of());
        this.events = c.str(EVENTS);
    }

    /** What a msg in names, rewritten before it is read (Dashboard 1's ui_control names groups its own way). */
    protected Map<String, Object> requested(Map<String, Object> payload) {
        return payload;
    }

    /** Dashboard 2.0 reports {@code {payload: "input"}} once groups or widgets changed; Dashboard 1 does not. */
    protected boolean reportsInput() {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void input(Map<String, Object> msg) {
        if (!(msg.get("payload") instanceof Map<?, ?>)) {
            msg.put("payload", new LinkedHashMap<>(Map.of("page", msg.get("payload") == null ? ""
                    : msg.get("payload"))));
        }
        Map<String, Object> p = requested((Map<String, Object>) msg.get("payload"));
        msg.put("payload", p);
        boolean shown = false;
        // kind (pages, groups, widgets) -> id -> the properties this msg sets
        Map<String, Object> changes = new LinkedHashMap<>();
        if (p.containsKey("page") || p.containsKey("tab")) {
            Object page = p.get("page") != null ? p.get("page") : p.get("tab");
            if (page instanceof String name && !name.isEmpty() && !"+1".equals(name) && !"-1".equals(name)
                    && base.membersNamed("ui-page", name).isEmpty()) {
                error("No page with the name '" + name + "' found", msg);
            } else {
                p.put("page", page == null ? "" : page);
                shown = true;
            }
        }
        shown |= toggle(p, changes, "pages", "tabs", "ui-page", "visible", "disabled");
        boolean members = toggle(p, changes, "groups", "group", "ui-group", "visible", "disabled");
        members |= toggle(p, changes, "widgets", "widget", null, "visible", "enabled");
        if (p.containsKey("url")) {
            shown = true;
        }
        if (pageOf(msg) == null) {
            remember(changes); // what every page shows, so pages opened later show it too
        }
        if (shown || members) {
            changesToPages(msg, changes);
        }
        if (members && reportsInput()) {
            send(new LinkedHashMap<>(Map.of("payload", "input")));
        }
    }

    @Override
    protected boolean showsOnPages(Map<String, Object> msg) {
        return false; // input() sends the pages what changed
    }

    /** Merges what a msg changed into the state replayed to newly opened pages. */
    @SuppressWarnings("unchecked")
    private void remember(Map<String, Object> changes) {
        changes.forEach((kind, ids) -> {
            Map<String, Object> kept = (Map<String, Object>) state().computeIfAbsent(kind, k -> new LinkedHashMap<>());
            ((Map<String, Object>) ids).forEach((id, props) -> ((Map<String, Object>) kept
                    .computeIfAbsent(id, k -> new LinkedHashMap<>())).putAll((Map<String, Object>) props));
        });
    }

    /** Resolves one show/hide/enable/disable block to ids, adding what it sets to {@code changes}; false when absent. */
    @SuppressWarnings("unchecked")
    private boolean toggle(Map<String, Object> p, Map<String, Object> changes, String key, String alias, String type,
                           String visible, String switchable) {
        Object block = p.containsKey(key) ? p.get(key) : p.get(alias);
        if (!(block instanceof Map<?, ?> b)) {
            return false;
        }
        Map<String, Object> resolved = new LinkedHashMap<>();
        Map<String, Object> kinds = (Map<String, Object>) changes.computeIfAbsent(key, k -> new LinkedHashMap<>());
        for (String verb : List.of("show", "hide", "enable", "disable")) {
            if (b.get(verb) instanceof List<?> names) {
                List<String> ids = new ArrayList<>();
                for (Object name : names) {
                    ids.addAll(base.resolve(type, name));
                }
                resolved.put(verb, ids);
                for (String id : ids) {
                    Map<String, Object> st = (Map<String, Object>) kinds.computeIfAbsent(id, k -> new LinkedHashMap<>());
                    switch (verb) {
                        case "show" -> st.put(visible, true);
                        case "hide" -> st.put(visible, false);
                        // Dashboard 2.0's "enabled" state for widgets, "disabled" for pages and groups
                        case "enable" -> st.put(switchable, "enabled".equals(switchable));
                        default -> st.put(switchable, !"enabled".equals(switchable));
                    }
                }
            }
        }
        p.put(key, resolved);
        return true;
    }

    @Override
    protected boolean takesActions() {
        return "all".equals(events) || "change".equals(events);
    }

    @Override
    void pageOpened(DashboardSockets.Client client) {
        connection(client, "connect");
    }

    @Override
    void pageClosed(DashboardSockets.Client client) {
        connection(client, "lost");
    }

    private void connection(DashboardSockets.Client client, String what) {
        if ("all".equals(events) || "connect".equals(events)) {
            send(fromPage(client, new LinkedHashMap<>(Map.of("payload", what))));
        }
    }
}
