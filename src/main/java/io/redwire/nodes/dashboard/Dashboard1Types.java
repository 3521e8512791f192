package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * node-red-dashboard 3.6's ({@code ui_*}) tab, group and widget types: declared with Dashboard 1's own fields and
 * defaults (so its flows and the editor's forms keep them), and run as the Dashboard 2.0 node their properties are
 * rewritten into, the way Dashboard 2.0's migration guide (node-red-dashboard-2-migration) maps each one. The
 * dashboard is ui_base's ({@link Dashboard1Base}); ui_template is {@link Dashboard1Template}.
 */
final class Dashboard1Types {
    static final Field GROUP = Field.config("group", "ui_group").asRequired();
    static final Field NAME = Field.str("name", "");
    static final Field ORDER = Field.num("order", 0);
    static final Field WIDTH = Field.num("width", 0);
    static final Field HEIGHT = Field.num("height", 0);
    static final Field CLASS_NAME = Field.str("className", "");
    static final Field TOOLTIP = Field.str("tooltip", "");
    static final Field PASSTHRU = Field.bool("passthru", true);
    static final Field TOPIC = Field.typed("topic", "topicType", "msg", List.of("str", "msg", "flow", "global"))
            .runtimeDefault("topic");

    static final Field TAB_NAME = Field.str("name", "Home").asRequired();
    static final Field TAB_ICON = Field.str("icon", "dashboard");
    static final Field DISABLED = Field.bool("disabled", false);
    static final Field HIDDEN = Field.bool("hidden", false);
    static final NodeType TAB = NodeType.builder("ui_tab", "dashboard").configNode()
            .help("A Dashboard 1 tab: a page of the dashboard, listed in its navigation by order.")
            .label(NodeType.Label.firstOf("name").or("tab"))
            .fields(TAB_NAME, TAB_ICON, ORDER, DISABLED, HIDDEN)
            .factory(c -> new UiPageNode(c.rewrittenAs(UiPageNode.TYPE, raw -> {
                raw.put("path", "/" + String.valueOf(raw.getOrDefault("name", "Home")).replaceAll("\\s+", "-")
                        .toLowerCase(java.util.Locale.ROOT));
                raw.put("visible", String.valueOf(!Boolean.TRUE.equals(raw.get("hidden"))));
                raw.put("disabled", String.valueOf(Boolean.TRUE.equals(raw.get("disabled"))));
                raw.put("layout", "flex");
                raw.put("icon", Dashboard1Icons.onMdi(String.valueOf(raw.getOrDefault("icon", "dashboard"))));
                raw.remove("hidden");
            }), Dashboard1Site::baseOrDefault));

    static final Field GROUP_NAME = Field.str("name", "Default").asRequired();
    static final Field TAB_REF = Field.config("tab", "ui_tab").asRequired();
    static final Field DISP = Field.bool("disp", true);
    static final Field GROUP_WIDTH = Field.num("width", 6);
    static final Field COLLAPSE = Field.bool("collapse", false);
    static final NodeType UI_GROUP = NodeType.builder("ui_group", "dashboard").configNode()
            .help("A Dashboard 1 group: a card of widgets on a tab, width units wide.")
            .label(NodeType.Label.firstOf("name").or("group"))
            .fields(GROUP_NAME, TAB_REF, ORDER, DISP, GROUP_WIDTH, COLLAPSE, DISABLED, HIDDEN, CLASS_NAME)
            .factory(c -> described(new UiGroupNode(c.rewrittenAs(UiGroupNode.TYPE, raw -> {
                raw.put("page", raw.remove("tab"));
                raw.put("showTitle", raw.getOrDefault("disp", true));
                raw.put("height", "1");
                raw.put("visible", !Boolean.TRUE.equals(raw.remove("hidden")));
                raw.remove("disp");
                raw.remove("collapse");
            })), "collapse", c.bool(COLLAPSE))); // a caret in its title folds it (Dashboard 1's, not 2.0's)

    static final Field BUTTON_LABEL = Field.str("label", "button");
    static final Field COLOR = Field.str("color", "");
    static final Field BG_COLOR = Field.str("bgcolor", "");
    static final Field ICON = Field.str("icon", "");
    static final NodeType BUTTON = widget("ui_button", 1, "fa-hand-pointer-o", "button")
            .fields(GROUP, NAME, ORDER, WIDTH, HEIGHT, Field.bool("passthru", false), BUTTON_LABEL, TOOLTIP, COLOR,
                    BG_COLOR, CLASS_NAME, ICON, ButtonWidget.PAYLOAD, TOPIC)
            .factory(factory(ButtonWidget.TYPE, ButtonWidget::new, raw -> {
                raw.put("emulateClick", raw.remove("passthru"));
                raw.put("textColor", raw.remove("color"));
                raw.put("buttonColor", raw.remove("bgcolor"));
                raw.put("iconPosition", "left");
                Dashboard1Icons.onMdiIn(raw, "icon");
            }));

    static final Field FORMAT = Field.str("format", "{{msg.payload}}");
    static final NodeType TEXT = widget("ui_text", 0, "fa-font", "text")
            .fields(GROUP, ORDER, WIDTH, HEIGHT, NAME, Field.str("label", "text"), FORMAT, TextWidget.LAYOUT,
                    CLASS_NAME, TextWidget.STYLE, Field.str("font", ""), TextWidget.FONT_SIZE, Field.str("color", "#000"))
            .factory(factory(TextWidget.TYPE, TextWidget::new, raw -> { }));

    static final Field INPUT_MODE = Field.select("mode", "text", "text", "email", "password", "number", "tel",
            "color", "time", "week", "month", "datetime-local").asRequired();
    static final NodeType TEXT_INPUT = widget("ui_text_input", 1, "fa-i-cursor", "text input")
            .fields(NAME, Field.str("label", ""), TOOLTIP, GROUP, ORDER, WIDTH, HEIGHT, PASSTHRU, INPUT_MODE,
                    TextInputWidget.DELAY, TOPIC, TextInputWidget.SEND_ON_BLUR, CLASS_NAME)
            .factory(c -> bound(new Dashboard1TextInput(c.rewrittenAs(TextInputWidget.TYPE,
                    Dashboard1Types::asTextInput), false)));

    static final NodeType DATE_PICKER = widget("ui_date_picker", 1, "fa-calendar", "date picker")
            .fields(NAME, Field.str("label", "date"), GROUP, ORDER, WIDTH, HEIGHT, PASSTHRU, TOPIC, CLASS_NAME)
            .factory(c -> bound(new Dashboard1TextInput(c.rewrittenAs(TextInputWidget.TYPE,
                    raw -> asPicker(raw, "date")), true)));

    static final NodeType COLOUR_PICKER = widget("ui_colour_picker", 1, "fa-tint", "colour picker")
            .fields(NAME, Field.str("label", ""), GROUP, Field.select("format", "hex", "hex", "hex8", "hsl", "hsv",
                            "rgb"), Field.select("outformat", "string", "string", "object"),
                    Field.bool("showSwatch", true), Field.bool("showPicker", false), Field.bool("showValue", false),
                    Field.bool("showHue", false), Field.bool("showAlpha", false), Field.bool("showLightness", true),
                    Field.str("square", "false"), Field.str("dynOutput", "false"), ORDER, WIDTH, HEIGHT, PASSTHRU,
                    TOPIC, CLASS_NAME)
            .factory(c -> bound(new Dashboard1TextInput(c.rewrittenAs(TextInputWidget.TYPE,
                    raw -> asPicker(raw, "color")), false)));

    static final NodeType SLIDER = widget("ui_slider", 1, "fa-sliders", "slider")
            .fields(NAME, Field.str("label", "slider"), TOOLTIP, GROUP, ORDER, WIDTH, HEIGHT, PASSTHRU,
                    SliderWidget.OUTS, TOPIC, SliderWidget.MIN, SliderWidget.MAX, SliderWidget.STEP, CLASS_NAME)
            .factory(factory(SliderWidget.TYPE, SliderWidget::new, raw -> {
                raw.put("thumbLabel", "true");
                raw.put("showTicks", "always");
            }));

    static final NodeType SWITCH = widget("ui_switch", 1, "fa-toggle-on", "switch")
            .fields(NAME, Field.str("label", "switch"), TOOLTIP, GROUP, ORDER, WIDTH, HEIGHT, PASSTHRU,
                    Field.str("decouple", "false"), TOPIC, SwitchWidget.STYLE, SwitchWidget.ON_VALUE,
                    SwitchWidget.ON_ICON, SwitchWidget.ON_COLOR, SwitchWidget.OFF_VALUE, SwitchWidget.OFF_ICON,
                    SwitchWidget.OFF_COLOR, Field.bool("animate", false), CLASS_NAME)
            .factory(factory(SwitchWidget.TYPE, SwitchWidget::new, raw -> {
                raw.remove("decouple"); // the migration drops it: Dashboard 2.0's decouple means something else
                raw.remove("animate");
                Dashboard1Icons.onMdiIn(raw, "onicon", "officon");
            }));

    static final NodeType CHART = widget("ui_chart", 1, "fa-line-chart", "chart")
            .fields(NAME, GROUP, ORDER, WIDTH, HEIGHT, Field.str("label", "chart"),
                    Field.select("chartType", "line", "line", "bar", "horizontalBar", "radar", "pie", "polar-area",
                            "doughnut"), Field.str("legend", "false"), Field.str("xformat", "HH:mm:ss"),
                    Field.select("interpolate", "linear", "linear", "step", "bezier"), Field.str("nodata", ""),
                    Field.bool("dot", false), ChartWidget.YMIN, ChartWidget.YMAX, ChartWidget.REMOVE_OLDER,
                    ChartWidget.REMOVE_OLDER_POINTS, ChartWidget.REMOVE_OLDER_UNIT, Field.num("cutout", 0),
                    Field.bool("useOneColor", false), Field.bool("useUTC", false),
                    Field.json("colors", List.of("#1F77B4", "#AEC7E8", "#FF7F0E", "#2CA02C", "#98DF8A", "#D62728",
                            "#FF9896", "#9467BD", "#C5B0D5")),
                    Field.num("outputs", 1), Field.bool("useDifferentColor", false), CLASS_NAME)
            .factory(factory(ChartWidget.TYPE, ChartWidget::new, raw -> {
                raw.put("xAxisFormatType", Dashboard1Types.timeFormat(raw.remove("xformat")));
                raw.put("showLegend", "true".equals(String.valueOf(raw.remove("legend"))));
                raw.put("category", "topic");
                raw.put("categoryType", "msg");
                raw.put("xAxisType", "time");
                raw.put("action", "append");
            }));

    static final NodeType NUMERIC = widget("ui_numeric", 1, "fa-sort-numeric-asc", "numeric")
            .fields(NAME, Field.str("label", "numeric"), TOOLTIP, GROUP, ORDER, WIDTH, HEIGHT, Field.bool("wrap", false),
                    PASSTHRU, TOPIC, Field.str("format", "{{value}}"), NumberInputWidget.MIN, NumberInputWidget.MAX,
                    NumberInputWidget.STEP, CLASS_NAME)
            // Dashboard 1's - and + buttons, each click sent
            .factory(factory(NumberInputWidget.TYPE, NumberInputWidget::new, raw -> {
                raw.put("sendOnBlur", true);
                raw.put("sendOnEnter", true);
                raw.remove("format");
                raw.remove("wrap");
            }, "stepButtons", true));

    static final Field PLACEHOLDER = Field.str("place", "Select option");
    static final NodeType DROPDOWN = widget("ui_dropdown", 1, "fa-list", "dropdown")
            .fields(NAME, Field.str("label", ""), TOOLTIP, PLACEHOLDER, GROUP, ORDER, WIDTH,
                    HEIGHT, PASSTHRU, Field.bool("multiple", false), OptionsWidget.OPTIONS, Field.str("payload", ""),
                    TOPIC, CLASS_NAME)
            .factory(c -> bound(described(new Dashboard1Dropdown(c.rewrittenAs(DropdownWidget.TYPE, raw -> {
                raw.put("chips", false);
                raw.put("clearable", false);
                raw.remove("place");
            })), "placeholder", c.str(PLACEHOLDER)))); // shown while nothing is chosen

    static final NodeType FORM = widget("ui_form", 1, "fa-list-alt", "form")
            .fields(NAME, Field.str("label", ""), GROUP, ORDER, WIDTH, HEIGHT,
                    Field.json("options", List.of(Map.of("value", "", "label", "", "type", "", "required", true))),
                    FormWidget.FORM_VALUE, FormWidget.PAYLOAD, FormWidget.SUBMIT, Field.str("cancel", "cancel"), TOPIC,
                    FormWidget.SPLIT_LAYOUT, CLASS_NAME)
            .factory(factory(FormWidget.TYPE, FormWidget::new, raw -> {
                // Dashboard 1 names a field's key "value"; 2.0 "key"
                if (raw.get("options") instanceof List<?> options) {
                    raw.put("options", options.stream().map(o -> o instanceof Map<?, ?> m ? formField(m) : o).toList());
                }
                raw.put("resetOnSubmit", true);
            }));

    static final NodeType GAUGE = widget("ui_gauge", 0, "fa-tachometer", "gauge")
            .fields(NAME, GROUP, ORDER, WIDTH, HEIGHT, Field.select("gtype", "gage", "gage", "donut", "compass", "wave"),
                    Field.str("title", "gauge"), Field.str("label", "units"), Field.str("format", "{{value}}"),
                    GaugeWidget.MIN, GaugeWidget.MAX, Field.json("colors", List.of("#00B500", "#E6E600", "#CA3838")),
                    Field.str("seg1", ""), Field.str("seg2", ""), Field.bool("diff", false), CLASS_NAME)
            .factory(factory(GaugeWidget.TYPE, GaugeWidget::new, Dashboard1Types::asGauge));

    static final NodeType SPACER = widget("ui_spacer", 0, "fa-arrows-h", "spacer")
            .label(NodeType.Label.firstOf("name").or("spacer"))
            .fields(Field.str("name", "spacer"), GROUP, ORDER, WIDTH, HEIGHT, CLASS_NAME)
            .factory(factory(SpacerWidget.TYPE, SpacerWidget::new, raw -> { }));

    static final Field ALWAYS = Field.str("always", "");
    static final NodeType AUDIO = widget("ui_audio", 0, "fa-volume-up", "audio out")
            .label(NodeType.Label.firstOf("name").or("audio out"))
            .fields(NAME, GROUP, Field.str("voice", ""), ALWAYS)
            // Dashboard 1 speaks on the audio's own tab only, unless "always" (on every tab)
            .factory(c -> described(described(new Dashboard1Audio(c.rewrittenAs(AudioWidget.TYPE,
                    raw -> raw.put("mode", "tts"))), "everyPage", JsValues.truthy(c.get(ALWAYS))), "reportsAudio", true));

    static final Field TOAST_TOPIC = Field.str("topic", "");
    static final Field TOAST_SEND_ALL = Field.bool("sendall", true);
    static final Field TOAST_POSITION = Field.select("position", "top right", "top right", "top left", "bottom right",
            "bottom left", "dialog", "prompt");
    static final Field TOAST_CANCEL = Field.str("cancel", "");
    static final NodeType TOAST = widget("ui_toast", 1, "fa-square", "notification")
            .label(NodeType.Label.firstOf("name").or("notification"))
            .fields(TOAST_POSITION, Field.str("displayTime", "3"), Field.str("highlight", ""),
                    TOAST_SEND_ALL, Field.num("outputs", 0), Field.str("ok", "OK"),
                    TOAST_CANCEL, Field.bool("raw", false), CLASS_NAME, TOAST_TOPIC, NAME)
            .factory(c -> described(new Dashboard1Toast(c.rewrittenAs(NotificationWidget.TYPE,
                            Dashboard1Types::asNotification), c.str(TOAST_TOPIC), c.bool(TOAST_SEND_ALL),
                    "prompt".equals(c.str(TOAST_POSITION)) && !c.str(TOAST_CANCEL).isEmpty()),
                    // a dialog's msg with an empty payload cancels the dialog open instead of showing one
                    "dialog", isDialog(c.str(TOAST_POSITION))));

    static final NodeType UI_CONTROL = NodeType.builder("ui_ui_control", "dashboard").ports(1, 1)
            .icon("font-awesome/fa-sliders").color("#a6bbcf").paletteLabel("ui control")
            .help("Dashboard 1's ui control (node-red-dashboard), run as Dashboard 2.0's: changes the tab, shows or"
                    + " hides tabs and groups; reports connect, lost and tab changes.")
            .label(NodeType.Label.firstOf("name").or("ui control"))
            .fields(NAME, ControlWidget.EVENTS)
            .factory(c -> new Dashboard1Control(c.rewrittenAs(ControlWidget.TYPE,
                    raw -> raw.put("ui", Dashboard1Site.SITE))));

    static final Field LINK_TARGET = Field.select("target", "newtab", "newtab", "iframe", "thistab");
    static final NodeType LINK = NodeType.builder("ui_link", "dashboard").configNode()
            .help("Dashboard 1's link: an entry in the dashboard's navigation that opens a URL.")
            .label(NodeType.Label.firstOf("name").or("link"))
            .fields(Field.str("name", "Google"), Field.str("link", "https://www.google.com"),
                    Field.str("icon", "open_in_browser"), LINK_TARGET, ORDER, CLASS_NAME)
            .factory(c -> described(new UiLinkNode(c.rewrittenAs(UiLinkNode.TYPE, raw -> {
                raw.put("ui", Dashboard1Site.SITE);
                raw.put("path", raw.remove("link"));
                raw.put("icon", Dashboard1Icons.onMdi(String.valueOf(raw.getOrDefault("icon", "open_in_browser"))));
            })), "target", c.str(LINK_TARGET))); // where the navigation opens it: a new tab, this one, a frame

    private Dashboard1Types() {
    }

    static List<NodeType> all() {
        return List.of(Dashboard1Base.TYPE, TAB, UI_GROUP, BUTTON, TEXT, TEXT_INPUT, DATE_PICKER, COLOUR_PICKER, SLIDER,
                SWITCH, CHART, NUMERIC, DROPDOWN, FORM, GAUGE, SPACER, AUDIO, Dashboard1Template.TYPE, TOAST, UI_CONTROL,
                LINK);
    }

    private static Map<String, Object> formField(Map<?, ?> d1) {
        Map<String, Object> field = new java.util.LinkedHashMap<>();
        field.put("label", d1.get("label"));
        field.put("key", d1.get("value"));
        field.put("type", d1.get("type"));
        field.put("required", d1.get("required"));
        field.put("rows", d1.get("rows"));
        return field;
    }

    /**
     * As the migration: the units are the label, the three colours start at min, seg1 and seg2, Dashboard 1's gage
     * is a half gauge and its wave a tank, and the text around {{value}} in the format the prefix and suffix.
     */
    private static void asGauge(Map<String, Object> raw) {
        List<?> colors = raw.remove("colors") instanceof List<?> l ? l : List.of();
        List<Object> from = java.util.Arrays.asList(raw.get("min"), raw.remove("seg1"), raw.remove("seg2"));
        List<Map<String, Object>> segments = new java.util.ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            Map<String, Object> segment = new java.util.LinkedHashMap<>();
            segment.put("from", from.get(i) instanceof String t && !t.isBlank() ? Double.valueOf(t.trim()) : from.get(i));
            segment.put("color", i < colors.size() ? colors.get(i) : null);
            segments.add(segment);
        }
        raw.put("segments", segments.stream().filter(x -> x.get("from") instanceof Number).toList());
        raw.put("units", raw.remove("label"));
        Object type = raw.get("gtype");
        raw.put("gtype", "gage".equals(type) || type == null ? "gauge-half" : "wave".equals(type) ? "gauge-tank"
                : "gauge-34");
        String format = String.valueOf(raw.getOrDefault("format", "{{value}}"));
        int at = format.indexOf("{{value}}");
        raw.put("prefix", at < 0 ? "" : format.substring(0, at));
        raw.put("suffix", at < 0 ? "" : format.substring(at + "{{value}}".length()));
        raw.remove("format");
    }

    /**
     * As node-red-dashboard's text input: with a delay it sends while typing only (not on Enter nor on leaving the
     * field); with none, on Enter and (sendOnBlur) on leaving the field, then only a text not sent yet.
     */
    private static void asTextInput(Map<String, Object> raw) {
        boolean typing = !(raw.get("delay") instanceof Number d) || d.doubleValue() > 0;
        raw.put("sendOnDelay", typing);
        raw.put("sendOnEnter", !typing);
        raw.put("sendOnBlur", !typing && !Boolean.FALSE.equals(raw.get("sendOnBlur")));
    }

    /** A date or colour picker as a text input of that mode, sending the value picked at once. */
    private static void asPicker(Map<String, Object> raw, String mode) {
        raw.put("mode", mode);
        raw.put("sendOnDelay", true);
        raw.put("delay", 0);
        raw.put("sendOnEnter", false);
        raw.put("sendOnBlur", false);
    }

    /**
     * As the migration: a dialog (or prompt) sits in the middle with both buttons (ok, cancel) and, as Dashboard 1's,
     * stays until one is clicked; a toast has neither button; the highlight colours it; no countdown bar.
     */
    private static void asNotification(Map<String, Object> raw) {
        boolean dialog = isDialog(raw.get("position"));
        if (dialog) {
            raw.put("position", "center center");
            raw.put("displayTime", "0");
        }
        raw.put("allowConfirm", dialog);
        raw.put("allowDismiss", dialog && !"".equals(raw.getOrDefault("cancel", "")));
        raw.put("confirmText", raw.get("ok"));
        raw.put("dismissText", raw.get("cancel"));
        Object highlight = raw.remove("highlight");
        raw.put("colorDefault", highlight == null || "".equals(highlight));
        raw.put("color", highlight);
        raw.put("showCountdown", false);
        raw.put("ui", Dashboard1Site.SITE);
    }

    /** Whether a ui_toast at this position is Dashboard 1's dialog (OK, maybe cancel) rather than a corner toast. */
    private static boolean isDialog(Object position) {
        return "dialog".equals(position) || "prompt".equals(position);
    }

    /** A widget type of Dashboard 1 in this family, on Dashboard 1's palette label and the dashboard colour. */
    private static NodeType.Builder widget(String type, int outputs, String icon, String paletteLabel) {
        return WidgetNode.widgetType(type, outputs, icon, paletteLabel,
                "Dashboard 1's " + paletteLabel + " (node-red-dashboard), run as Dashboard 2.0's.");
    }

    /**
     * Builds the Dashboard 2.0 node {@code as} from a Dashboard 1 node's properties, rewritten by {@code rewrite}; a
     * widget's page fills the {{…}} of its format, label, tooltip, colours and units in as Dashboard 1 does (ng.js).
     */
    private static NodeType.Factory factory(NodeType as, Function<NodeConfig, ? extends Node> make,
                                            Consumer<Map<String, Object>> rewrite) {
        return c -> {
            Node n = make.apply(c.rewrittenAs(as, rewrite));
            return n instanceof DashboardMember m ? bound(m) : n;
        };
    }

    /** A widget whose page fills its {{…}} texts in (ng.js). */
    private static <M extends DashboardMember> M bound(M member) {
        return described(member, "ngBound", true);
    }

    /** As {@link #factory(NodeType, Function, Consumer)}, telling the page {@code key}: a Dashboard 1 way it draws. */
    private static NodeType.Factory factory(NodeType as, Function<NodeConfig, ? extends DashboardMember> make,
                                            Consumer<Map<String, Object>> rewrite, String key, Object value) {
        return c -> described(bound(make.apply(c.rewrittenAs(as, rewrite))), key, value);
    }

    private static <M extends DashboardMember> M described(M member, String key, Object value) {
        member.described().put(key, value);
        return member;
    }

    /**
     * Dashboard 1's time axis presets (moment formats) as the ECharts templates Dashboard 2.0 lists; a custom
     * moment format is not converted and the axis shows the browser's time, as before the formats were drawn.
     */
    private static final Map<String, String> TIME_FORMATS = Map.of("HH:mm:ss", "{HH}:{mm}:{ss}", "HH:mm",
            "{HH}:{mm}", "Y-M-D", "{yyyy}-{M}-{d}", "D/M", "{d}/{M}", "dd HH:mm", "{ee} {HH}:{mm}");

    static String timeFormat(Object xformat) {
        return TIME_FORMATS.getOrDefault(String.valueOf(xformat), "auto");
    }
}
