package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** ui-page (config): one page of a dashboard at base path + page path, with its theme and its column breakpoints. */
public final class UiPageNode extends DashboardMember {
    static final Field NAME = Field.str("name", "Page Name").asRequired();
    static final Field UI = Field.config("ui", "ui-base").asRequired();
    static final Field PATH = Field.str("path", "");
    static final Field ICON = Field.str("icon", "home")
            .help("A Material Design Icons name (e.g. home or mdi-home), shown beside the page's name in the navigation.");
    static final Field LAYOUT = Field.select("layout", "grid", "grid", "flex", "tabs", "notebook")
            .help("grid: groups side by side in the breakpoint's columns; flex: fixed-width groups, wrapping; tabs: a tab"
                    + " per group; notebook: groups one under the other, at most 1024 px wide.");
    static final Field THEME = Field.config("theme", "ui-theme");
    static final Field BREAKPOINTS = Field.json("breakpoints", List.of(
            Map.of("name", "Default", "px", 0, "cols", 3), Map.of("name", "Tablet", "px", 576, "cols", 6),
            Map.of("name", "Small Desktop", "px", 768, "cols", 9), Map.of("name", "Desktop", "px", 1024, "cols", 12)));
    static final Field ORDER = Field.num("order", -1);
    static final Field CLASS_NAME = Field.str("className", "");
    static final Field VISIBLE = Field.str("visible", "true");
    static final Field DISABLED = Field.str("disabled", "false");

    public static final NodeType TYPE = NodeType.builder("ui-page", "dashboard").configNode()
            .help("A dashboard page: its path under the dashboard, its layout, theme and the place in the navigation.")
            .label(NodeType.Label.firstOf("name").or("page"))
            .fields(NAME, UI, PATH, ICON, LAYOUT, THEME, BREAKPOINTS, ORDER, CLASS_NAME, VISIBLE, DISABLED)
            .factory(UiPageNode::new);

    private final Function<UiPageNode, UiBaseNode> findBase;
    private UiBaseNode base;

    UiPageNode(NodeConfig c) {
        this(c, null);
        this.base = c.configNode(UI, UiBaseNode.class);
    }

    /** A page whose ui-base is found at start by {@code findBase} (a Dashboard 1 tab names none). */
    UiPageNode(NodeConfig c, Function<UiPageNode, UiBaseNode> findBase) {
        super(c);
        this.findBase = findBase;
        UiThemeNode theme = c.configNode(THEME, UiThemeNode.class);
        described().put("theme", theme == null ? null : theme.described());
        described().put("settings", asConfigured(c));
    }

    /**
     * The page as Dashboard 2.0 hands it to ui-event: the fields the flow file sets (the theme as its id), with
     * visible and disabled made booleans the way ui-page reads them ("true" or true; left out: visible, enabled).
     */
    private static Map<String, Object> asConfigured(NodeConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", c.id());
        out.put("type", c.type().type());
        for (Field f : c.type().fields()) {
            if (c.has(f)) {
                out.put(f.name(), c.get(f));
            }
        }
        out.put("disabled", "true".equals(c.str(DISABLED)));
        out.put("visible", !c.has(VISIBLE) || "true".equals(c.str(VISIBLE)));
        return out;
    }

    @Override
    UiBaseNode base() {
        if (base == null && findBase != null) {
            base = findBase.apply(this);
        }
        return base;
    }
}
