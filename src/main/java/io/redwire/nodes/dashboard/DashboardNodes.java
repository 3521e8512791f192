package io.redwire.nodes.dashboard;

import io.redwire.api.DeclaredFamily;

import java.util.List;
import java.util.stream.Stream;

/**
 * The dashboard family: Dashboard 2.0's ({@code @flowfuse/node-red-dashboard} 1.31) whole node set (docs/dashboard.md
 * lists them), served by Redwire's own web client at the ui-base path; and Dashboard 1's ({@code node-red-dashboard}
 * 3.6, {@code ui_*}) run as them ({@link Dashboard1Types}).
 */
public final class DashboardNodes extends DeclaredFamily {
    public DashboardNodes() {
        super("dashboard", List.of("ui-base", "ui-page", "ui-link", "ui-group", "ui-theme", "ui-button",
                        "ui-button-group", "ui-text", "ui-text-input", "ui-number-input", "ui-slider", "ui-switch",
                        "ui-dropdown", "ui-radio-group", "ui-form", "ui-table", "ui-chart", "ui-gauge", "ui-markdown",
                        "ui-notification", "ui-file-input", "ui-audio", "ui-progress", "ui-spacer", "ui-event",
                        "ui-control", "ui-template", "ui_base", "ui_tab", "ui_group", "ui_button", "ui_text",
                        "ui_text_input", "ui_date_picker", "ui_colour_picker", "ui_slider", "ui_switch", "ui_chart",
                        "ui_numeric", "ui_dropdown", "ui_form", "ui_gauge", "ui_spacer", "ui_audio", "ui_template",
                        "ui_toast", "ui_ui_control", "ui_link"),
                () -> Stream.concat(Stream.of(UiBaseNode.TYPE, UiPageNode.TYPE, UiLinkNode.TYPE, UiGroupNode.TYPE,
                        UiThemeNode.TYPE, ButtonWidget.TYPE, ButtonGroupWidget.TYPE, TextWidget.TYPE, TextInputWidget.TYPE,
                        NumberInputWidget.TYPE, SliderWidget.TYPE, SwitchWidget.TYPE, DropdownWidget.TYPE,
                        RadioGroupWidget.TYPE, FormWidget.TYPE, TableWidget.TYPE, ChartWidget.TYPE, GaugeWidget.TYPE,
                        MarkdownWidget.TYPE, NotificationWidget.TYPE, FileInputWidget.TYPE, AudioWidget.TYPE,
                        ProgressWidget.TYPE, SpacerWidget.TYPE, EventWidget.TYPE, ControlWidget.TYPE,
                        TemplateWidget.TYPE), Dashboard1Types.all().stream()).toList());
        declares(DashboardSettings.ALL);
    }
}
