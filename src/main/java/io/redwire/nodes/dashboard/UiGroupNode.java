package io.redwire.nodes.dashboard;

import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;

/** ui-group (config): a card of widgets on a page, {@code width} columns wide (widgets lay out inside it). */
public final class UiGroupNode extends Node {
    static final Field NAME = Field.str("name", "Group Name").asRequired();
    static final Field PAGE = Field.config("page", "ui-page").asRequired();
    static final Field WIDTH = Field.num("width", 6);
    static final Field HEIGHT = Field.num("height", 1);
    static final Field ORDER = Field.num("order", -1);
    static final Field SHOW_TITLE = Field.bool("showTitle", true);
    static final Field CLASS_NAME = Field.str("className", "");
    static final Field VISIBLE = Field.bool("visible", true);
    static final Field DISABLED = Field.bool("disabled", false);
    static final Field GROUP_TYPE = Field.select("groupType", "default", "default", "dialog");

    public static final NodeType TYPE = NodeType.builder("ui-group", "dashboard").configNode()
            .help("A group of widgets on a dashboard page, shown as a card of the given width (in columns).")
            .label("name || \"group\"")
            .fields(NAME, PAGE, WIDTH, HEIGHT, ORDER, SHOW_TITLE, CLASS_NAME, VISIBLE, DISABLED, GROUP_TYPE)
            .factory(UiGroupNode::new);

    private final UiPageNode page;
    private final Map<String, Object> described = new LinkedHashMap<>();

    UiGroupNode(NodeConfig c) {
        super(c);
        this.page = c.configNode(PAGE, UiPageNode.class);
        described.put("id", id());
        described.put("name", c.str(NAME));
        described.put("page", page == null ? null : page.id());
        described.put("width", c.num(WIDTH));
        described.put("height", c.num(HEIGHT));
        described.put("order", c.num(ORDER));
        described.put("showTitle", c.bool(SHOW_TITLE));
        described.put("className", c.str(CLASS_NAME));
        described.put("visible", c.bool(VISIBLE));
        described.put("disabled", c.bool(DISABLED));
    }

    /** The dashboard this group shows on, or null when its page is missing. */
    UiBaseNode base() {
        return page == null ? null : page.base();
    }

    @Override
    public Future<Void> start() {
        if (base() != null) {
            base().add(this);
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (base() != null) {
            base().remove(this);
        }
        return Future.succeededFuture();
    }

    Map<String, Object> described() {
        return described;
    }
}
