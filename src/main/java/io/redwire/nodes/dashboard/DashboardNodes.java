package io.redwire.nodes.dashboard;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/**
 * The dashboard family: Dashboard 2.0's ({@code @flowfuse/node-red-dashboard} 1.31) whole node set (docs/dashboard.md lists
 * them), served by Redwire's own web client at the ui-base path.
 */
public final class DashboardNodes extends DeclaredFamily {
    public DashboardNodes() {
        super("dashboard", List.of("ui-base", "ui-page", "ui-link", "ui-group", "ui-theme", "ui-button",
                        "ui-button-group", "ui-text", "ui-text-input", "ui-number-input", "ui-slider", "ui-switch",
                        "ui-dropdown", "ui-radio-group", "ui-form", "ui-table", "ui-chart", "ui-gauge", "ui-markdown",
                        "ui-notification", "ui-file-input", "ui-audio", "ui-progress", "ui-spacer", "ui-event",
                        "ui-control", "ui-template"),
                () -> List.of(UiBaseNode.TYPE, UiPageNode.TYPE, UiLinkNode.TYPE, UiGroupNode.TYPE, UiThemeNode.TYPE,
                        ButtonWidget.TYPE, ButtonGroupWidget.TYPE, TextWidget.TYPE, TextInputWidget.TYPE,
                        NumberInputWidget.TYPE, SliderWidget.TYPE, SwitchWidget.TYPE, DropdownWidget.TYPE,
                        RadioGroupWidget.TYPE, FormWidget.TYPE, TableWidget.TYPE, ChartWidget.TYPE, GaugeWidget.TYPE,
                        MarkdownWidget.TYPE, NotificationWidget.TYPE, FileInputWidget.TYPE, AudioWidget.TYPE,
                        ProgressWidget.TYPE, SpacerWidget.TYPE, EventWidget.TYPE, ControlWidget.TYPE,
                        TemplateWidget.TYPE));
        declares(DashboardSettings.ALL);
    }
}
