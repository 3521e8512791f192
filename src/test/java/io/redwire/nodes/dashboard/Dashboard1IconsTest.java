package io.redwire.nodes.dashboard;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Dashboard1IconsTest {
    /** The glyph names of the MDI stylesheet the dashboard serves. */
    private static Set<String> mdiNames() throws Exception {
        try (InputStream in = Dashboard1IconsTest.class.getClassLoader().getResourceAsStream(
                "META-INF/resources/webjars/mdi__font/7.4.47/css/materialdesignicons.min.css")) {
            Matcher m = Pattern.compile("\\.mdi-([a-z0-9-]+)::before")
                    .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            return m.results().map(r -> r.group(1)).collect(Collectors.toSet());
        }
    }

    @Test
    void dashboard1sCommonIconsNameGlyphsTheFontHas() throws Exception {
        Set<String> mdi = mdiNames();
        Map<String, String> seen = Map.ofEntries(Map.entry("dashboard", "view-dashboard"),
                Map.entry("fa-home", "home"), Map.entry("home", "home"), Map.entry("fa-lightbulb-o", "lightbulb-outline"),
                Map.entry("lightbulb_outline", "lightbulb-outline"), Map.entry("fa-line-chart", "chart-line"),
                Map.entry("fa-thermometer-half", "thermometer"), Map.entry("open_in_browser", "open-in-app"),
                Map.entry("settings", "cog"), Map.entry("fa-cog", "cog"), Map.entry("mi-wb_sunny", "weather-sunny"),
                Map.entry("fa-toggle-on", "toggle-switch"), Map.entry("fa-toggle-off", "toggle-switch-off"),
                Map.entry("fa-bell-o", "bell-outline"), Map.entry("FA-Fire", "fire"));
        seen.forEach((d1, expected) -> {
            assertEquals(expected, Dashboard1Icons.onMdi(d1), d1);
            assertTrue(mdi.contains(expected), expected + " is not a glyph of the font");
        });
    }

    @Test
    void everyOtherNameListedIsAGlyphOfTheFont() throws Exception {
        Set<String> mdi = mdiNames();
        assertTrue(Dashboard1Icons.OTHER_NAMES.size() > 60, "the table was read");
        Dashboard1Icons.OTHER_NAMES.forEach((d1, glyph) -> assertTrue(mdi.contains(glyph), d1 + " -> " + glyph));
    }

    @Test
    void expressionsOtherFontsAndMdiNamesAreLeftAsTheyAre() {
        for (String name : List.of("{{msg.icon}}", "wi-wu-sunny", "iconify-mdi:home", "mdi-home", "")) {
            assertEquals(name, Dashboard1Icons.onMdi(name));
        }
    }
}
