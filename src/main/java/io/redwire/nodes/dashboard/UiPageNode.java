package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** ui-page (config): one page of a dashboard at base path + page path, with its theme and its column breakpoints. */
public final class UiPageNode extends DashboardMember {
    static final Field NAME = Field.str("name", "Page Name").asRequired();
    static final Field UI = Field.config("ui", "ui-base").asRequired();
    static final Field PATH = Field.str("path", "");
    static final Field ICON = Field.str("icon", "home");
    static final Field LAYOUT = Field.select("layout", "grid", "grid", "flex", "tabs", "notebook");
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
    }

    @Override
    UiBaseNode base() {
        if (base == null && findBase != null) {
            base = findBase.apply(this);
        }
        return base;
    }
}
