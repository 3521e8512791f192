package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;


/**
 * ui-group (config): a card of widgets on a page, {@code width} columns wide (widgets lay out inside it), or with
 * groupType dialog one that ui-control opens over the page, as Dashboard 2.0's groups.
 */
public final class UiGroupNode extends DashboardMember {
    static final Field NAME = Field.str("name", "Group Name").asRequired();
    static final Field PAGE = Field.config("page", "ui-page").asRequired();
    static final Field WIDTH = Field.num("width", 6);
    static final Field HEIGHT = Field.num("height", 1)
            .help("The least height in rows, on flex and notebook pages (grid and tabs pages size groups to their widgets).");
    static final Field ORDER = Field.num("order", -1);
    static final Field SHOW_TITLE = Field.bool("showTitle", true);
    static final Field CLASS_NAME = Field.str("className", "");
    static final Field VISIBLE = Field.bool("visible", true);
    static final Field DISABLED = Field.bool("disabled", false);
    static final Field GROUP_TYPE = Field.select("groupType", "default", "default", "dialog")
            .help("dialog: not laid out on the page; ui-control's groups show / hide opens and closes it over the page.");

    public static final NodeType TYPE = NodeType.builder("ui-group", "dashboard").configNode()
            .help("A group of widgets on a dashboard page, shown as a card of the given width (in columns).")
            .label(NodeType.Label.firstOf("name").or("group"))
            .fields(NAME, PAGE, WIDTH, HEIGHT, ORDER, SHOW_TITLE, CLASS_NAME, VISIBLE, DISABLED, GROUP_TYPE)
            .factory(UiGroupNode::new);

    private final UiPageNode page;

    UiGroupNode(NodeConfig c) {
        super(c);
        this.page = c.configNode(PAGE, UiPageNode.class);
    }

    @Override
    UiBaseNode base() {
        return page == null ? null : page.base();
    }
}
