package io.redwire.nodes.dashboard;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A ui_chart's xformat as the time axis format its Dashboard 2.0 ui-chart draws. */
class Dashboard1TimeFormatTest {
    @Test
    void dashboard1PresetsBecomeTheirTemplatesAndCustomMomentFormatsAuto() {
        assertEquals("{HH}:{mm}:{ss}", Dashboard1Types.timeFormat("HH:mm:ss"));
        assertEquals("{yyyy}-{M}-{d}", Dashboard1Types.timeFormat("Y-M-D"));
        assertEquals("{d}/{M}", Dashboard1Types.timeFormat("D/M"));
        assertEquals("{ee} {HH}:{mm}", Dashboard1Types.timeFormat("dd HH:mm"));
        assertEquals("auto", Dashboard1Types.timeFormat("auto"));
        assertEquals("auto", Dashboard1Types.timeFormat("MMM Do, h a"), "moment's tokens are not ECharts'");
        assertEquals("auto", Dashboard1Types.timeFormat(null));
    }
}
