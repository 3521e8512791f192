package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * flows/seed-dashboard.json deployed as it is (its HTTP call aimed at this server, its gRPC server on a free port,
 * sets of 30 calls instead of 1000 to be quick): both loops run and each set's time reaches the chart of the page in
 * Chromium as a point of its protocol's series. With -Dredwire.screenshots=DIR the page is saved as DIR/seed-dashboard.png.
 */
class SeedDashboardTest {
    @Test
    void eachSetsTimePerProtocolArrivesOnTheChart() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), "[]")) {
            String flow = Files.readString(Path.of("flows/seed-dashboard.json"))
                    .replace("http://localhost:1880/http", "http://127.0.0.1:" + kit.harness().port() + "/http")
                    .replace("\"port\": \"5001\"", "\"port\": \"" + Ports.free() + "\"")
                    .replace("\"v\": \"1000\"", "\"v\": \"30\"");
            kit.harness().deploy(flow);
            browser.leave();
            d.manage().window().setSize(new Dimension(1280, 800));
            d.get("http://127.0.0.1:" + kit.harness().port() + "/dashboard/seed");
            browser.waitFor(By.cssSelector("[data-widget-id='seeddash-chart'] canvas"), Duration.ofSeconds(30));
            String points = "const c = Chart.getChart(document.querySelector(\"[data-widget-id='seeddash-chart'] canvas\"));"
                    + " return c ? c.data.datasets.map(s => s.label + ':' + s.data.filter(p => p.y > 0).length) : [];";
            new WebDriverWait(d, Duration.ofSeconds(90)).until(x -> {
                List<?> series = (List<?>) browser.js(points);
                return series.size() == 2 && series.stream().allMatch(s -> !String.valueOf(s).endsWith(":0"))
                        && series.stream().anyMatch(s -> String.valueOf(s).matches("\\w+:[2-9]\\d*"));
            });
            List<?> series = (List<?>) browser.js(points);
            assertEquals(List.of("HTTP", "gRPC"), series.stream().map(s -> String.valueOf(s).split(":")[0]).sorted()
                    .toList(), String.valueOf(series));
            String lastHttp = d.findElement(By.cssSelector("[data-widget-id='seeddash-http-last'] .rw-value")).getText();
            assertTrue(lastHttp.matches("\\d+"), "the last HTTP set in ms: " + lastHttp);
            String dir = System.getProperty("redwire.screenshots");
            if (dir != null) {
                Files.createDirectories(Path.of(dir));
                Files.write(Path.of(dir, "seed-dashboard.png"), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
            }
        } finally {
            d.manage().window().setSize(new Dimension(1400, 900));
        }
    }
}
