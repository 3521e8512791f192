package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ui-chart's options as Dashboard 2.0 1.31 draws them, read from Chart.js' state in Chromium: the time axis' tick
 * labels in the chosen ECharts template (a listed one, a custom one), histograms' counts by bins and by category,
 * and msg.ui_update.chartOptions merged across msgs and applied to the axes and a series.
 */
class DashboardChartOptionsBrowserTest {
    private static final String FLOW = TestDashboard.flow(TestDashboard.group("g", 12), """
             {"id":"go","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"date",
              "wires":[["points"]]},
             {"id":"points","type":"function","z":"t1","outputs":2,
              "func":"for (const v of [1, 3, 3.5, 9, 12, -1]) { node.send([{topic: 'a', payload: v}, null]); }\\nfor (const v of ['x', 'y', 'x']) { node.send([null, {topic: 's', payload: v}]); }\\nreturn null;",
              "wires":[["hhmm","custom","bins","opts"],["cats"]]},
             {"id":"opt1","type":"inject","z":"t1","props":[{"p":"ui_update","v":"{\\"chartOptions\\":{\\"yAxis\\":{\\"position\\":\\"right\\",\\"name\\":\\"kW\\"}}}","vt":"json"}],
              "wires":[["opts"]]},
             {"id":"opt2","type":"inject","z":"t1","props":[{"p":"ui_update","v":"{\\"chartOptions\\":{\\"yAxis\\":{\\"max\\":50},\\"series\\":[{\\"name\\":\\"a\\",\\"type\\":\\"line\\",\\"lineStyle\\":{\\"color\\":\\"red\\"}}]}}","vt":"json"}],
              "wires":[["opts"]]},
             {"id":"opt3","type":"inject","z":"t1","props":[{"p":"ui_update","v":"{\\"chartOptions\\":{\\"legend\\":{\\"show\\":false},\\"series\\":[{\\"name\\":\\"a\\",\\"type\\":\\"line\\",\\"lineStyle\\":{\\"color\\":\\"green\\"}}]}}","vt":"json"}],
              "wires":[["opts"]]},
             {"id":"hhmm","type":"ui-chart","z":"t1","group":"g","label":"hhmm","chartType":"line","category":"topic",
              "categoryType":"msg","xAxisType":"time","xAxisFormatType":"{HH}:{mm}","wires":[[]]},
             {"id":"custom","type":"ui-chart","z":"t1","group":"g","label":"custom","chartType":"line","category":"topic",
              "categoryType":"msg","xAxisType":"time","xAxisFormatType":"custom","xAxisFormat":"{yyyy}/{MM} at {H}h","wires":[[]]},
             {"id":"bins","type":"ui-chart","z":"t1","group":"g","label":"bins","chartType":"histogram","category":"topic",
              "categoryType":"msg","xAxisType":"bins","xAxisProperty":"payload","xAxisPropertyType":"msg",
              "xmin":"0","xmax":"10","bins":5,"wires":[[]]},
             {"id":"cats","type":"ui-chart","z":"t1","group":"g","label":"cats","chartType":"histogram","category":"topic",
              "categoryType":"msg","xAxisType":"category","xAxisProperty":"payload","xAxisPropertyType":"msg","wires":[[]]},
             {"id":"opts","type":"ui-chart","z":"t1","group":"g","label":"opts","chartType":"line","category":"topic",
              "categoryType":"msg","xAxisType":"linear","wires":[[]]}
            """);

    private static String chart(String id) {
        return "const c = Chart.getChart(document.querySelector(\"[data-widget-id='" + id + "'] canvas\"));";
    }

    @Test
    void timeFormatsHistogramsAndChartOptionsAreDrawn() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            String base = TestDashboard.base(kit);
            post(base + "/inject/go");
            post(base + "/inject/opt1");
            post(base + "/inject/opt2"); // a page opened now gets both updates merged
            EditorBrowser browser = TestDashboard.open(kit);
            WebDriver d = browser.driver();
            browser.waitFor(By.cssSelector("[data-widget-id='opts'] canvas"), Duration.ofSeconds(30));
            WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(30));
            String ticks = " return c && c.scales.x ? c.scales.x.ticks.map(t => t.label) : [];";
            wait.until(x -> !((List<?>) browser.js(chart("hhmm") + ticks)).isEmpty());
            List<?> hhmm = (List<?>) browser.js(chart("hhmm") + ticks);
            assertTrue(hhmm.stream().allMatch(l -> String.valueOf(l).matches("\\d\\d:\\d\\d")), hhmm.toString());
            List<?> custom = (List<?>) browser.js(chart("custom") + ticks);
            assertFalse(custom.isEmpty());
            assertTrue(custom.stream().allMatch(l -> String.valueOf(l).matches("\\d{4}/\\d\\d at \\d{1,2}h")),
                    custom.toString());

            String histogram = " return c ? [c.data.labels, c.data.datasets.map(s => [s.label, s.data])] : null;";
            wait.until(x -> String.valueOf(browser.js(chart("cats") + histogram)).contains("s"));
            assertEquals(List.of(List.of("0-2", "2-4", "4-6", "6-8", "8-10"),
                            List.of(List.of("a", List.of(1L, 2L, 0L, 0L, 2L)))),
                    browser.js(chart("bins") + histogram), "12 counts in the last bin, -1 in none");
            assertEquals(List.of(List.of("x", "y"), List.of(List.of("s", List.of(2L, 1L)))),
                    browser.js(chart("cats") + histogram));

            String options = " return [c.options.scales.y.position, c.options.scales.y.title.text,"
                    + " c.options.scales.y.max, c.data.datasets[0].borderColor];";
            assertEquals(List.of("right", "kW", 50L, "red"), browser.js(chart("opts") + options));

            // and live on an open page, merged with what it had
            post(base + "/inject/opt3");
            String live = " return [c.options.scales.y.position, c.options.plugins.legend.display,"
                    + " c.data.datasets[0].borderColor];";
            wait.until(x -> String.valueOf(browser.js(chart("opts") + live)).contains("green"));
            assertEquals(List.of("right", false, "green"), browser.js(chart("opts") + live));
        }
    }
}
