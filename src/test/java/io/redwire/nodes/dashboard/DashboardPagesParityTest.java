package io.redwire.nodes.dashboard;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static io.redwire.nodes.dashboard.ParityMsgs.pointer;
import static io.redwire.nodes.dashboard.ParityMsgs.shape;
import static io.redwire.nodes.dashboard.ParityPage.js;
import static io.redwire.nodes.dashboard.ParityPage.strings;
import static io.redwire.nodes.dashboard.ParityPage.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * src/test/resources/parity/dashboard-pages-flows.json in the real Node-RED 5.0.7 + @flowfuse/node-red-dashboard
 * 1.31 and in Redwire, both pages in one headless Chromium: a tabs page's tabs and the widgets each tab shows, a
 * button's press, release and click msgs, the pages', the button's and an icon switch's icons, a dialog group opened
 * and closed by ui-control, a notebook page's groups (stacked, as wide as each other, the page at most 1024 px, a
 * height-4 group at least 4 rows tall) and a flex page's group (its width, its height). What is compared is what
 * each DOM says (the tab roles, the widgets shown, the boxes), never pixels.
 */
class DashboardPagesParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void layoutsDialogsAndButtonPointerEventsBehaveAsTheRealDashboard() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard-pages-flows.json"));
        try (ParityPair pair = ParityPair.deploy("dash-pages", flow)) {
            List<String> theirs = drive(new RealDashboardPage(), pair.nodeRed().url(""),
                    new DebugStream(pair.theirComms()));
            List<String> ours = drive(new RedwireDashboardPage(), pair.redwire().url(""),
                    new DebugStream(pair.ourComms()));
            assertEquals(String.join("\n", theirs), String.join("\n", ours));
        }
    }

    private static List<String> drive(ParityPage page, String base, DebugStream debug) throws Exception {
        WebDriver d = ParityPair.open(base + "/dashboard/tabs", page.widget("btnP") + " button", WAIT);
        List<String> seen = new ArrayList<>();
        seen.add("tabs " + strings("return [...document.querySelectorAll('[role=tab]')].map(t => t.textContent.trim());"));
        until(d, () -> shownWidgets().contains("btnP"));
        seen.add("first tab shows " + shownWidgets());

        seen.add("navigation icons " + strings("return [...document.querySelectorAll('[data-nav] .v-icon, nav.rw-nav a i')]"
                + ".map((i) => [...i.classList].find((c) => c.startsWith('mdi-')));"));
        seen.add("button icon " + js("const b = document.querySelector(arguments[0]);"
                + " const i = [...b.querySelectorAll('i')].find((e) => [...e.classList].some((c) => c.startsWith('mdi-')));"
                + " const label = [...b.querySelectorAll('span')].find((e) => e.textContent.trim() === 'Hold');"
                + " return [...i.classList].find((c) => c.startsWith('mdi-')) + ' ' + getComputedStyle(i).color"
                + " + ', after the label ' + (i.getBoundingClientRect().left >= label.getBoundingClientRect().right - 1);",
                page.widget("btnP") + " button"));

        WebElement button = page.in(d, "btnP", "button");
        new Actions(d).clickAndHold(button).perform();
        seen.add("press: " + pressed(debug.next("dbg", 20)));
        new Actions(d).release().perform();
        seen.add("release: " + pressed(debug.next("dbg", 20)));
        seen.add("then: " + pressed(debug.next("dbg", 20)));

        seen.add("switch icon " + lampIcon(page));
        page.in(d, "lamp", "button").click();
        seen.add("switch: " + shape(debug.next("dbg", 20)));
        until(d, () -> lampIcon(page).contains("mdi-lightbulb-on"));
        seen.add("switch icon then " + lampIcon(page));

        post(base + "/inject/injShowDlg");
        until(d, () -> shownWidgets().contains("tD"));
        seen.add("dialog shown: " + shownWidgets() + " control " + control(debug));
        post(base + "/inject/injHideDlg");
        until(d, () -> !shownWidgets().contains("tD"));
        seen.add("dialog hidden: " + shownWidgets() + " control " + control(debug));

        d.findElements(By.cssSelector("[role=tab]")).get(1).click();
        until(d, () -> shownWidgets().contains("tB") && !shownWidgets().contains("tA"));
        seen.add("second tab shows " + shownWidgets());

        post(base + "/inject/injGoNote");
        until(d, () -> shownWidgets().contains("tN2"));
        seen.add("notebook " + js("const box = (id) => document.querySelector(arguments[0].replace('%s', id))"
                + ".closest(arguments[1]).getBoundingClientRect();"
                + " const tall = box('tN1'), wide = box('tN2');"
                + " return 'stacked ' + (wide.top >= tall.bottom) + ', as wide ' + (Math.abs(tall.width - wide.width) < 2)"
                + " + ', at most 1024 ' + (wide.width <= 1024) + ', tall ' + (tall.height >= 4 * 48)"
                + " + ', wide ' + (wide.height >= 4 * 48);", page.widget("%s"), page.group()));

        post(base + "/inject/injGoFlex");
        until(d, () -> shownWidgets().contains("tF"));
        seen.add("flex group " + js("const g = document.querySelector(arguments[0]).closest(arguments[1])"
                + ".getBoundingClientRect(); return Math.round(g.width) + ' px wide, tall ' + (g.height >= 4 * 48);",
                page.widget("tF"), page.group()));
        return seen;
    }

    /** The ids of the widgets shown (laid out, not hidden), sorted: Dashboard 2.0's by element id, Redwire's by data. */
    private static List<String> shownWidgets() {
        try {
            return strings("return [...document.querySelectorAll(\"[id^='nrdb-ui-widget-'], [data-widget-id]\")]"
                    + ".filter((w) => w.offsetParent !== null && w.getBoundingClientRect().height > 0)"
                    + ".map((w) => w.dataset.widgetId || w.id.slice('nrdb-ui-widget-'.length)).sort();");
        } catch (Exception e) {
            return List.of();
        }
    }

    /** The icon the switch "lamp" shows and its colour. */
    private static String lampIcon(ParityPage page) {
        try {
            return (String) js("const i = document.querySelector(arguments[0]);"
                    + " return [...i.classList].find((c) => c.startsWith('mdi-')) + ' ' + getComputedStyle(i).color;",
                    page.widget("lamp") + " button i");
        } catch (Exception e) {
            return "";
        }
    }

    /** ui-control's next msg but its page events (connect, lost, change), which come as pages open and go. */
    private static String control(DebugStream debug) throws Exception {
        return ParityMsgs.control(debug, "dbgCtl", List.of("connect", "lost", "change"));
    }

    /** A button's msg: its shape and its {@code _event}'s type and keys. */
    private static String pressed(Map<?, ?> m) {
        return shape(m) + " _event " + pointer(m);
    }
}
