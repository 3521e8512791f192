package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ui-form's splitLayout in Chromium, as Dashboard 2.0 1.31 lays it out: with it the fields fill two columns row by
 * row (the first two side by side, the third under the first), without it one column.
 */
class DashboardFormSplitBrowserTest {
    private static String form(String id, String split) {
        return "{\"id\":\"" + id + "\",\"type\":\"ui-form\",\"z\":\"t1\",\"group\":\"g\",\"label\":\"" + id + "\","
                + "\"splitLayout\":" + split + ",\"options\":["
                + "{\"label\":\"A\",\"key\":\"a\",\"type\":\"text\"},{\"label\":\"B\",\"key\":\"b\",\"type\":\"text\"},"
                + "{\"label\":\"C\",\"key\":\"c\",\"type\":\"text\"}],\"wires\":[]}";
    }

    private static final String FLOW = TestDashboard.flow(TestDashboard.group("g", 12), form("split", "true"),
            form("single", "\"\""));

    @Test
    void aSplitFormsFieldsFillTwoColumnsRowByRow() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            EditorBrowser browser = TestDashboard.open(kit);
            browser.waitFor(By.cssSelector("[data-widget-id='single'] [data-key='c']"), Duration.ofSeconds(30));
            // each field's place: [same row as A, left of it / same column as A]
            String places = "const f = (k) => document.querySelector(\"[data-widget-id='\" + arguments[0] + \"'] [data-key='\" + k + \"']\").getBoundingClientRect();"
                    + " const a = f('a'), b = f('b'), c = f('c');"
                    + " return [b.top === a.top, b.left > a.left, c.top > a.top, c.left === a.left];";
            assertEquals(List.of(true, true, true, true), browser.js(places, "split"));
            assertEquals(List.of(false, false, true, true), browser.js(places, "single"));
        }
    }
}
