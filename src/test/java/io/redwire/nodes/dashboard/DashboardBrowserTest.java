package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dashboard page in headless Chromium: real clicks and keys in, msgs at a debug node; injected msgs shown. */
class DashboardBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static String widget(String id) {
        return "[data-widget-id='" + id + "'] ";
    }

    private static void until(WebDriver d, Supplier<Boolean> test) {
        new WebDriverWait(d, WAIT).until(x -> test.get());
    }

    @Test
    void clicksKeysAndInjectedMsgsRoundTripThroughThePage() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), DashboardNodesTest.FLOW)) {
            browser.leave();
            d.manage().window().setSize(new Dimension(1400, 900));
            d.get("http://127.0.0.1:" + kit.harness().port() + "/dashboard");
            browser.waitFor(By.cssSelector(widget("btn") + "button"), WAIT);
            assertEquals("Controls", d.findElement(By.cssSelector("[data-group-id='grp'] h2")).getText());

            kit.receive("txt", "{\"payload\":\"hello\",\"ui_update\":{\"label\":\"Greeting\"}}");
            WebElement value = d.findElement(By.cssSelector(widget("txt") + ".rw-value"));
            until(d, () -> "hello".equals(value.getText()));
            assertEquals("Greeting", d.findElement(By.cssSelector(widget("txt") + ".rw-label")).getText());

            d.findElement(By.cssSelector(widget("btn") + "button")).click();
            FlowKit.Event pressed = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("pressed", pressed.payload());
            assertEquals("btn-topic", pressed.msg().get("topic"));
            assertEquals("click", ((Map<?, ?>) pressed.msg().get("_event")).get("type"));

            WebElement input = d.findElement(By.cssSelector(widget("inp") + "input"));
            input.sendKeys("Ada", Keys.ENTER);
            assertEquals("Ada", kit.await("dbg", e -> e.msg() != null, 10).payload());

            WebElement slider = d.findElement(By.cssSelector(widget("sld") + "input[type=range]"));
            slider.sendKeys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
            FlowKit.Event slid = kit.await("dbg", e -> e.msg() != null && Double.valueOf(3).equals(
                    e.payload() instanceof Number n ? n.doubleValue() : null), 10);
            assertEquals("level", slid.msg().get("topic"));

            d.findElement(By.cssSelector(widget("sw") + "input[role=switch]")).click();
            assertEquals("ON", kit.await("dbg", e -> e.msg() != null && "power".equals(e.msg().get("topic")), 10)
                    .payload());

            kit.receive("sld", "{\"payload\":8}");
            kit.receive("sw", "{\"payload\":\"OFF\"}");
            kit.receive("inp", "{\"payload\":\"Bob\"}");
            until(d, () -> "8".equals(slider.getDomProperty("value")));
            assertEquals("8", d.findElement(By.cssSelector(widget("sld") + ".rw-value")).getText());
            until(d, () -> !d.findElement(By.cssSelector(widget("sw") + "input")).isSelected());
            until(d, () -> "Bob".equals(input.getDomProperty("value")));

            kit.receive("cht", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"a\",\"payload\":3}");
            until(d, () -> Long.valueOf(2).equals(browser.js("const c = Chart.getChart(document.querySelector("
                    + "\"[data-widget-id='cht'] canvas\")); return c ? c.data.datasets[0]?.data.length : null;")));

            // a redeploy closes the page's socket: it reconnects and shows what comes next
            kit.deploy(DashboardNodesTest.FLOW);
            kit.receive("txt", "{\"payload\":\"after redeploy\"}");
            until(d, () -> "after redeploy".equals(d.findElement(By.cssSelector(widget("txt") + ".rw-value"))
                    .getText()));

            d.manage().window().setSize(new Dimension(390, 844));
            until(d, () -> (Boolean) browser.js("return document.documentElement.scrollWidth <= window.innerWidth;"));
            assertTrue(d.findElement(By.cssSelector(widget("btn") + "button")).isDisplayed());
        } finally {
            d.manage().window().setSize(new Dimension(1400, 900));
        }
    }
}
