package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

/** ui-link (config): an entry in a dashboard's navigation that opens a URL instead of a page, as Dashboard 2.0's. */
public final class UiLinkNode extends DashboardMember {
    static final Field NAME = Field.str("name", "Link Name").asRequired();
    static final Field UI = Field.config("ui", "ui-base").asRequired();
    static final Field PATH = Field.str("path", "");
    static final Field ICON = Field.str("icon", "home");
    static final Field ORDER = Field.num("order", -1);
    static final Field VISIBLE = Field.str("visible", "true");
    static final Field DISABLED = Field.str("disabled", "false");

    public static final NodeType TYPE = NodeType.builder("ui-link", "dashboard").configNode()
            .help("A link in a dashboard's navigation, opening the given URL.")
            .label(NodeType.Label.firstOf("name").or("link"))
            .fields(NAME, UI, PATH, ICON, ORDER, VISIBLE, DISABLED)
            .factory(UiLinkNode::new);

    private UiBaseNode base;

    UiLinkNode(NodeConfig c) {
        super(c);
        this.base = Dashboard1Site.SITE.equals(c.str(UI)) ? null : c.configNode(UI, UiBaseNode.class);
    }

    @Override
    UiBaseNode base() {
        if (base == null && Dashboard1Site.SITE.equals(config().str(UI))) {
            base = Dashboard1Site.baseOrDefault(this); // a Dashboard 1 ui_link: known at start
        }
        return base;
    }
}
