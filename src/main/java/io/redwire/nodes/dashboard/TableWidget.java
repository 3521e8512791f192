package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-table, as Dashboard 2.0's: msg.payload is a list of row objects (one object is one row), shown with the
 * configured columns or, with autocols, one column per key of the rows; "append" adds the rows to those kept, an
 * empty list clears them, "replace" shows only the new ones; {@code maxrows} rows a page; a table no wider than its
 * mobile breakpoint shows each row as a card of "column: value" lines. Picking a row sends it as
 * msg.payload with {@code action} "row_click" (ticked rows: the list, "multi_select"). A msg in is not sent on.
 */
final class TableWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "");
    static final Field MAX_ROWS = Field.num("maxrows", 0);
    static final Field AUTO_COLS = Field.bool("autocols", true);
    static final Field SHOW_SEARCH = Field.bool("showSearch", true);
    static final Field DESELECT = Field.bool("deselect", true);
    static final Field SELECTION_TYPE = Field.select("selectionType", "none", "none", "click", "checkbox");
    static final Field COLUMNS = Field.json("columns", List.of());
    // the table's own width at or below which its rows show as cards: md / lg (768 / 1024 px) with "defaults" (sm,
    // the default, has no width in 1.31's page, so never), a number of px with "px", never with "none"
    static final Field MOBILE_BREAKPOINT = Field.str("mobileBreakpoint", "sm");
    static final Field MOBILE_BREAKPOINT_TYPE = Field.select("mobileBreakpointType", "defaults", "defaults", "px",
            "none");
    static final Field ACTION = Field.select("action", "append", "append", "replace");

    static final NodeType TYPE = widgetType("ui-table", 1, "fa-table", "table",
                    "A table on the dashboard of the rows in msg.payload; a picked row is sent as msg.payload.")
            .fields(GROUP, NAME, LABEL, ORDER, WIDTH, HEIGHT, MAX_ROWS, Passthru.FIELD, AUTO_COLS, SHOW_SEARCH,
                    DESELECT, SELECTION_TYPE, COLUMNS, MOBILE_BREAKPOINT, MOBILE_BREAKPOINT_TYPE, ACTION, CLASS_NAME)
            .factory(TableWidget::new);

    private final boolean append;

    TableWidget(NodeConfig c) {
        super(c, List.of());
        this.append = !"replace".equals(c.str(ACTION));
        List<Object> columns = new ArrayList<>();
        for (Object o : c.list(COLUMNS)) {
            if (o instanceof Map<?, ?> m) {
                Map<Object, Object> col = new LinkedHashMap<>(m);
                if (m.get("label") != null && (m.get("title") == null || "".equals(m.get("title")))) {
                    col.put("title", m.get("label"));
                }
                columns.add(col);
            }
        }
        described().put("columns", columns);
    }

    @Override
    protected boolean takesActions() {
        return true;
    }

    @Override
    protected void input(Map<String, Object> msg) {
        Object payload = msg.get("payload") instanceof Map<?, ?> row ? new ArrayList<>(List.of(row)) : msg.get("payload");
        if (append && payload instanceof List<?> rows && !rows.isEmpty()
                && kept() != null && kept().get("payload") instanceof List<?> before) {
            List<Object> all = new ArrayList<>(before);
            all.addAll(rows);
            payload = all;
        }
        Map<String, Object> shown = new LinkedHashMap<>(msg);
        shown.put("payload", payload);
        keep(shown);
        msg.put("payload", payload);
    }
}
