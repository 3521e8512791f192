package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The showcase page (src/test/resources/parity/dashboard-showcase-flows.json) in Chromium, laid out as Dashboard 2.0
 * lays it out where the side-by-side screenshots showed Redwire's page apart: groups in one row keep their own
 * height, a half gauge's value sits right under its arc, and a switch is drawn as a sliding toggle.
 */
class DashboardLayoutBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void groupsKeepTheirHeightTheGaugeValueSitsUnderItsArcAndTheSwitchIsAToggle() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard-showcase-flows.json"));
        try (FlowKit kit = new FlowKit(Map.of(), flow)) {
            String base = "http://127.0.0.1:" + kit.harness().port();
            for (String inject : List.of("injSw", "injGg", "injTemp", "injState", "injPg")) {
                post(base + "/inject/" + inject);
            }
            browser.leave();
            d.manage().window().setSize(new Dimension(1280, 900));
            d.get(base + "/dashboard/plant");
            new WebDriverWait(d, WAIT).until(x -> "6.8".equals(x.findElement(By.cssSelector(
                    "[data-widget-id='gg'] .rw-value")).getText()));
            Number controls = (Number) browser.js("return document.querySelector(\"[data-group-id='gCtl']\")"
                    + ".getBoundingClientRect().height;");
            Number readings = (Number) browser.js("return document.querySelector(\"[data-group-id='gRead']\")"
                    + ".getBoundingClientRect().height;");
            assertTrue(controls.doubleValue() < readings.doubleValue() - 40,
                    "Controls (" + controls + " px) is not stretched to Readings' height (" + readings + " px)");
            Number gap = (Number) browser.js("const g = document.querySelector(\"[data-widget-id='gg']\");"
                    + " const arcs = Math.max(...[...g.querySelectorAll('svg path')].map(p => p.getBoundingClientRect().bottom));"
                    + " return g.querySelector('.rw-value').getBoundingClientRect().top - arcs;");
            assertTrue(gap.doubleValue() < 30, "the value is " + gap + " px under the half gauge's arc");
            String toggle = "document.querySelector(\"[data-widget-id='sw'] input[role=switch]\")";
            // the toggle's colour eases in: read it once its transition has ended (a loaded machine read it halfway)
            new WebDriverWait(d, WAIT).until(x -> Boolean.TRUE.equals(
                    browser.js("return " + toggle + ".getAnimations().length === 0;")));
            assertEquals(List.of("none", "rgb(0, 148, 206)"), browser.js("const s = getComputedStyle(" + toggle + ");"
                    + " return [s.appearance, s.backgroundColor];"), "a toggle in the theme's primary colour when on");
        } finally {
            d.manage().window().setSize(new Dimension(1400, 900));
        }
    }
}
