package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.TypedValue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-chart, as Dashboard 2.0's: each msg in becomes a point {@code msg._datapoint = {category, x, y}} (series from
 * the category property, msg.topic by default; x the arrival time; y the payload, or payload.y for an object), an
 * array payload many points, an empty array clears the chart, {@code action} "replace" (config or msg) starts it
 * anew. The chart keeps the points younger than removeOlder × removeOlderUnit seconds and at most removeOlderPoints
 * a series, replays them to a newly opened page, and sends every msg on. Line charts only so far.
 */
final class ChartWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "chart");
    static final Field CHART_TYPE = Field.select("chartType", "line", "line", "bar", "scatter", "pie", "doughnut",
            "histogram");
    static final Field CATEGORY = Field.typed("category", "categoryType", "msg", List.of("msg", "str", "json",
            "property")).runtimeDefault("topic");
    static final Field X_AXIS_LABEL = Field.str("xAxisLabel", "");
    static final Field X_AXIS_TYPE = Field.select("xAxisType", "time", "time", "linear", "category");
    static final Field Y_AXIS_LABEL = Field.str("yAxisLabel", "");
    static final Field YMIN = Field.str("ymin", "");
    static final Field YMAX = Field.str("ymax", "");
    static final Field ACTION = Field.select("action", "append", "append", "replace");
    static final Field SHOW_LEGEND = Field.bool("showLegend", true);
    static final Field REMOVE_OLDER = Field.num("removeOlder", 1);
    static final Field REMOVE_OLDER_UNIT = Field.select("removeOlderUnit", "3600", "1", "60", "3600", "86400",
            "604800");
    static final Field REMOVE_OLDER_POINTS = Field.str("removeOlderPoints", "");
    static final Field COLORS = Field.json("colors", List.of("#0095FF", "#FF0000", "#FF7F0E", "#2CA02C", "#A347E1",
            "#D62728", "#FF9896", "#9467BD", "#C5B0D5"));
    static final Field CHART_WIDTH = Field.num("width", 6);
    static final Field CHART_HEIGHT = Field.num("height", 8);

    static final NodeType TYPE = widgetType("ui-chart", 1, "fa-line-chart", "chart",
                    "A line chart on the dashboard: each msg adds a point to the series named by msg.topic; [] clears it.")
            .fields(GROUP, NAME, LABEL, ORDER, CHART_TYPE, CATEGORY, X_AXIS_LABEL, X_AXIS_TYPE, Y_AXIS_LABEL, YMIN, YMAX,
                    ACTION, SHOW_LEGEND, REMOVE_OLDER, REMOVE_OLDER_UNIT, REMOVE_OLDER_POINTS, COLORS, CHART_WIDTH,
                    CHART_HEIGHT, CLASS_NAME)
            .factory(ChartWidget::new);

    private final TypedValue category;
    private final boolean replace;
    private final long keepMillis;
    private final int maxPerSeries;
    /** The kept points by series, oldest first: trimming a series touches only its own head. */
    private final Map<String, Deque<Map<String, Object>>> series = new LinkedHashMap<>();

    ChartWidget(NodeConfig c) {
        super(c, List.of("chartOptions"));
        this.category = c.typed(CATEGORY);
        this.replace = "replace".equals(c.str(ACTION));
        this.keepMillis = "time".equals(c.str(X_AXIS_TYPE))
                ? (long) (c.num(REMOVE_OLDER) * parseOr(c.str(REMOVE_OLDER_UNIT), 3600) * 1000) : 0;
        this.maxPerSeries = (int) parseOr(c.str(REMOVE_OLDER_POINTS), 0);
    }

    private static double parseOr(String s, double dflt) {
        try {
            return s.isBlank() ? dflt : Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        Object series = category.evaluate(msg, this);
        if (msg.get("payload") instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(p -> out.add(point(p, series)));
            msg.put("_datapoint", out);
        } else if (msg.containsKey("payload")) {
            msg.put("_datapoint", point(msg.get("payload"), series));
        }
    }

    private static Map<String, Object> point(Object payload, Object series) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("category", series);
        p.put("x", System.currentTimeMillis());
        p.put("y", payload instanceof Map<?, ?> m ? m.get("y") : payload);
        return p;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void input(Map<String, Object> msg) {
        Object payload = msg.get("payload");
        if (payload instanceof List<?> l && l.isEmpty()) {
            series.clear();
        } else if (msg.containsKey("payload")) {
            Object action = msg.get("action");
            if ("replace".equals(action) || (replace && !"append".equals(action))) {
                series.clear();
            }
            if (msg.get("_datapoint") instanceof List<?> many) {
                many.forEach(p -> add((Map<String, Object>) p));
            } else {
                add((Map<String, Object>) msg.get("_datapoint"));
            }
            dropOlder();
        }
        send(msg);
    }

    private void add(Map<String, Object> point) {
        Deque<Map<String, Object>> line = series.computeIfAbsent(String.valueOf(point.get("category")),
                k -> new ArrayDeque<>());
        line.addLast(point);
        if (maxPerSeries > 0 && line.size() > maxPerSeries) {
            line.removeFirst();
        }
    }

    private void dropOlder() {
        if (keepMillis <= 0) {
            return;
        }
        long oldest = System.currentTimeMillis() - keepMillis;
        for (Iterator<Deque<Map<String, Object>>> it = series.values().iterator(); it.hasNext(); ) {
            Deque<Map<String, Object>> line = it.next();
            while (!line.isEmpty() && line.peekFirst().get("x") instanceof Number x && x.longValue() < oldest) {
                line.removeFirst();
            }
            if (line.isEmpty()) {
                it.remove();
            }
        }
    }

    /** A new page gets the kept points as one msg whose _datapoint lists them. */
    @Override
    protected Object replayed() {
        if (series.isEmpty()) {
            return null;
        }
        List<Object> all = new ArrayList<>();
        series.values().forEach(all::addAll);
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("_datapoint", all);
        return msg;
    }
}
