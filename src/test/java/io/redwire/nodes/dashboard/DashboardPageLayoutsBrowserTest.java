package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dashboard 2.0's page layouts and group kinds on Redwire's page in Chromium (test resource
 * dashboard-pages-flow.json): the tabs layout (a tab per shown group, one group at a time across the page), the
 * notebook layout (groups one under the other, at most 1024 px, centred), group heights (a minimum on flex and
 * notebook pages only), dialog groups opened and closed by ui-control, ui-button's press and release msgs, and
 * the icons (page icons in the navigation, the "icon" navigation style, a button's icon) in the icon font.
 */
class DashboardPageLayoutsBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final EditorBrowser browser;
    private final WebDriver d;

    DashboardPageLayoutsBrowserTest() throws Exception {
        browser = EditorBrowser.shared();
        d = browser.driver();
    }

    @AfterEach
    void restoreWindow() {
        d.manage().window().setSize(new Dimension(1400, 900));
    }

    private static String flow() throws Exception {
        return Files.readString(Path.of("src/test/resources/dashboard-pages-flow.json"));
    }

    private static FlowKit kit() throws Exception {
        return new FlowKit(Map.of(), flow());
    }

    private void open(FlowKit kit, String page) {
        browser.leave();
        d.manage().window().setSize(new Dimension(1400, 900));
        d.get("http://127.0.0.1:" + kit.harness().port() + "/dashboard/" + page);
        browser.waitFor(By.cssSelector("main.rw-page [data-group-id]"), WAIT);
    }

    private void until(Supplier<Boolean> test) {
        new WebDriverWait(d, WAIT).until(x -> test.get());
    }

    private List<String> groupsShown() {
        return d.findElements(By.cssSelector("main.rw-page .rw-group")).stream()
                .map(g -> g.getAttribute("data-group-id")).toList();
    }

    /** A box of the element {@code css} selects: left, top, width, height, bottom, right (px). */
    @SuppressWarnings("unchecked")
    private Map<String, Number> box(String css) {
        return (Map<String, Number>) browser.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                + " return {left: r.left, top: r.top, width: r.width, height: r.height, bottom: r.bottom, right: r.right};",
                css);
    }

    private double px(String css, String side) {
        return box(css).get(side).doubleValue();
    }

    /** How many columns a group's grid has. */
    private long columns(String groupId) {
        return ((Number) browser.js("return getComputedStyle(document.querySelector(\"[data-group-id='\" + arguments[0]"
                + " + \"']\")).gridTemplateColumns.split(' ').length;", groupId)).longValue();
    }

    @Test
    void aTabsPageShowsOneTabPerShownGroupAndTheChosenGroupAcrossThePage() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            assertEquals(List.of("Alpha", "Beta"), browser.js("return [...document.querySelectorAll('[role=tab]')]"
                    + ".map(t => t.textContent);"), "by order, without the hidden group and the dialog");
            assertEquals(List.of("gAlpha"), groupsShown(), "the first tab's group only");
            assertEquals("true", d.findElement(By.cssSelector("[data-tab-id='gAlpha']")).getAttribute("aria-selected"));
            assertTrue(d.findElements(By.cssSelector("[data-group-id='gAlpha'] h2")).isEmpty(), "the tab is its title");
            double page = ((Number) browser.js("const m = document.querySelector('main.rw-page');"
                    + " const s = getComputedStyle(m); return m.clientWidth - parseFloat(s.paddingLeft)"
                    + " - parseFloat(s.paddingRight);")).doubleValue();
            assertEquals(page, px("[data-group-id='gAlpha']", "width"), 1, "a 4-column group spans the whole page");
            assertEquals(4, columns("gAlpha"), "its width is the number of columns inside it");
            assertEquals(px("[data-widget-id='tA']", "top"), px("[data-widget-id='tA2']", "top"), 1,
                    "two 2-column widgets side by side");

            d.findElement(By.cssSelector("[data-tab-id='gBeta']")).click();
            until(() -> List.of("gBeta").equals(groupsShown()));
            assertEquals(12, columns("gBeta"));
            assertEquals("false", d.findElement(By.cssSelector("[data-tab-id='gAlpha']")).getAttribute("aria-selected"));

            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='pNote']")).click();
            until(() -> groupsShown().contains("nTall"));
            d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='pTabs']")).click();
            until(() -> List.of("gAlpha").equals(groupsShown()));
        }
    }

    @Test
    void aNotebookPageStacksItsGroupsCentredAtMost1024WideAndGroupHeightsHoldOnFlexAndNotebookOnly()
            throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "notebook");
            Map<String, Number> page = box("main.rw-page");
            assertEquals(1024, page.get("width").doubleValue(), 1, "the notebook is at most 1024 px wide");
            double navRight = px("nav.rw-nav", "right");
            double window = ((Number) browser.js("return document.documentElement.clientWidth;")).doubleValue();
            assertEquals((navRight + window) / 2, (page.get("left").doubleValue() + page.get("right").doubleValue())
                    / 2, 12, "and centred in the space beside the navigation");
            assertTrue(px("[data-group-id='nWide']", "top") >= px("[data-group-id='nTall']", "bottom"),
                    "groups one under the other");
            assertEquals(px("[data-group-id='nTall']", "width"), px("[data-group-id='nWide']", "width"), 1,
                    "each the notebook's width, whatever its own");
            assertEquals(6, columns("nTall"));
            assertEquals(12, columns("nWide"));
            assertTrue(px("[data-group-id='nTall']", "height") >= 4 * 48, "a group of height 4 is 4 rows tall");
            assertTrue(px("[data-group-id='nWide']", "height") < 4 * 48);

            d.manage().window().setSize(new Dimension(700, 900));
            until(() -> columns("nWide") == 6); // the Tablet breakpoint's 6 columns bound a 12-wide group

            open(kit, "flex");
            assertTrue(px("[data-group-id='fTall']", "height") >= 4 * 48, "on a flex page too");
            assertEquals(6 * 2 * 48, px("[data-group-id='fTall']", "width"), 1,
                    "a flex group is two rows wide a unit of its width, as in Dashboard 2.0 1.31");
            open(kit, "grid");
            assertTrue(px("[data-group-id='gTall']", "height") < 3 * 48,
                    "a grid page's group is only as tall as its widgets, as in Dashboard 2.0");
        }
    }

    @Test
    void uiControlOpensAndClosesADialogGroupWhichItsCloseButtonEscapeAndTheScrimCloseToo() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            assertTrue(d.findElements(By.cssSelector("[data-group-id='gDlg']")).isEmpty(), "a dialog starts closed");
            String show = "{\"payload\":{\"groups\":{\"show\":[\"Tabs:Settings\"]}}}";
            kit.receive("ctl", show);
            WebElement dialog = browser.waitFor(By.cssSelector(".rw-dialog[role=dialog] [data-group-id='gDlg']"), WAIT);
            assertEquals("Settings", dialog.findElement(By.tagName("h2")).getText());
            assertTrue(d.findElement(By.cssSelector("[data-widget-id='tD']")).isDisplayed());
            assertEquals(0.5, px(".rw-dialog", "width") / px(".rw-dialog-scrim", "width"), 0.05,
                    "a 6-column dialog is half the window wide");
            assertEquals(List.of("gAlpha"), groupsShown(), "the page's own groups stay as they were");

            kit.receive("ctl", "{\"payload\":{\"groups\":{\"hide\":[\"Settings\"]}}}");
            until(() -> d.findElements(By.cssSelector(".rw-dialog")).isEmpty());

            kit.receive("ctl", show);
            browser.waitFor(By.cssSelector(".rw-dialog-close"), WAIT).click();
            until(() -> d.findElements(By.cssSelector(".rw-dialog")).isEmpty());

            kit.receive("ctl", show);
            browser.waitFor(By.cssSelector(".rw-dialog"), WAIT);
            new Actions(d).sendKeys(Keys.ESCAPE).perform();
            until(() -> d.findElements(By.cssSelector(".rw-dialog")).isEmpty());

            kit.receive("ctl", show);
            browser.waitFor(By.cssSelector(".rw-dialog"), WAIT);
            WebElement scrim = d.findElement(By.cssSelector(".rw-dialog-scrim"));
            // beside the dialog: near the scrim's top left corner (the offset is from its centre)
            new Actions(d).moveToElement(scrim, 10 - scrim.getSize().width / 2, 10 - scrim.getSize().height / 2)
                    .click().perform();
            until(() -> d.findElements(By.cssSelector(".rw-dialog")).isEmpty());
        }
    }

    @Test
    void aButtonWithPointerEventsSendsItsPressReleaseAndClickPayloads() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            WebElement button = browser.waitFor(By.cssSelector("[data-widget-id='btnP'] button"), WAIT);
            new Actions(d).clickAndHold(button).perform();
            FlowKit.Event down = kit.await("dbg", e -> e.msg() != null && "hold".equals(e.msg().get("topic")), 10);
            assertEquals(1, ((Number) down.payload()).intValue(), "pointerdownPayload, a number");
            assertEquals("pointerdown", ((Map<?, ?>) down.msg().get("_event")).get("type"));
            new Actions(d).release().perform();
            FlowKit.Event up = kit.await("dbg", e -> e.msg() != null && "hold".equals(e.msg().get("topic")), 10);
            assertEquals("released", up.payload());
            assertEquals("pointerup", ((Map<?, ?>) up.msg().get("_event")).get("type"));
            FlowKit.Event click = kit.await("dbg", e -> e.msg() != null && "hold".equals(e.msg().get("topic")), 10);
            assertEquals("clicked", click.payload());
            assertEquals(Map.of("type", "click"), Map.of("type", ((Map<?, ?>) click.msg().get("_event")).get("type")));
            assertTrue(((Map<?, ?>) click.msg().get("_event")).keySet().containsAll(List.of("clientX", "clientY", "bbox")));
        }
    }

    /** What an icon element draws: its classes, its glyph (the ::before content), colour and width, its font's state. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> glyph(String css) {
        browser.js("return document.fonts.ready.then(() => true);");
        return (Map<String, Object>) browser.js("const i = document.querySelector(arguments[0]);"
                + " const b = getComputedStyle(i, '::before');"
                + " return {cls: i.className, content: b.content, color: getComputedStyle(i).color,"
                + " width: i.getBoundingClientRect().width,"
                + " loaded: [...document.fonts].some(f => f.family.includes('Material Design Icons') && f.status === 'loaded')};",
                css);
    }

    @Test
    void pagesAndButtonsShowTheirIconsFromTheIconFont() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            assertEquals(List.of("mdi mdi-tab", "mdi mdi-notebook", "mdi mdi-home", "mdi mdi-view-dashboard"),
                    browser.js("return [...document.querySelectorAll('nav.rw-nav a i')].map(i => i.className);"),
                    "each page's icon, mdi- or not, and home for a page without one");
            until(() -> Boolean.TRUE.equals(glyph("nav.rw-nav a[data-nav-id='pGrid'] i").get("loaded")));
            Map<String, Object> home = glyph("nav.rw-nav a[data-nav-id='pGrid'] i");
            assertEquals("\"\\F02DC\"", home.get("content").toString().replace("\uDB80\uDEDC", "\\F02DC"),
                    "the font's home glyph");
            assertTrue(((Number) home.get("width")).doubleValue() > 10, "drawn: " + home);
            assertEquals("Grid", d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='pGrid']")).getText());

            Map<String, Object> tap = glyph("[data-widget-id='btnP'] button i");
            assertEquals("mdi mdi-gesture-tap", tap.get("cls"));
            assertEquals("rgb(255, 0, 0)", tap.get("color"), "in iconColor");
            assertTrue(px("[data-widget-id='btnP'] button i", "left") > px("[data-widget-id='btnP'] button span", "right"),
                    "iconPosition right: after the label");
            kit.receive("btnP", "{\"ui_update\":{\"icon\":\"mdi-home\",\"iconPosition\":\"left\"}}");
            until(() -> "mdi mdi-home".equals(glyph("[data-widget-id='btnP'] button i").get("cls")));
            assertTrue(px("[data-widget-id='btnP'] button i", "right") < px("[data-widget-id='btnP'] button span", "left"));
        }
    }

    @Test
    void aSwitchWithOnAndOffIconsShowsTheIconOfItsStateInItsColour() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            String lamp = "[data-widget-id='lamp'] button[role=switch]";
            browser.waitFor(By.cssSelector(lamp), WAIT);
            assertTrue(d.findElements(By.cssSelector("[data-widget-id='lamp'] input")).isEmpty(), "no toggle");
            Map<String, Object> off = glyph(lamp + " i");
            assertEquals(List.of("mdi mdi-lightbulb-off", "rgb(0, 0, 255)"), List.of(off.get("cls"), off.get("color")));
            d.findElement(By.cssSelector(lamp)).click();
            FlowKit.Event on = kit.await("dbg", e -> e.msg() != null && "lamp".equals(e.msg().get("topic")), 10);
            assertEquals(true, on.payload());
            until(() -> "mdi mdi-lightbulb-on".equals(glyph(lamp + " i").get("cls")));
            assertEquals("rgb(0, 255, 0)", glyph(lamp + " i").get("color"));
            assertEquals("true", d.findElement(By.cssSelector(lamp)).getDomAttribute("aria-checked"));
            kit.receive("lamp", "{\"payload\":false}");
            until(() -> "mdi mdi-lightbulb-off".equals(glyph(lamp + " i").get("cls")));
        }
    }

    @Test
    void inputsShowTheirIconOnTheirSideWithinOrBesideTheirBorderAndADialGaugeBesideItsUnits() throws Exception {
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            d.findElement(By.cssSelector("[data-tab-id='gBeta']")).click();
            String find = "[data-widget-id='find'] ";
            browser.waitFor(By.cssSelector(find + "input"), WAIT);
            assertEquals("mdi mdi-magnify", glyph(find + "i").get("cls"));
            assertTrue(px(find + "i", "right") <= px(find + "input", "left"), "left of the field");
            assertEquals("0px", browser.js("return getComputedStyle(document.querySelector(arguments[0])).borderTopWidth;",
                    find + "input"), "inside: the border is around the icon and the field together");
            assertEquals("1px", browser.js("return getComputedStyle(document.querySelector(arguments[0])).borderTopWidth;",
                    find + ".rw-iconned"));
            String temp = "[data-widget-id='temp'] ";
            assertEquals("mdi mdi-thermometer", glyph(temp + "i").get("cls"));
            assertTrue(px(temp + "i", "left") >= px(temp + "input", "right"), "right of the field");
            assertEquals("1px", browser.js("return getComputedStyle(document.querySelector(arguments[0])).borderTopWidth;",
                    temp + "input"), "outside: the field keeps its own border");
            String upl = "[data-widget-id='upl'] ";
            assertEquals("mdi mdi-paperclip", glyph(upl + "i").get("cls"));
            assertTrue(px(upl + "i", "right") <= px(upl + "input", "left"), "a file input's icon: left, outside");
            assertEquals(List.of("mdi mdi-thermometer", "units"), browser.js("const u = document.querySelector(arguments[0]);"
                    + " return [u.querySelector('i').className, u.textContent];", "[data-widget-id='dial'] .rw-units"),
                    "a dial gauge's icon before its units");
            d.findElement(By.cssSelector(find + "input")).sendKeys("abc", Keys.ENTER);
            assertEquals("abc", kit.await("dbg", e -> e.msg() != null && "find".equals(e.msg().get("topic")), 10)
                    .payload(), "the field works as before");
        }
    }

    @Test
    void theDashboardsAppIconIsTheBrowserTabsIcon() throws Exception {
        String icon = "http://127.0.0.1:9/logo.PNG";
        try (FlowKit kit = new FlowKit(Map.of(), flow().replace("\"path\": \"/dashboard\"}",
                "\"path\": \"/dashboard\", \"appIcon\": \"" + icon + "\"}"))) {
            open(kit, "tabs");
            assertEquals(List.of(List.of(icon, "image/png"), List.of(icon, "image/png")), browser.js(
                    "return ['icon', 'apple-touch-icon'].map((r) => document.querySelector('link[rel=\"' + r + '\"]'))"
                    + ".map((l) => l && [l.href, l.type]);"));
        }
        try (FlowKit kit = kit()) {
            open(kit, "tabs");
            assertEquals(null, browser.js("return document.querySelector('link[rel=icon]');"), "none without one");
        }
    }

    @Test
    void aFixedNavigationLiesOverThePageOnAPhone() throws Exception {
        String fixed = flow().replace("\"path\": \"/dashboard\"}", "\"path\": \"/dashboard\", \"navigationStyle\": \"fixed\"}");
        try (FlowKit kit = new FlowKit(Map.of(), fixed)) {
            open(kit, "tabs");
            assertTrue(d.findElement(By.cssSelector("nav.rw-nav")).isDisplayed(), "open beside the page");
            assertTrue(d.findElements(By.cssSelector("button.rw-menu")).isEmpty(), "with no menu button");
            d.manage().window().setSize(new Dimension(390, 844));
            until(() -> d.findElements(By.cssSelector("nav.rw-nav")).isEmpty());
            d.findElement(By.cssSelector("button.rw-menu")).click();
            browser.waitFor(By.cssSelector("nav.rw-nav a[data-nav-id='pGrid']"), WAIT).click();
            until(() -> groupsShown().contains("gTall") && d.findElements(By.cssSelector("nav.rw-nav")).isEmpty());
        }
    }

    @Test
    void theIconNavigationStyleKeepsARailOfIconsThatTheMenuButtonWidens() throws Exception {
        String railed = flow().replace("\"path\": \"/dashboard\"}", "\"path\": \"/dashboard\", \"navigationStyle\": \"icon\"}");
        try (FlowKit kit = new FlowKit(Map.of(), railed)) {
            open(kit, "tabs");
            d.manage().window().setSize(new Dimension(390, 844));
            until(() -> px("nav.rw-nav", "width") < 80);
            WebElement grid = d.findElement(By.cssSelector("nav.rw-nav a[data-nav-id='pGrid']"));
            assertEquals("", grid.getText(), "only the icon");
            assertEquals("Grid", grid.getDomAttribute("title"), "the name as its tooltip");
            assertTrue(px("main.rw-page", "left") >= px("nav.rw-nav", "right") - 1, "beside the page, not over it");
            d.findElement(By.cssSelector("button.rw-menu")).click();
            until(() -> "Grid".equals(grid.getText()));
            assertEquals(null, grid.getDomAttribute("title"), "no tooltip once the names show");
            d.findElement(By.cssSelector("button.rw-menu")).click();
            until(() -> "".equals(grid.getText()));
            grid.click();
            until(() -> groupsShown().contains("gTall"));
            assertTrue(d.findElements(By.cssSelector("nav.rw-nav.rw-rail")).size() == 1, "a pick keeps the rail");
        }
    }
}
