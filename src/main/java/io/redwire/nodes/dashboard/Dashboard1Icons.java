package io.redwire.nodes.dashboard;

import java.util.Locale;
import java.util.Map;

/**
 * Dashboard 1's icon names on the Material Design Icons font Redwire's dashboard draws with. node-red-dashboard
 * 3.6.6 takes a Google Material Icons name ("dashboard", "lightbulb_outline"; "mi-" before one outside its default
 * set) or a Font Awesome 4.7 one ("fa-home", "fa-clock-o"); MDI names most of the same glyphs in kebab case,
 * FA's "-o" as "-outline", and some under other words (this table). A name with a {@code {{…}}} expression, a
 * Weather Icons or iconify one, or an MDI name already ("mdi-…") is left as it is; a name MDI lacks draws nothing,
 * as before.
 */
final class Dashboard1Icons {
    /** Dashboard 1 names (after "fa-"/"mi-" and case are dropped, "_" read as "-") whose MDI glyph has another name. */
    private static final Map<String, String> OTHER_NAMES = Map.ofEntries(
            Map.entry("dashboard", "view-dashboard"), Map.entry("settings", "cog"), Map.entry("gear", "cog"),
            Map.entry("info", "information"), Map.entry("info-circle", "information"),
            Map.entry("warning", "alert"), Map.entry("exclamation-triangle", "alert"),
            Map.entry("error", "alert-circle"), Map.entry("build", "wrench"),
            Map.entry("timeline", "chart-timeline-variant"), Map.entry("show-chart", "chart-line"),
            Map.entry("line-chart", "chart-line"), Map.entry("bar-chart", "chart-bar"),
            Map.entry("area-chart", "chart-areaspline"), Map.entry("pie-chart", "chart-pie"),
            Map.entry("insert-chart", "chart-box"), Map.entry("tachometer", "speedometer"),
            Map.entry("power-settings-new", "power"), Map.entry("power-off", "power"),
            Map.entry("wb-sunny", "weather-sunny"), Map.entry("sun-outline", "weather-sunny"),
            Map.entry("opacity", "water"), Map.entry("tint", "water"), Map.entry("open-in-browser", "open-in-app"),
            Map.entry("external-link", "open-in-new"), Map.entry("bolt", "flash"), Map.entry("flash-on", "flash"),
            Map.entry("sliders", "tune"), Map.entry("toggle-on", "toggle-switch"),
            Map.entry("toggle-off", "toggle-switch-off"), Map.entry("video-camera", "video"),
            Map.entry("videocam", "video"), Map.entry("schedule", "clock-outline"), Map.entry("access-time", "clock-outline"),
            Map.entry("list", "format-list-bulleted"), Map.entry("person", "account"), Map.entry("user", "account"),
            Map.entry("users", "account-group"), Map.entry("group", "account-group"),
            Map.entry("people", "account-group"), Map.entry("plug", "power-plug"),
            Map.entry("battery-full", "battery"), Map.entry("search", "magnify"), Map.entry("envelope", "email"),
            Map.entry("volume-up", "volume-high"), Map.entry("unlock", "lock-open"),
            Map.entry("thermometer-full", "thermometer"), Map.entry("thermometer-half", "thermometer"),
            Map.entry("ac-unit", "snowflake"), Map.entry("tv", "television"), Map.entry("trash", "delete"),
            Map.entry("edit", "pencil"), Map.entry("create", "pencil"), Map.entry("place", "map-marker"),
            Map.entry("location-on", "map-marker"), Map.entry("exit-to-app", "logout"),
            Map.entry("sign-out", "logout"), Map.entry("sign-in", "login"), Map.entry("save", "content-save"),
            Map.entry("floppy-outline", "content-save"), Map.entry("shopping-cart", "cart"),
            Map.entry("times", "close"),
            Map.entry("clear", "close"), Map.entry("add", "plus"), Map.entry("remove", "minus"),
            Map.entry("play-arrow", "play"), Map.entry("highlight", "lamp"), Map.entry("computer", "desktop-classic"),
            Map.entry("desktop", "desktop-classic"), Map.entry("mobile", "cellphone"),
            Map.entry("phone-android", "cellphone"), Map.entry("notifications", "bell"));

    private Dashboard1Icons() {
    }

    /** The MDI name (without "mdi-") for a Dashboard 1 icon name, or the name itself when it is not one to read. */
    static String onMdi(String name) {
        if (name == null || name.isBlank() || name.contains("{{") || name.startsWith("mdi-")
                || name.startsWith("wi-") || name.startsWith("iconify-")) {
            return name;
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.startsWith("fa-") || n.startsWith("mi-")) {
            n = n.substring(3);
        }
        n = n.replace('_', '-');
        if (n.endsWith("-o")) {
            n = n.substring(0, n.length() - 2) + "-outline"; // Font Awesome 4's outlined glyphs
        }
        return OTHER_NAMES.getOrDefault(n, n);
    }
}
