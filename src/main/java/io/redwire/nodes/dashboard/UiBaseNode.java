package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.spi.HttpRoutes;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-base (config): one dashboard at httpNodeRoot + path (default {@code /dashboard}) on the flows' HTTP server, as
 * Dashboard 2.0 serves it: the page (Redwire's own client, {@link DashboardAssets}) on every path under it, and the
 * live socket ({@link DashboardSockets}) at {@code <path>/_ws}. It knows the pages, groups and widgets that use it
 * and sends each newly connected page their layout and last state.
 */
public class UiBaseNode extends Node {
    static final Field NAME = Field.str("name", "My Dashboard").asRequired();
    static final Field PATH = Field.str("path", "/dashboard").asRequired();
    static final Field APP_ICON = Field.str("appIcon", "")
            .help("The URL of an image the browser shows as the dashboard's icon (its tab and home screen).");
    static final Field INCLUDE_CLIENT_DATA = Field.bool("includeClientData", true);
    static final Field ACCEPTS_CLIENT_CONFIG = Field.json("acceptsClientConfig", List.of("ui-notification", "ui-control"));
    static final Field SHOW_PATH_IN_SIDEBAR = Field.bool("showPathInSidebar", false);
    static final Field HEADER_CONTENT = Field.select("headerContent", "page", "page", "dashboard", "dashpage", "none");
    static final Field NAVIGATION_STYLE = Field.select("navigationStyle", "default", "default", "fixed", "icon",
            "temporary", "none");
    static final Field TITLE_BAR_STYLE = Field.select("titleBarStyle", "default", "default", "hidden", "fixed");
    static final Field SHOW_RECONNECT = Field.bool("showReconnectNotification", true);
    static final Field NOTIFICATION_TIME = Field.num("notificationDisplayTime", 1);
    static final Field SHOW_DISCONNECT = Field.bool("showDisconnectNotification", true);
    static final Field ALLOW_INSTALL = Field.bool("allowInstall", false);

    public static final NodeType TYPE = NodeType.builder("ui-base", "dashboard").configNode()
            .help("A dashboard served at a path on the flows' HTTP server; its pages, groups and widgets use it.")
            .label(NodeType.Label.firstOf("name").or("dashboard"))
            .fields(NAME, PATH, APP_ICON, INCLUDE_CLIENT_DATA, ACCEPTS_CLIENT_CONFIG, SHOW_PATH_IN_SIDEBAR,
                    HEADER_CONTENT, NAVIGATION_STYLE, TITLE_BAR_STYLE, SHOW_RECONNECT, NOTIFICATION_TIME,
                    SHOW_DISCONNECT, ALLOW_INSTALL)
            .factory(UiBaseNode::new);

    private final String fullPath;
    private final boolean includeClientData;
    private final List<Object> acceptsClientConfig;
    private final HttpRoutes routes;
    private final DashboardAssets assets;
    private final DashboardSockets sockets;
    private final Map<String, DashboardMember> pages = new LinkedHashMap<>();
    private final Map<String, DashboardMember> groups = new LinkedHashMap<>();
    private final Map<String, DashboardMember> widgets = new LinkedHashMap<>();
    private final List<HttpRoutes.Registration> registrations = new ArrayList<>();
    private final Map<String, Object> theme;
    private final Map<String, Object> look = new LinkedHashMap<>();
    private boolean layoutPending;

    UiBaseNode(NodeConfig c) {
        this(c, null);
    }

    /** @param theme the colours and sizes of pages that name no ui-theme (a Dashboard 1 ui_base holds them) */
    UiBaseNode(NodeConfig c, Map<String, Object> theme) {
        super(c);
        this.theme = theme;
        for (Field f : List.of(HEADER_CONTENT, NAVIGATION_STYLE, TITLE_BAR_STYLE, SHOW_PATH_IN_SIDEBAR, APP_ICON)) {
            look.put(f.name(), c.get(f));
        }
        String root = RuntimeSettings.HTTP_NODE_ROOT.read(c.services().settings()) instanceof String r ? r : "/";
        String path = c.str(PATH);
        String joined = (root.endsWith("/") ? root : root + "/") + (path.startsWith("/") ? path.substring(1) : path);
        this.fullPath = joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
        this.includeClientData = c.bool(INCLUDE_CLIENT_DATA);
        this.acceptsClientConfig = c.list(ACCEPTS_CLIENT_CONFIG);
        this.routes = c.services().httpRoutes();
        this.assets = new DashboardAssets(c.services().vertx(), fullPath, c.str(NAME));
        this.sockets = new DashboardSockets(this, DashboardSettings.MAX_FRAME.read(c.services().settings()),
                DashboardSettings.MAX_EVENTS.read(c.services().settings()),
                RuntimeSettings.SOCKET_MAX_BUFFERED_BYTES.read(c.services().settings()));
    }

    @Override
    public Future<Void> start() {
        String under = fullPath.equals("/") ? "" : fullPath;
        registrations.add(routes.add("get", under + "/_ws", sockets::upgrade));
        registrations.add(routes.add("get", under + "/_rw/:asset", this::asset));
        registrations.add(routes.add("get", fullPath, assets::page));
        registrations.add(routes.add("get", under + "/*", assets::page));
        return Future.succeededFuture();
    }

    private void asset(RoutingContext ctx) {
        Map<?, ?> params = ctx.get(HttpRoutes.PARAMS);
        assets.asset(ctx, params == null ? null : String.valueOf(params.get("asset")));
    }

    @Override
    public Future<Void> close() {
        registrations.forEach(HttpRoutes.Registration::remove);
        registrations.clear();
        sockets.closeAll();
        return Future.succeededFuture();
    }

    void join(DashboardMember member) {
        membersOf(member).put(member.id(), member);
        layoutChanged();
    }

    void leave(DashboardMember member) {
        if (membersOf(member).remove(member.id()) != null) {
            layoutChanged();
            if (pages.isEmpty() && groups.isEmpty() && widgets.isEmpty()) {
                emptied();
            }
        }
    }

    /** The last page, group or widget has left (a redeploy or a stop). */
    void emptied() {
    }

    private Map<String, DashboardMember> membersOf(DashboardMember member) {
        return member instanceof WidgetNode ? widgets : member instanceof UiGroupNode ? groups : pages;
    }

    WidgetNode widget(String id) {
        return (WidgetNode) widgets.get(id);
    }

    /** The pages (or groups, or widgets: type null) whose name is {@code name}. */
    List<DashboardMember> membersNamed(String type, String name) {
        return members(type).stream().filter(m -> name.equals(m.config().name()) || name.equals(m.id())).toList();
    }

    /** The pages, groups, or (type null) widgets of this dashboard. */
    List<DashboardMember> members(String type) {
        Map<String, DashboardMember> members = "ui-page".equals(type) ? pages : "ui-group".equals(type) ? groups
                : widgets;
        return members.values().stream().filter(m -> type == null || type.equals(m.type())).toList();
    }

    /**
     * ui-control's names for pages, groups and widgets, as Dashboard 2.0 reads them: an id or name, a group as
     * "Page:Group" or "Group", a widget as "Group:Widget" or "Widget" ("\:" is a colon in a name); an object
     * {@code {page, group, widget}} names each part.
     */
    List<String> resolve(String type, Object identifier) {
        List<String> parts;
        if (identifier instanceof Map<?, ?> m) {
            parts = new ArrayList<>();
            for (String k : List.of("page", "group", "widget")) {
                if (m.get(k) != null) {
                    parts.add(String.valueOf(m.get(k)));
                }
            }
        } else {
            parts = java.util.Arrays.stream(String.valueOf(identifier).split("(?<!\\\\):"))
                    .map(x -> x.replace("\\:", ":")).toList();
        }
        if (parts.isEmpty()) {
            return List.of();
        }
        List<DashboardMember> found = membersNamed(type, parts.get(parts.size() - 1));
        if (parts.size() > 1) {
            List<String> parents = membersNamed(type == null ? "ui-group" : "ui-page", parts.get(parts.size() - 2))
                    .stream().map(DashboardMember::id).toList();
            found = found.stream().filter(f -> parents.contains(String.valueOf(f.described()
                    .get(type == null ? "group" : "page")))).toList();
        }
        return found.stream().map(DashboardMember::id).toList();
    }

    void pageOpened(DashboardSockets.Client client) {
        widgets.values().forEach(w -> ((WidgetNode) w).pageOpened(client));
    }

    void pageClosed(DashboardSockets.Client client) {
        widgets.values().forEach(w -> ((WidgetNode) w).pageClosed(client));
    }

    /** How the page looks (title bar, navigation), as the page is told. */
    final Map<String, Object> look() {
        return look;
    }

    /** Names the page a msg came from: {@code msg._client = {socketId, socketIp}}, when includeClientData is on. */
    @SuppressWarnings("unchecked")
    void markFromPage(Map<String, Object> msg, DashboardSockets.Client client) {
        if (includeClientData) {
            Map<String, Object> c = msg.get("_client") instanceof Map<?, ?> m
                    ? new LinkedHashMap<>((Map<String, Object>) m) : new LinkedHashMap<>();
            c.put("socketId", client.id());
            c.put("socketIp", client.ip());
            msg.put("_client", c);
        }
    }

    /**
     * The one open page a msg for a widget of {@code type} is meant for, or null for every page: Dashboard 2.0 names
     * it by {@code msg._client.socketId}, for the types acceptsClientConfig lists.
     */
    String pageNamedBy(String type, Map<String, Object> msg) {
        return acceptsClientConfig.contains(type) && msg != null && msg.get("_client") instanceof Map<?, ?> c
                && c.get("socketId") instanceof String s ? s : null;
    }

    /** Whether a msg meant for one page is still kept for pages opened later; Dashboard 2.0 does not keep it. */
    boolean keepsOnePageMsgs() {
        return false;
    }

    DashboardSockets sockets() {
        return sockets;
    }

    /** Deploys add nodes one by one: the open pages get one new layout once they are all in. */
    private void layoutChanged() {
        if (!layoutPending) {
            layoutPending = true;
            vertx().runOnContext(v -> {
                layoutPending = false;
                sockets.each(this::sendLayoutAndState);
            });
        }
    }

    /** A page's first frames: the layout, then each widget's kept msg and state. */
    void sendLayoutAndState(DashboardSockets.Client client) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "config");
        frame.put("socketId", client.id());
        frame.put("name", config().name());
        frame.put("theme", theme);
        frame.put("look", look);
        frame.put("pages", pages.values().stream().map(DashboardMember::described).toList());
        frame.put("groups", groups.values().stream().map(DashboardMember::described).toList());
        frame.put("widgets", widgets.values().stream().map(DashboardMember::described).toList());
        client.send(frame);
        widgets.values().forEach(w -> ((WidgetNode) w).replayTo(client));
    }
}
