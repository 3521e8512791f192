package io.redwire.nodes.dashboard;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Dashboard 1's icon names on the Material Design Icons font Redwire's dashboard draws with. node-red-dashboard
 * 3.6.6 takes a Google Material Icons name ("dashboard", "lightbulb_outline"; "mi-" before one outside its default
 * set) or a Font Awesome 4.7 one ("fa-home", "fa-clock-o"); MDI names most of the same glyphs in kebab case,
 * FA's "-o" as "-outline", and some under other words (this table). A name with a {@code {{…}}} expression, a
 * Weather Icons or iconify one, or an MDI name already ("mdi-…") is left as it is; a name MDI lacks draws nothing,
 * as before.
 */
final class Dashboard1Icons {
    /**
     * Dashboard 1 names (after "fa-"/"mi-" and case are dropped, "_" read as "-") whose MDI glyph has another name:
     * "name mdi-name" pairs.
     */
    static final Map<String, String> OTHER_NAMES = Arrays.stream("""
            dashboard view-dashboard, settings cog, gear cog, info information, info-circle information,
            warning alert, exclamation-triangle alert, error alert-circle, build wrench,
            timeline chart-timeline-variant, show-chart chart-line, line-chart chart-line, bar-chart chart-bar,
            area-chart chart-areaspline, pie-chart chart-pie, insert-chart chart-box, tachometer speedometer,
            power-settings-new power, power-off power, wb-sunny weather-sunny, sun-outline weather-sunny,
            opacity water, tint water, open-in-browser open-in-app, external-link open-in-new, bolt flash,
            flash-on flash, sliders tune, toggle-on toggle-switch, toggle-off toggle-switch-off,
            video-camera video, videocam video, schedule clock-outline, access-time clock-outline,
            list format-list-bulleted, person account, user account, users account-group, group account-group,
            people account-group, plug power-plug, battery-full battery, search magnify, envelope email,
            volume-up volume-high, unlock lock-open, thermometer-full thermometer, thermometer-half thermometer,
            ac-unit snowflake, tv television, trash delete, edit pencil, create pencil, place map-marker,
            location-on map-marker, exit-to-app logout, sign-out logout, sign-in login, save content-save,
            floppy-outline content-save, shopping-cart cart, times close, clear close, add plus, remove minus,
            play-arrow play, highlight lamp, computer desktop-classic, desktop desktop-classic, mobile cellphone,
            phone-android cellphone, notifications bell
            """.split(",")).map(String::strip).map(pair -> pair.split(" "))
            .collect(Collectors.toUnmodifiableMap(pair -> pair[0], pair -> pair[1]));

    private Dashboard1Icons() {
    }

    /** Rewrites each of {@code keys} of a Dashboard 1 node's properties that holds an icon name to its MDI name. */
    static void onMdiIn(Map<String, Object> raw, String... keys) {
        for (String key : keys) {
            if (raw.get(key) instanceof String icon) {
                raw.put(key, onMdi(icon));
            }
        }
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
