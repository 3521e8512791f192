package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.LinkedHashMap;
import java.util.Map;

/** ui-theme (config): the colours and sizes Dashboard 2.0's theme node holds, handed to the page as CSS variables. */
public final class UiThemeNode extends Node {
    static final Field NAME = Field.str("name", "Default Theme").asRequired();
    static final Field COLORS = Field.json("colors", Map.of("surface", "#fcfcfd", "primary", "#0d74ce",
            "bgPage", "#f9f9fb", "groupBg", "#ffffff", "groupOutline", "#d9d9e0"));
    static final Field SIZES = Field.json("sizes", Map.of("density", "default", "pagePadding", "12px",
            "groupGap", "12px", "groupBorderRadius", "4px", "widgetGap", "12px"));

    public static final NodeType TYPE = NodeType.builder("ui-theme", "dashboard").configNode()
            .help("A dashboard theme: page, group and primary colours and the spacing between groups and widgets.")
            .label(NodeType.Label.firstOf("name").or("theme"))
            .fields(NAME, COLORS, SIZES)
            .factory(UiThemeNode::new);

    private final Map<String, Object> described = new LinkedHashMap<>();

    UiThemeNode(NodeConfig c) {
        super(c);
        described.put("colors", c.map(COLORS));
        described.put("sizes", c.map(SIZES));
    }

    Map<String, Object> described() {
        return described;
    }
}
