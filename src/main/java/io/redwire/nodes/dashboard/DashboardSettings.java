package io.redwire.nodes.dashboard;

import io.redwire.api.Setting;

import java.util.List;

/** The dashboard family's settings (docs/settings.md lists them); both guard the server against a hostile page. */
final class DashboardSettings {
    static final Setting<Integer> MAX_FRAME = Setting.integer("dashboardMaxFrameBytes", 64 * 1024, "bytes")
            .help("largest message a dashboard page may send; a larger one closes that page's socket (Redwire-only)");
    static final Setting<Integer> MAX_EVENTS = Setting.integer("dashboardMaxEventsPerSecond", 200, null)
            .help("events one dashboard page may send a second; a page sending more is disconnected (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(MAX_FRAME, MAX_EVENTS);

    private DashboardSettings() {
    }
}
