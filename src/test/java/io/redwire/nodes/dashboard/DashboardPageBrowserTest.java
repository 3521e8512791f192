package io.redwire.nodes.dashboard;

import io.redwire.api.Settings;
import io.redwire.editor.EditorBrowser;
import io.redwire.embed.Server;
import io.redwire.flow.FlowFileReader;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page around the widgets in headless Chromium: the side navigation in page order, a Dashboard 1 flow's flex
 * layout, theme and templates, a phone-sized window, and a page that outlives a Redwire restart.
 */
class DashboardPageBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** A 0.1 s silent WAV file's bytes as a JSON array: 8 kHz, 8-bit, mono. */
    private static String wav() {
        int samples = 800;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(44 + samples).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put("RIFF".getBytes()).putInt(36 + samples).put("WAVE".getBytes()).put("fmt ".getBytes()).putInt(16)
                .putShort((short) 1).putShort((short) 1).putInt(8000).putInt(8000).putShort((short) 1)
                .putShort((short) 8).put("data".getBytes()).putInt(samples);
        for (int i = 0; i < samples; i++) {
            b.put((byte) 128);
        }
        StringBuilder json = new StringBuilder("[");
        for (byte x : b.array()) {
            json.append(json.length() > 1 ? "," : "").append(x & 0xff);
        }
        return json.append(']').toString();
    }

    private static void until(WebDriver d, Supplier<Boolean> test) {
        new WebDriverWait(d, WAIT).until(x -> test.get());
    }

    private static String text(WebDriver d, String css) {
        return d.findElement(By.cssSelector(css)).getText();
    }

    @Test
    void aDashboard1FlowHasSideNavigationInTabOrderItsThemeAndItsTemplatesOnDesktopAndPhone() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), Dashboard1FlowTest.flow())) {
            browser.leave();
            d.manage().window().setSize(new Dimension(1400, 900));
            d.get("http://127.0.0.1:" + kit.harness().port() + "/ui");
            browser.waitFor(By.cssSelector("nav.rw-nav a"), WAIT);
            assertEquals(List.of("More", "Home Page"), d.findElements(By.cssSelector("nav.rw-nav a")).stream()
                    .map(a -> a.getText()).toList(), "tabs by order");
            assertEquals("rgb(140, 45, 25)", browser.js("return getComputedStyle(document.querySelector('.rw-bar'))"
                    + ".backgroundColor;"), "ui_base's base colour");
            // the tab's Material Icons name "dashboard" is drawn with the font's glyph of another name
            assertEquals(List.of(true, true), browser.js("const i = document.querySelector(\"nav.rw-nav "
                    + "a[data-nav-id='tabHome'] i\"); const c = getComputedStyle(i, '::before').content;"
                    + " return [i.classList.contains('mdi-view-dashboard'), c !== 'none' && c !== '\"\"'];"));
            browser.waitFor(By.cssSelector("[data-widget-id='tplNg'] .rw-unsupported"), WAIT);
            assertTrue(text(d, "[data-widget-id='tplNg']").contains("AngularJS (ng-bind-html, scope.$watch)"));
            kit.receive("tplPlain", "{\"payload\":\"<i>world</i>\"}");
            until(d, () -> "Hello <i>world</i>".equals(text(d, "[data-widget-id='tplPlain'] p.note")));
            Number groupWidth = (Number) browser.js("return document.querySelector(\"[data-group-id='grpMore']\")"
                    + ".getBoundingClientRect().width;");
            assertEquals(4 * 320 / 6.0, groupWidth.doubleValue(), 2, "a 4-unit group on a flex page");

            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='tabHome']")).click();
            browser.waitFor(By.cssSelector("[data-group-id='grpCtl'] h2"), WAIT);
            assertTrue(d.getCurrentUrl().endsWith("/ui/home-page"), d.getCurrentUrl());
            assertTrue(d.findElement(By.cssSelector("nav.rw-nav")).isDisplayed(), "open beside the page when wide");

            d.manage().window().setSize(new Dimension(390, 844));
            until(d, () -> d.findElements(By.cssSelector("nav.rw-nav")).isEmpty());
            assertTrue((Boolean) browser.js("return document.documentElement.scrollWidth <= window.innerWidth;"));
            assertTrue(d.findElement(By.cssSelector("[data-widget-id='btn'] button")).isDisplayed());
            d.findElement(By.cssSelector("button.rw-menu")).click();
            browser.waitFor(By.cssSelector("nav.rw-nav a[data-nav-id='tabMore']"), WAIT).click();
            browser.waitFor(By.cssSelector("[data-widget-id='tplPlain']"), WAIT);
            until(d, () -> d.findElements(By.cssSelector("nav.rw-nav")).isEmpty());
            Number width = (Number) browser.js("return document.querySelector(\"[data-group-id='grpMore']\")"
                    + ".getBoundingClientRect().right;");
            assertTrue(width.doubleValue() <= 390, "the group fits the phone: " + width);
        } finally {
            d.manage().window().setSize(new Dimension(1400, 900));
        }
    }

    @Test
    void aDashboard1PageShowsFormatsPlaceholdersToastTitlesOpensLinksByTargetAndSpeaksOnItsTab() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        try (FlowKit kit = new FlowKit(Map.of(), Dashboard1FlowTest.drawnFlow())) {
            browser.leave();
            d.get("http://127.0.0.1:" + kit.harness().port() + "/ui");
            browser.waitFor(By.cssSelector("[data-widget-id='tf'] .rw-value"), WAIT);
            until(d, () -> "now °C in".equals(text(d, "[data-widget-id='tf'] .rw-value")));
            kit.receive("tf", "{\"payload\":21.5,\"where\":{\"room\":\"<b>hall</b>\"}}");
            // the format and the label bound as HTML, as Dashboard 1 binds them
            until(d, () -> "now 21.5 °C in hall".equals(text(d, "[data-widget-id='tf'] .rw-value")));
            assertEquals("hall", text(d, "[data-widget-id='tf'] .rw-value b"));
            assertEquals("Temp hall", text(d, "[data-widget-id='tf'] .rw-label"), "the label filled in too");
            assertEquals("hall", text(d, "[data-widget-id='tf'] .rw-label b"));
            assertEquals("Pick one", browser.js("return document.querySelector(\"[data-widget-id='dd'] select\")"
                    + ".selectedOptions[0].text;"), "the placeholder while nothing is chosen");
            assertEquals(true, browser.js("return document.querySelector(\"[data-widget-id='dd'] select\")"
                    + ".options[0].disabled;"), "and it is not a choice");
            // a multiple one: a closed field with the labels chosen (the placeholder for none), a list of checkboxes
            assertEquals("Pick some", text(d, "[data-widget-id='ddm'] .rw-multi-value"));
            d.findElement(By.cssSelector("[data-widget-id='ddm'] .rw-multi-value")).click();
            List<WebElement> boxes = d.findElements(By.cssSelector("[data-widget-id='ddm'] .rw-multi-list input"));
            boxes.get(1).click();
            assertEquals(List.of("b"), kit.await("dbg", e -> e.msg() != null && e.payload() instanceof List, 10)
                    .payload());
            boxes.get(0).click();
            assertEquals(List.of("b", "r"), kit.await("dbg", e -> e.msg() != null && e.payload() instanceof List, 10)
                    .payload(), "each change sends what is chosen");
            until(d, () -> "Red, Blue".equals(text(d, "[data-widget-id='ddm'] .rw-multi-value")));

            kit.receive("toast", "{\"payload\":\"hello\",\"topic\":\"ignored\"}");
            kit.receive("plain", "{\"payload\":\"there\",\"topic\":\"From the msg\",\"highlight\":\"red\","
                    + "\"className\":\"urgent\"}");
            until(d, () -> d.findElements(By.cssSelector(".rw-notification-title")).size() == 2);
            assertEquals(List.of("Heads up", "From the msg"), List.of(
                    text(d, "[data-widget-id='toast'] .rw-notification-title"),
                    text(d, "[data-widget-id='plain'] .rw-notification-title")), "the node's topic, else the msg's");
            assertEquals(List.of(true, "rgb(255, 0, 0)"), List.of(browser.js("return document.querySelector("
                    + "\"[data-widget-id='plain'] .rw-notification\").classList.contains('urgent');"),
                    browser.js("return getComputedStyle(document.querySelector(\"[data-widget-id='plain'] "
                            + ".rw-notification\")).borderTopColor;")), "the msg's className and highlight");
            kit.receive("quick", "{\"payload\":\"brief\",\"timeout\":0.2}");
            browser.waitFor(By.cssSelector("[data-widget-id='quick'] .rw-notification"), WAIT);
            new WebDriverWait(d, Duration.ofMillis(2500)).until(x -> x.findElements(
                    By.cssSelector("[data-widget-id='quick'] .rw-notification")).isEmpty()); // 3 s without timeout
            kit.receive("ask", "{\"payload\":\"sure?\",\"ok\":\"Yes please\"}");
            browser.waitFor(By.cssSelector("[data-widget-id='ask'] .rw-confirm"), WAIT);
            assertEquals(List.of("No", "Yes please"), d.findElements(By.cssSelector(
                    "[data-widget-id='ask'] .rw-notification-actions button")).stream().map(b -> b.getText()).toList());
            d.findElement(By.cssSelector("[data-widget-id='ask'] .rw-confirm")).click();
            // (the ui_ui_control reports to the same debug node)
            assertEquals("OK", kit.await("dbg", e -> e.msg() != null && !List.of("connect", "change")
                    .contains(e.payload()), 10).payload(),
                    "the node's ok text is the reply, as Dashboard 1's");

            assertEquals("Docs", d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='lnk']"))
                    .getDomAttribute("target"), "newtab: a window named after the link");
            // to this server: a window showing Chromium's error page (no network here) cannot be found by its name
            browser.js("document.querySelector(\"nav.rw-nav a[data-nav-id='lnk']\").href = '/ui/docs';");
            String page = d.getWindowHandle();
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='lnk']")).click();
            until(d, () -> d.getWindowHandles().size() == 2);
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='lnk']")).click();
            Thread.sleep(700); // time for a window the second click would open (it opens the first within ~100 ms)
            assertEquals(2, d.getWindowHandles().size(), "the second click reuses the link's window");
            for (String w : d.getWindowHandles()) {
                if (!w.equals(page)) {
                    d.switchTo().window(w).close();
                }
            }
            d.switchTo().window(page);
            assertEquals(null, d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='same']"))
                    .getDomAttribute("target"), "thistab");
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='frm']")).click();
            browser.waitFor(By.cssSelector("iframe.rw-frame"), WAIT);
            assertTrue(String.valueOf(browser.js("return document.querySelector('iframe.rw-frame').src;"))
                    .endsWith("/ui/framed"));
            assertTrue(d.findElements(By.cssSelector("main.rw-page")).isEmpty(), "in the page's place");
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='tab1']")).click();
            browser.waitFor(By.cssSelector("main.rw-page"), WAIT);
            assertTrue(d.findElements(By.cssSelector("iframe.rw-frame")).isEmpty(), "a page replaces the frame");

            // what the page would say, recorded (headless Chromium has no voices)
            browser.js("window.spoken = []; speechSynthesis.speak = (u) => window.spoken.push(u.text);");
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='tab2']")).click();
            browser.waitFor(By.cssSelector("[data-widget-id='o']"), WAIT);
            kit.receive("aud", "{\"payload\":\"its own tab\"}");
            kit.receive("sayAll", "{\"payload\":\"every tab\"}");
            until(d, () -> String.valueOf(browser.js("return window.spoken.join('|');")).contains("every tab"));
            Thread.sleep(300);
            assertEquals("every tab", browser.js("return window.spoken.join('|');"), "only always speaks on another tab");
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='tab1']")).click();
            browser.waitFor(By.cssSelector("[data-widget-id='t']"), WAIT);
            kit.receive("aud", "{\"payload\":\"home\"}");
            until(d, () -> String.valueOf(browser.js("return window.spoken.join('|');")).endsWith("home"));

            // Dashboard 1's msg.level (a percentage; one over 300 dropped) and the status the page reports
            browser.js("window.volumes = []; speechSynthesis.speak = (u) => { window.spoken.push(u.text); "
                    + "window.volumes.push(u.volume); setTimeout(() => u.onend(), 300); };");
            kit.receive("aud", "{\"payload\":\"quietly\",\"level\":50}");
            kit.awaitStatus("audSeen", "playing", 10);
            kit.await("audSeen", e -> e.msg() != null && e.msg().get("status") instanceof Map<?, ?> st
                    && !(st.get("text") instanceof String t && !t.isEmpty()), 10); // cleared once complete
            kit.receive("aud", "{\"payload\":\"loudly\",\"level\":400}");
            until(d, () -> String.valueOf(browser.js("return window.spoken.join('|');")).endsWith("loudly"));
            assertEquals(List.of(0.5, 1L), browser.js("return window.volumes;"), "level 50 %, then none");
            kit.awaitStatus("audSeen", "playing", 10); // "loudly"'s, so that the next is the Buffer's
            // a Buffer payload is played: a 0.1 s WAV (8 kHz, 8-bit mono) decoded by the page's AudioContext
            kit.receive("aud", "{\"payload\":{\"type\":\"Buffer\",\"data\":" + wav() + "}}");
            kit.awaitStatus("audSeen", "playing", 10);
            assertEquals(List.of("quietly", "loudly"), browser.js("return window.spoken.slice(-2);"), "not spoken");
        }
    }

    @Test
    void aPageReconnectsAfterRedwireRestartsAndGetsTheNewServersState() throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        Server first = server();
        int port = await(first.listen("127.0.0.1", 0));
        Server second = null;
        try {
            deploy(first, "before restart");
            browser.leave();
            d.get("http://127.0.0.1:" + port + "/dashboard");
            until(d, () -> !d.findElements(By.cssSelector("[data-widget-id='txt'] .rw-value")).isEmpty()
                    && "before restart".equals(text(d, "[data-widget-id='txt'] .rw-value")));
            await(first.close());
            browser.waitFor(By.cssSelector(".rw-offline"), WAIT);

            second = server();
            await(second.listen("127.0.0.1", port));
            deploy(second, "after restart");
            until(d, () -> d.findElements(By.cssSelector(".rw-offline")).isEmpty());
            until(d, () -> "after restart".equals(text(d, "[data-widget-id='txt'] .rw-value")));
            assertFalse(d.findElements(By.cssSelector("[data-widget-id='btn'] button")).isEmpty());
        } finally {
            if (second != null) {
                await(second.close());
            }
        }
    }

    private static Server server() {
        return new Server(new Settings(Map.of()), Path.of("protos"));
    }

    /** The widgets flow and an inject that sets the text widget once it has started. */
    private static void deploy(Server server, String text) throws Exception {
        String flow = DashboardNodesTest.FLOW.replaceFirst("]$", ",{\"id\":\"t1\",\"type\":\"tab\"},"
                + "{\"id\":\"once\",\"type\":\"inject\",\"z\":\"t1\",\"once\":true,\"onceDelay\":0.1,\"repeat\":\"\","
                + "\"props\":[{\"p\":\"payload\"}],\"payload\":\"" + text + "\",\"payloadType\":\"str\","
                + "\"wires\":[[\"txt\"]]}]");
        await(server.deploy(FlowFileReader.parse(flow, "restart test")));
    }

    private static <T> T await(io.vertx.core.Future<T> f) throws Exception {
        return f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }
}
