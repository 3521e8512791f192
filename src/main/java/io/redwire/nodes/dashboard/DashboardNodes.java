package io.redwire.nodes.dashboard;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/**
 * The dashboard family: Dashboard 2.0's ({@code @flowfuse/node-red-dashboard} 1.31) config nodes and the widgets
 * built so far (docs/dashboard.md lists them), served by Redwire's own web client at the ui-base path.
 */
public final class DashboardNodes extends DeclaredFamily {
    public DashboardNodes() {
        super("dashboard", List.of("ui-base", "ui-page", "ui-group", "ui-theme", "ui-button", "ui-text",
                "ui-text-input", "ui-slider", "ui-switch", "ui-chart"),
                () -> List.of(UiBaseNode.TYPE, UiPageNode.TYPE, UiGroupNode.TYPE, UiThemeNode.TYPE, ButtonWidget.TYPE,
                        TextWidget.TYPE, TextInputWidget.TYPE, SliderWidget.TYPE, SwitchWidget.TYPE, ChartWidget.TYPE));
        declares(DashboardSettings.ALL);
    }
}
