package io.redwire.nodes.dashboard;

import io.redwire.api.NodeConfig;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * node-red-dashboard's ui_ui_control, run as ui-control (as Dashboard 2.0's migration maps it) and read as Dashboard
 * 1 reads its msgs: {@code {tab: name or index}}, {@code {tabs: {show, hide, enable, disable}}} and
 * {@code {group: {show, hide, open, close, focus}}} naming each group "Tab_Group" (the tab's and the group's names
 * joined by "_", spaces as "_"). It reports connect, lost and tab changes (with the page's socketid and socketip, a
 * change with the page's URL query as params), a collapsible group folded or unfolded on a page as
 * {@code {payload: "group", group: "Tab_Group", open}}, and nothing after showing or hiding groups. A msg.socketid
 * sends a msg to that page only ({@link Dashboard1Base}).
 */
final class Dashboard1Control extends ControlWidget {
    Dashboard1Control(NodeConfig c) {
        super(c);
        described().put("sendsParams", true); // the page adds its URL's query to a change, as params
        described().put("groupEvents", true); // the page reports its groups' folds, and folds them on request
    }

    /** Dashboard 1's connect, lost and change msgs name the page by socketid and its address by socketip. */
    @Override
    protected void markFromPage(Map<String, Object> msg, DashboardSockets.Client client) {
        super.markFromPage(msg, client);
        msg.put("socketip", client.ip());
    }

    @Override
    @SuppressWarnings("unchecked")
    protected Map<String, Object> requested(Map<String, Object> payload) {
        if (!(payload.get("group") instanceof Map<?, ?> group)) {
            return payload;
        }
        Map<String, Object> byId = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : group.entrySet()) {
            byId.put(String.valueOf(e.getKey()), e.getValue() instanceof List<?> names
                    ? names.stream().map(n -> groupId(String.valueOf(n))).toList() : e.getValue());
        }
        Map<String, Object> out = new LinkedHashMap<>(payload);
        out.put("group", byId);
        return out;
    }

    /** The id of the group Dashboard 1 calls {@code name} ("Tab_Group"), or the name when none is. */
    private String groupId(String name) {
        for (DashboardMember g : base.members("ui-group")) {
            DashboardMember tab = base.members("ui-page").stream()
                    .filter(p -> p.id().equals(g.described().get("page"))).findFirst().orElse(null);
            if (tab != null && name.equals(underscored(tab.config().name()) + "_" + underscored(g.config().name()))) {
                return g.id();
            }
        }
        return name;
    }

    private static String underscored(String name) {
        return name == null ? "" : name.replace(' ', '_');
    }

    @Override
    protected boolean reportsInput() {
        return false;
    }
}
