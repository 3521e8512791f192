package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.SideBySidePng;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chromium.ChromiumDriver;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The showcase flows (src/test/resources/parity/dashboard-showcase-flows.json: a page of Dashboard 2.0 groups with
 * buttons, text, inputs, slider, switch, dropdown, gauge, chart, table, progress and markdown;
 * dashboard1-showcase-flows.json: node-red-dashboard 3.6's widgets) in the real Node-RED 5.0.7 with its dashboard and
 * in Redwire, the same msgs injected into both: each page, at a desktop (1280 x 960) and a phone (390 x 844)
 * viewport, shows the injected texts alike, and the chart has drawn its canvas. With -Dredwire.screenshots=DIR each
 * pair is saved as DIR/dashboard{2,1}-{desktop,phone}.png, Node-RED's page left and Redwire's right
 * (scripts/dashboard-screenshots.sh, the pictures in docs/dashboard.md).
 */
class DashboardSideBySideTest {
    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final Map<String, Dimension> VIEWPORTS = Map.of(
            "desktop", new Dimension(1280, 960), "phone", new Dimension(390, 844));

    /** One engine's page: its URL, how a widget is found, and whose dashboard it is. */
    private record Side(String url, String widget) {
        By css(String id, String inner) {
            return By.cssSelector(String.format(widget, id) + (inner.isEmpty() ? "" : " " + inner));
        }
    }

    @Test
    void dashboard2ShowcaseShowsTheSameInjectedValuesInBoth() throws Exception {
        List<String> injects = List.of("injName", "injSld", "injSw", "injDd", "injTemp", "injState", "injGg", "injPg",
                "injTbl", "injMd", "injChart");
        compare("dashboard2", "parity/dashboard-showcase-flows.json", injects, "/dashboard/plant", "#nrdb-ui-widget-%s",
                "/dashboard/plant", List.of("txtTemp", "txtState", "tbl"));
    }

    @Test
    void dashboard1ShowcaseShowsTheSameInjectedValuesInBoth() throws Exception {
        List<String> injects = List.of("injName", "injSld", "injSw", "injDd", "injTemp", "injState", "injNum", "injGg",
                "injGgD", "injChart");
        compare("dashboard1", "parity/dashboard1-showcase-flows.json", injects, "/ui/", "[node-id='%s']", "/ui",
                List.of("txtTemp", "txtState"));
    }

    private static void compare(String name, String flowFile, List<String> injects, String theirPath,
                                String theirWidget, String ourPath, List<String> texts) throws Exception {
        String flow = Files.readString(Path.of("src/test/resources", flowFile));
        String dir = System.getProperty("redwire.screenshots");
        WebDriver d = EditorBrowser.shared().driver();
        try (ParityPair pair = ParityPair.deploy(name + "-shots", flow)) {
            Side theirs = new Side(pair.nodeRed().url(theirPath), theirWidget);
            Side ours = new Side(pair.redwire().url(ourPath), "[data-widget-id='%s']");
            for (String inject : injects) {
                post(pair.nodeRed().url("/inject/" + inject));
                post(pair.redwire().url("/inject/" + inject));
            }
            Thread.sleep(4000); // the Dashboard 1 flow's chart points arrive over 3 s
            for (Map.Entry<String, Dimension> viewport : VIEWPORTS.entrySet()) {
                Dimension size = viewport.getValue();
                // the page's own size, whatever the window's frame takes (a phone: a touch screen at that width)
                ((ChromiumDriver) d).executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width",
                        size.width, "height", size.height, "deviceScaleFactor", 1, "mobile", size.width < 600));
                Shot left = shoot(theirs, texts);
                Shot right = shoot(ours, texts);
                assertEquals(left.texts(), right.texts(), viewport.getKey());
                if (dir != null) {
                    Files.createDirectories(Path.of(dir));
                    SideBySidePng.write(left.png(), right.png(), Path.of(dir, name + "-" + viewport.getKey() + ".png"));
                }
            }
        } finally {
            ((ChromiumDriver) d).executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    /** One page as shot: the PNG and what its text widgets showed. */
    private record Shot(byte[] png, List<String> texts) {
    }

    /** Opens the side's page (the state replayed to a new page), waits for the texts and the chart, and shoots it. */
    private static Shot shoot(Side side, List<String> texts) throws Exception {
        WebDriver d = ParityPair.open(side.url(), String.format(side.widget(), "chart") + " canvas", WAIT);
        WebDriverWait wait = new WebDriverWait(d, WAIT);
        for (String id : texts) {
            wait.until(x -> !x.findElements(side.css(id, "")).isEmpty()
                    && x.findElement(side.css(id, "")).getText().matches("(?s).*(\\d|running).*"));
        }
        Thread.sleep(2500); // the charts' and gauges' entry animations
        // Dashboard 2.0's "App is offline ready" note (its service worker) would cover the widgets under it
        ((JavascriptExecutor) d).executeScript("document.querySelectorAll('body *').forEach(e => { if (getComputedStyle(e)"
                + ".position === 'fixed' && /offline ready/i.test(e.textContent)) { e.remove(); } });");
        // each text widget's words (label and value, in whatever order and layout the dashboard puts them)
        List<String> shown = texts.stream().map(id -> List.of(d.findElement(side.css(id, "")).getText().trim()
                .split("\\s+")).stream().sorted().toList().toString()).toList();
        return new Shot(((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES), shown);
    }
}
