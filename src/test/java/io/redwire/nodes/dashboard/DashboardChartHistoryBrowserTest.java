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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An open page's chart keeps what the ui-chart node keeps, as Dashboard 2.0's does: at most removeOlderPoints a
 * series, so a page left open on a busy chart does not hold (and redraw) every point since it was opened.
 */
class DashboardChartHistoryBrowserTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"b","type":"ui-base","name":"B","path":"/dashboard"},
             {"id":"pg","type":"ui-page","name":"P","ui":"b","path":"/p","layout":"grid"},
             {"id":"g","type":"ui-group","name":"G","page":"pg","width":"6"},
             {"id":"go","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"date",
              "wires":[["twelve"]]},
             {"id":"twelve","type":"function","z":"t1","outputs":1,
              "func":"for (let i = 0; i < 12; i++) { node.send({topic: 'a', payload: i}); }\\nreturn null;",
              "wires":[["chart"]]},
             {"id":"chart","type":"ui-chart","z":"t1","group":"g","label":"c","chartType":"line","category":"topic",
              "categoryType":"msg","xAxisType":"time","removeOlderPoints":"5","wires":[[]]},
             {"id":"burst","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"date",
              "wires":[["many"]]},
             {"id":"many","type":"function","z":"t1","outputs":1,
              "func":"for (let i = 0; i < 300; i++) { node.send({topic: 'b', payload: i}); }\\nreturn null;",
              "wires":[["stream"]]},
             {"id":"stream","type":"ui-chart","z":"t1","group":"g","label":"s","chartType":"line","category":"topic",
              "categoryType":"msg","xAxisType":"time","removeOlderPoints":"1000","wires":[[]]}]
            """;
    private static final String STREAM = "document.querySelector(\"[data-widget-id='stream'] canvas\")";

    @Test
    void anOpenPagesChartKeepsAtMostRemoveOlderPointsASeries() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            String base = openPage(browser, kit, "chart");
            post(base + "/inject/go"); // the page is open: the points arrive live, not as the replayed history
            String ys = "const c = Chart.getChart(document.querySelector(\"[data-widget-id='chart'] canvas\"));"
                    + " return c && c.data.datasets.length ? c.data.datasets[0].data.map(p => p.y) : [];";
            new WebDriverWait(d, Duration.ofSeconds(30)).until(x -> String.valueOf(browser.js(ys)).endsWith("11]"));
            assertEquals(List.of(7L, 8L, 9L, 10L, 11L), browser.js(ys));
        }
    }

    /** A burst of msgs is drawn at most once a frame, not once a msg (a page could not keep up with a stream). */
    @Test
    void aBurstOfPointsIsDrawnOncePerFrameNotOncePerMsg() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            String base = openPage(browser, kit, "stream");
            browser.js("const c = Chart.getChart(" + STREAM + "); const update = c.update.bind(c); window.__updates = 0;"
                    + " c.update = (...a) => { window.__updates++; return update(...a); };");
            post(base + "/inject/burst");
            String held = "const c = Chart.getChart(" + STREAM + ");"
                    + " return c.data.datasets.length ? c.data.datasets[0].data.length : 0;";
            new WebDriverWait(d, Duration.ofSeconds(30)).until(x -> ((Number) browser.js(held)).intValue() == 300);
            long updates = ((Number) browser.js("return window.__updates;")).longValue();
            assertTrue(updates >= 1 && updates < 100, updates + " chart updates for 300 msgs");
        }
    }

    /** Opens the flow's dashboard page once the given chart is drawn; returns the engine's base URL. */
    private static String openPage(EditorBrowser browser, FlowKit kit, String chartId) {
        String base = "http://127.0.0.1:" + kit.harness().port();
        browser.leave();
        browser.driver().get(base + "/dashboard/p");
        browser.waitFor(By.cssSelector("[data-widget-id='" + chartId + "'] canvas"), Duration.ofSeconds(30));
        return base;
    }
}
