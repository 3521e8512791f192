package io.redwire.nodes.dashboard;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A ui_chart's xformat as the time axis format its Dashboard 2.0 ui-chart draws. */
class Dashboard1TimeFormatTest {
    @Test
    void dashboard1PresetsBecomeTheirTemplatesAndCustomMomentFormatsAuto() {
        Map<String, String> expected = new HashMap<>(Map.of("HH:mm:ss", "{HH}:{mm}:{ss}", "Y-M-D", "{yyyy}-{M}-{d}",
                "D/M", "{d}/{M}", "dd HH:mm", "{ee} {HH}:{mm}", "auto", "auto",
                "MMM Do, h a", "auto")); // moment's tokens are not ECharts'
        expected.put(null, "auto");
        expected.forEach((xformat, format) -> assertEquals(format, Dashboard1Types.timeFormat(xformat), xformat));
    }
}
