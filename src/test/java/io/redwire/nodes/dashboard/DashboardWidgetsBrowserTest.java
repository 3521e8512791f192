package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The widgets beyond the first six on Redwire's page in headless Chromium: real clicks in, msgs out, msgs shown. */
class DashboardWidgetsBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static String widget(String id) {
        return "[data-widget-id='" + id + "'] ";
    }

    private static void until(WebDriver d, Supplier<Boolean> test) {
        new WebDriverWait(d, WAIT).until(x -> test.get());
    }

    private static String text(WebDriver d, String css) {
        List<org.openqa.selenium.WebElement> found = d.findElements(By.cssSelector(css));
        return found.isEmpty() ? null : found.get(0).getText();
    }

    @Test
    void everyWidgetTakesClicksAndShowsMsgs() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), DashboardWidgetsTest.FLOW)) {
            browser.leave();
            d.manage().window().setSize(new Dimension(1400, 900));
            d.get("http://127.0.0.1:" + kit.harness().port() + "/dashboard/home");
            browser.waitFor(By.cssSelector(widget("bg") + "button"), WAIT);
            kit.await("dbg", e -> e.msg() != null && "$pageview".equals(e.msg().get("topic")), 10);
            assertEquals("https://example.org", d.findElement(By.cssSelector("[data-nav-id='lnk']")).getAttribute("href")
                    .replaceAll("/$", ""));

            d.findElements(By.cssSelector(widget("bg") + "button")).get(0).click();
            FlowKit.Event one = kit.await("dbg", e -> e.msg() != null && "mode".equals(e.msg().get("topic")), 10);
            assertEquals(1, ((Number) one.payload()).intValue());
            until(d, () -> "true".equals(d.findElements(By.cssSelector(widget("bg") + "button")).get(0)
                    .getAttribute("aria-pressed")));

            d.findElement(By.cssSelector(widget("num") + "input")).sendKeys("7", Keys.ENTER);
            FlowKit.Event n = kit.await("dbg", e -> e.msg() != null && "n".equals(e.msg().get("topic")), 10);
            assertEquals(7, ((Number) n.payload()).intValue());

            new Select(d.findElement(By.cssSelector(widget("dd") + "select"))).selectByVisibleText("Blue");
            assertEquals("b", kit.await("dbg", e -> e.msg() != null && "colour".equals(e.msg().get("topic")), 10)
                    .payload());
            d.findElements(By.cssSelector(widget("rg") + "input[type=radio]")).get(1).click();
            assertEquals(2, ((Number) kit.await("dbg", e -> e.msg() != null && "level".equals(e.msg().get("topic")),
                    10).payload()).intValue());

            d.findElement(By.cssSelector(widget("frm") + "[data-key='name'] input")).sendKeys("Ada");
            d.findElement(By.cssSelector(widget("frm") + "button.rw-submit")).click();
            FlowKit.Event form = kit.await("dbg", e -> e.msg() != null && "submit".equals(e.msg().get("_event")), 10);
            assertEquals(Map.of("name", "Ada"), form.payload());
            until(d, () -> "".equals(d.findElement(By.cssSelector(widget("frm") + "[data-key='name'] input"))
                    .getDomProperty("value")));

            kit.receive("tbl", "{\"payload\":[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"}]}");
            until(d, () -> d.findElements(By.cssSelector(widget("tbl") + "tbody tr")).size() == 2);
            assertEquals("id name", d.findElement(By.cssSelector(widget("tbl") + "thead tr")).getText());
            d.findElements(By.cssSelector(widget("tbl") + "tbody tr")).get(1).click();
            FlowKit.Event row = kit.await("dbg", e -> e.msg() != null && "row_click".equals(e.msg().get("action")), 10);
            assertEquals(Map.of("id", 2, "name", "b"), row.payload());

            kit.receive("gg", "{\"payload\":{\"v\":6}}");
            kit.receive("md", "{\"payload\":\"shown in markdown\"}");
            kit.receive("pg", "{\"payload\":40}");
            kit.receive("tpl", "{\"payload\":\"in the template\"}");
            until(d, () -> "6".equals(text(d, widget("gg") + ".rw-value")));
            until(d, () -> "Value: shown in markdown".equals(text(d, widget("md") + "p")));
            assertEquals("Title", text(d, widget("md") + "h1"));
            until(d, () -> "40%".equals(text(d, widget("pg") + ".rw-value")));
            until(d, () -> "in the template".equals(text(d, widget("tpl") + ".shown")));
            d.findElement(By.cssSelector(widget("tpl") + "button.tb")).click();
            FlowKit.Event sent = kit.await("dbg", e -> e.msg() != null && "from the page".equals(e.payload()), 10);
            assertEquals(Map.of("sourceId", "tpl", "templateId", "tpl"), sent.msg().get("_dashboard"),
                    "the template's send marks its msg as 1.31's does");

            kit.receive("note", "{\"payload\":\"Hello there\"}");
            until(d, () -> "Hello there".equals(text(d, widget("note") + ".rw-notification-text")));
            d.findElement(By.cssSelector(widget("note") + "button.rw-dismiss")).click();
            kit.await("dbg", e -> e.msg() != null && "dismiss_clicked".equals(e.payload()), 10);
            until(d, () -> d.findElements(By.cssSelector(widget("note") + ".rw-notification")).isEmpty());

            kit.receive("bar", "{\"topic\":\"s\",\"payload\":{\"name\":\"apples\",\"value\":3}}",
                    "{\"topic\":\"s\",\"payload\":{\"name\":\"pears\",\"value\":5}}");
            until(d, () -> "apples,pears".equals(browser.js("const c = Chart.getChart(document.querySelector("
                    + "\"[data-widget-id='bar'] canvas\")); return c ? c.data.labels.join() : null;")));

            kit.receive("ctl", "{\"payload\":{\"groups\":{\"hide\":[\"Home:G\"]}}}");
            until(d, () -> d.findElements(By.cssSelector("[data-group-id='grp']")).isEmpty());
            kit.receive("ctl", "{\"payload\":{\"page\":\"Other\"}}");
            until(d, () -> d.getCurrentUrl().endsWith("/dashboard/other"));
            // the page opened first was reported too ({payload: "change", tab: 0, name: "Home"}), as Dashboard 2.0 does
            FlowKit.Event change = kit.await("dbg", e -> e.msg() != null && "change".equals(e.payload())
                    && "Other".equals(e.msg().get("name")), 10);
            assertEquals(1, ((Number) change.msg().get("tab")).intValue());
            assertTrue(kit.await("dbg", e -> e.msg() != null && "$pageleave".equals(e.msg().get("topic")), 10)
                    .msg().get("payload") instanceof Map<?, ?>);
        }
    }
}
