package io.redwire.reliab;

import io.redwire.editor.EditorBrowser;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chromium.ChromiumDriver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One of DashboardBench's pages as a real headless Chromium tab rendering the chart: the page's own client gets the
 * frames, parses them and draws the chart; a counter hooked in front of the page's socket counts the chart points
 * that reached it, and the newest point the chart holds tells how far its drawing trails.
 */
final class DashboardBrowserPage {
    // counts the chart points of the msg frames reaching the page's socket, as DashboardPageClient counts them
    private static final String COUNTER = "window.__rwPoints = 0; const Native = window.WebSocket;"
            + " window.WebSocket = function (...a) { const s = new Native(...a);"
            + " s.addEventListener('message', (e) => { const f = JSON.parse(e.data); const p = f.msg && f.msg._datapoint;"
            + " if (f.type === 'msg' && p) { window.__rwPoints += Array.isArray(p) ? p.length : 1; } }); return s; };"
            + " window.WebSocket.prototype = Native.prototype; Object.assign(window.WebSocket, Native);";
    private final WebDriver driver;

    private DashboardBrowserPage(WebDriver driver) {
        this.driver = driver;
    }

    static boolean available() {
        return Files.isExecutable(Path.of("/usr/bin/chromium")) && Files.isExecutable(Path.of("/usr/bin/chromedriver"));
    }

    static DashboardBrowserPage open(String url, String chartCss) throws Exception {
        WebDriver d = EditorBrowser.shared().driver();
        ((ChromiumDriver) d).executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", COUNTER));
        d.get(url);
        EditorBrowser.shared().waitFor(By.cssSelector(chartCss + " canvas"), Duration.ofSeconds(60));
        return new DashboardBrowserPage(d);
    }

    long points() {
        return ((Number) js("return window.__rwPoints;")).longValue();
    }

    /** Seconds between now and the newest point the page's chart holds (how far its drawing trails the flow). */
    double newestPointAge(String chartCss) {
        Object age = js("const c = Chart.getChart(document.querySelector(arguments[0] + ' canvas'));"
                + " const xs = c.data.datasets.flatMap(s => s.data.length ? [s.data[s.data.length - 1].x] : []);"
                + " return (Date.now() - Math.max(...xs)) / 1000;", chartCss);
        return ((Number) age).doubleValue();
    }

    /** The points each series of the page's chart holds now. */
    List<?> held(String chartCss) {
        return (List<?>) js("return Chart.getChart(document.querySelector(arguments[0] + ' canvas')).data.datasets"
                + ".map(s => s.data.length);", chartCss);
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }
}
