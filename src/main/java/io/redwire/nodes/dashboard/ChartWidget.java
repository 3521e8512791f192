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
 * anew. x is the arrival time unless xAxisPropertyType names a msg property, a string or a key of an object payload
 * (yAxisProperty likewise for y); a "json" category lists keys, each a series. The chart keeps the points younger than
 * removeOlder × removeOlderUnit seconds (time axes), at most removeOlderPoints a series, on a category axis only the
 * latest point of each series and category, replays them to a newly opened page, and sends every msg on.
 */
final class ChartWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "chart");
    static final Field CHART_TYPE = Field.select("chartType", "line", "line", "bar", "scatter", "pie", "doughnut",
            "histogram");
    static final Field CATEGORY = Field.typed("category", "categoryType", "msg", List.of("msg", "str", "json",
            "property")).runtimeDefault("topic");
    static final Field X_AXIS_LABEL = Field.str("xAxisLabel", "");
    static final Field X_AXIS_PROPERTY = Field.str("xAxisProperty", "");
    static final Field X_AXIS_PROPERTY_TYPE = Field.select("xAxisPropertyType", "timestamp", "timestamp", "msg", "str",
            "property");
    static final Field X_AXIS_TYPE = Field.select("xAxisType", "time", "time", "linear", "category", "radial",
            "bins");
    static final Field X_AXIS_FORMAT = Field.str("xAxisFormat", "");
    // the time axis' tick labels: ECharts time templates, a custom one in xAxisFormat, or the browser's time (auto)
    static final Field X_AXIS_FORMAT_TYPE = Field.select("xAxisFormatType", "auto", "{HH}:{mm}:{ss}", "{HH}:{mm}",
            "{yyyy}-{M}-{d}", "{d}/{M}", "{ee} {HH}:{mm}", "custom", "auto");
    static final Field XMIN = Field.str("xmin", "");
    static final Field XMAX = Field.str("xmax", "");
    // a chart from before these fields takes y from an object payload's y key, as Dashboard 2.0 does
    static final Field Y_AXIS_PROPERTY = Field.str("yAxisProperty", "payload").runtimeDefault("");
    static final Field Y_AXIS_PROPERTY_TYPE = Field.select("yAxisPropertyType", "msg", "msg", "property")
            .runtimeDefault("property");
    static final Field BINS = Field.num("bins", 10);
    static final Field STACK_SERIES = Field.bool("stackSeries", false);
    static final Field POINT_SHAPE = Field.select("pointShape", "circle", "circle", "cross", "crossRot", "dash",
            "line", "rect", "rectRounded", "rectRot", "star", "triangle", "false");
    static final Field POINT_RADIUS = Field.num("pointRadius", 4);
    static final Field TEXT_COLOR = Field.json("textColor", List.of("#666666"));
    static final Field TEXT_COLOR_DEFAULT = Field.bool("textColorDefault", true);
    static final Field GRID_COLOR = Field.json("gridColor", List.of("#e5e5e5"));
    static final Field GRID_COLOR_DEFAULT = Field.bool("gridColorDefault", true);
    static final Field INTERPOLATION = Field.select("interpolation", "linear", "linear", "step", "bezier",
            "cubic", "cubic-mono");
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
                    "A line, bar, scatter, pie, doughnut or histogram chart on the dashboard: each msg adds points; [] clears it.")
            .fields(GROUP, NAME, LABEL, ORDER, CHART_TYPE, CATEGORY, X_AXIS_LABEL, X_AXIS_PROPERTY,
                    X_AXIS_PROPERTY_TYPE, X_AXIS_TYPE, X_AXIS_FORMAT, X_AXIS_FORMAT_TYPE, XMIN, XMAX, Y_AXIS_LABEL,
                    Y_AXIS_PROPERTY, Y_AXIS_PROPERTY_TYPE, YMIN, YMAX, BINS, ACTION, STACK_SERIES, POINT_SHAPE,
                    POINT_RADIUS, SHOW_LEGEND, REMOVE_OLDER, REMOVE_OLDER_UNIT, REMOVE_OLDER_POINTS, COLORS,
                    TEXT_COLOR, TEXT_COLOR_DEFAULT, GRID_COLOR, GRID_COLOR_DEFAULT, CHART_WIDTH, CHART_HEIGHT,
                    CLASS_NAME, INTERPOLATION)
            .factory(ChartWidget::new);

    private final TypedValue category;
    private final String categoryType;
    private final String xType;
    private final TypedValue x;
    private final TypedValue y;
    private final boolean categorical;
    private final boolean yFromMsg;
    private final boolean replace;
    private final long keepMillis;
    private final int maxPerSeries;
    /** The kept points by series, oldest first: trimming a series touches only its own head. */
    private final Map<String, Deque<Map<String, Object>>> series = new LinkedHashMap<>();

    ChartWidget(NodeConfig c) {
        super(c, List.of("chartOptions"));
        this.category = c.typed(CATEGORY);
        this.categoryType = category.type();
        String xt = c.str(X_AXIS_PROPERTY_TYPE);
        String xp = c.str(X_AXIS_PROPERTY);
        // as Dashboard 2.0: an unknown x type is the timestamp, a msg x without a property the object's key
        xt = List.of("msg", "str", "property", "timestamp").contains(xt) ? xt : "timestamp";
        this.xType = "msg".equals(xt) && xp.isEmpty() ? "property" : xt;
        this.x = xp.isEmpty() ? null : TypedValue.compile(xp, "str".equals(xType) ? "str" : "msg");
        String yp = c.str(Y_AXIS_PROPERTY);
        this.y = yp.isEmpty() ? null : TypedValue.compile(yp, "msg");
        this.yFromMsg = "msg".equals(c.str(Y_AXIS_PROPERTY_TYPE)) && !yp.isEmpty();
        this.categorical = "category".equals(c.str(X_AXIS_TYPE)) && !"histogram".equals(c.str(CHART_TYPE));
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
        Object heldOptions = state().get("chartOptions");
        super.beforeSend(msg);
        // Dashboard 2.0 adds each msg.ui_update.chartOptions to those sent before (lodash merge), never replaces them
        if (msg.get("ui_update") instanceof Map<?, ?> u && u.get("chartOptions") != null) {
            state().put("chartOptions", DeepMerge.merge(heldOptions, u.get("chartOptions")));
        }
        Object p = msg.get("payload");
        Object series = "property".equals(categoryType) ? keyOf(p, category.value()) : category.evaluate(msg, this);
        if (p instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(each -> out.add(point(msg, each, "property".equals(categoryType)
                    ? keyOf(each, category.value()) : series)));
            msg.put("_datapoint", out);
        } else if ("json".equals(categoryType) && series instanceof List<?> keys) {
            List<Object> out = new ArrayList<>();
            keys.forEach(k -> {
                if (keyOf(p, String.valueOf(k)) != null) {
                    out.add(point(msg, p, k));
                }
            });
            msg.put("_datapoint", out);
        } else if (msg.containsKey("payload")) {
            msg.put("_datapoint", point(msg, p, series));
        }
    }

    /** Dashboard 2.0's addToChart: one point of {@code payload} (a number, a string or an object) in {@code series}. */
    private Map<String, Object> point(Map<String, Object> msg, Object payload, Object series) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("category", series);
        if (payload instanceof Map<?, ?> obj) {
            p.put("x", "timestamp".equals(xType) || x == null ? System.currentTimeMillis()
                    : xOf(msg, payload));
            p.put("y", series instanceof List<?> keys ? keys.stream().map(k -> keyOf(obj, String.valueOf(k))).toList()
                    : "json".equals(categoryType) ? keyOf(obj, String.valueOf(series))
                    : y == null ? obj.get("y") : yFromMsg ? y.evaluate(msg, this) : keyOf(obj, y.value()));
        } else {
            p.put("x", "msg".equals(xType) || "str".equals(xType) ? xOf(msg, payload) : System.currentTimeMillis());
            p.put("y", payload);
        }
        return p;
    }

    @SuppressWarnings("unchecked")
    private Object xOf(Map<String, Object> msg, Object payload) {
        if (x == null) {
            return null;
        }
        return switch (xType) {
            case "property" -> payload instanceof Map<?, ?> m ? x.evaluate((Map<String, Object>) m, this) : null;
            default -> x.evaluate(msg, this);
        };
    }

    /** A dotted key of an object, undefined (null) along the way yielding null. */
    private static Object keyOf(Object value, String dotted) {
        Object v = value;
        for (String k : dotted.split("\\.")) {
            v = v instanceof Map<?, ?> m ? m.get(k) : null;
        }
        return v;
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
        if (point == null) {
            return;
        }
        Deque<Map<String, Object>> line = series.computeIfAbsent(String.valueOf(point.get("category")),
                k -> new ArrayDeque<>());
        if (categorical) {
            line.removeIf(old -> java.util.Objects.equals(old.get("x"), point.get("x")));
        }
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
