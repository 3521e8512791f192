package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.msg.Json;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.redwire.editor.EditorE2ETest.importFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The canvas as a Node-RED user works it, in real headless Chromium: wires drawn by Node-RED's curve rule, the
 * context and main menus, splicing and Ctrl-drag detach, snap to grid, Arrange, nodes following the mouse after a
 * paste, groups made, styled, deployed and reloaded, user settings with the dark theme, the shortcuts dialog.
 */
class EditorCanvasE2ETest extends EditorBrowserTest {

    /** inject i1 → debug d1 on tab t1, and a change node c1 with no wires, below the wire. */
    static final String THREE = EditorBrowser.tabAndInject("Canvas", "\"name\":\"go\",\"props\":[{\"p\":\"payload\"}],"
            + "\"payload\":\"grouped and running\",\"payloadType\":\"str\",\"repeat\":\"\",\"once\":false", 100, "d1") + """
             {"id":"d1","type":"debug","z":"t1","name":"out","active":true,"tosidebar":true,"complete":"false",
              "x":500,"y":100,"wires":[]},
             {"id":"c1","type":"change","z":"t1","name":"mid","rules":[{"t":"set","p":"topic","pt":"msg","to":"x",
              "tot":"str"}],"x":300,"y":260,"wires":[[]]}]
            """;

    private static Object js(String script, Object... args) {
        return b.js(script, args);
    }

    private static Object model(String expr) {
        return b.js("return window.redwire.model." + expr);
    }

    private static void keys(CharSequence... keys) {
        b.find("#canvas").sendKeys(Keys.chord(keys));
    }

    private static void rightClick(String css) {
        b.actions().contextClick(b.find(css)).perform();
        b.waitFor(By.id("context-menu"));
    }

    /** Hovers a context-menu item with children, then clicks the child item. */
    private static void menuPick(String parentId, String childId) {
        b.actions().moveToElement(b.find(".menu-item[data-id='" + parentId + "']")).perform();
        b.click(".menu-popup .menu-item[data-id='" + childId + "']");
    }

    private static double number(String expr) {
        return ((Number) model(expr)).doubleValue();
    }

    // ---- wires ------------------------------------------------------------------------------------------------

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(e-?\\d+)?");

    private static List<Double> numbers(String d) {
        List<Double> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(d);
        while (m.find()) {
            out.add(Double.parseDouble(m.group()));
        }
        return out;
    }

    /**
     * Node-RED's control-point rule for a wire looping back to a node on another row, restated here as the test's
     * oracle: handles out 40 px right of the source (20 px when the nodes are within a node's width), an S-curve
     * through the midpoint, in from the left of the target.
     */
    private static List<Double> loopBackRule(double x1, double y1, double x2, double y2) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        double scale = 0.4 - 0.2 * Math.max(0, (100 - Math.min(Math.abs(dx), Math.abs(dy))) / 100);
        double s = dy > 0 ? 1 : -1;
        double midX = Math.floor(x2 - dx / 2);
        double midY = Math.floor(y2 - dy / 2);
        double q = (y2 + midY) / 2;
        double topX = x1 + 100 * scale;
        double topY = dy > 0 ? Math.min(q - dy / 2, y1 + 15) : Math.max(q - dy / 2, y1 - 15);
        double bottomX = x2 - 100 * scale;
        double bottomY = dy > 0 ? Math.max(q, y2 - 15) : Math.min(q, y2 + 15);
        double c1y = dy > 0 ? Math.max(y1, topY - 15) : Math.min(y1, topY + 15);
        double c2x = (x1 + topX) / 2;
        double c2y = dy > 0 ? Math.min(midY, topY + 15) : Math.max(midY, topY - 15);
        double c3y = dy > 0 ? Math.max(midY, bottomY - 15) : Math.min(midY, bottomY + 15);
        if (c2y == topY + s * 15) {
            if (Math.abs(dy) < 150) {
                c1y = topY - s * 7.5;
                c3y = bottomY - s * 7.5;
            }
            c2x = topX;
        }
        return List.of(x1, y1, (x1 + topX) / 2, y1, topX, c1y, topX, topY, c2x, c2y, midX, midY, bottomX, c3y,
                bottomX, bottomY, (x2 + bottomX) / 2, y2, x2, y2);
    }

    @Test
    void theSeedFlowsLoopBackWiresCurveAroundAsNodeRedDrawsThem(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            importFile(b, EditorE2ETest.seedOnFreePorts(dir, Ports.free(), 1880));
            b.waitFor(By.cssSelector("#canvas .wire"));
            @SuppressWarnings("unchecked")
            List<String> ds = (List<String>) js("return [...document.querySelectorAll('#canvas .wire')]"
                    + ".map(p => p.getAttribute('d'))");
            int loops = 0;
            for (String d : ds) {
                List<Double> n = numbers(d);
                double x1 = n.get(0);
                double y1 = n.get(1);
                double x2 = n.get(n.size() - 2);
                double y2 = n.get(n.size() - 1);
                if (x2 > x1) {
                    assertTrue(d.matches("M \\S+ \\S+ C \\S+ \\S+ \\S+ \\S+ \\S+ \\S+"), "one cubic forward: " + d);
                    assertEquals(y1, n.get(3), 1e-9, "the first handle is horizontal: " + d);
                    continue;
                }
                if (Math.abs(y2 - y1) < 10) {
                    continue;
                }
                loops++;
                assertTrue(d.matches("M .* C .* S .* S .* S .*"), "a loop-back is an S-chain, not a diagonal: " + d);
                List<Double> expected = loopBackRule(x1, y1, x2, y2);
                assertEquals(expected.size(), n.size(), d);
                for (int i = 0; i < n.size(); i++) {
                    assertEquals(expected.get(i), n.get(i), 1e-6, "point " + i + " of " + d + " vs " + expected);
                }
                assertTrue(n.get(4) > x1, "it leaves to the right of the source before turning back: " + d);
            }
            assertTrue(loops >= 5, "the seed flow's loop-back wires were checked: " + loops);
            b.screenshot("canvas-seed-wires");
        }
    }

    // ---- menus ------------------------------------------------------------------------------------------------

    @Test
    void contextMenuActsOnWhatIsUnderTheMouseAndTheMainMenuTakesOtherModulesEntries(@TempDir Path dir)
            throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, THREE, "c1");
            rightClick("#canvas .node[data-id='c1'] .node-body");
            assertEquals(List.of("c1"), js("return [...window.redwire.canvas.selection]"), "right-click selects");
            for (String id : List.of("ctx-insert", "ctx-node", "ctx-group", "ctx-arrange", "ctx-undo", "ctx-cut",
                    "ctx-copy", "ctx-paste", "ctx-delete", "ctx-export", "ctx-select-all")) {
                assertEquals(1L, js("return document.querySelectorAll('#context-menu .menu-item[data-id=\"'"
                        + " + arguments[0] + '\"]').length", id), id);
            }
            assertEquals("true", b.find("#context-menu .menu-item[data-id='ctx-paste']").getAttribute("aria-disabled"),
                    "nothing copied yet");
            menuPick("ctx-node", "ctx-disable");
            assertEquals(true, model("get('c1').d"), "Node ▸ Disable sets d:true as Node-RED does");
            rightClick("#canvas .node[data-id='c1'] .node-body");
            menuPick("ctx-node", "ctx-enable");
            assertEquals(null, model("get('c1').d"));
            // a wire: right-click selects it, Delete removes it
            rightClick("#canvas .wire[data-source='i1']");
            b.click("#context-menu .menu-item[data-id='ctx-delete']");
            assertEquals(List.of(List.of()), model("get('i1').wires"));
            // the canvas: select all
            b.actions().moveToElement(b.find("#canvas"), 150, 200).contextClick().perform();
            b.click("#context-menu .menu-item[data-id='ctx-select-all']");
            assertEquals(3L, js("return window.redwire.canvas.selection.size"));
            assertTrue(b.driver().findElements(By.id("context-menu")).isEmpty(), "a pick closes the menu");

            // the main menu: core entries, and one another module adds through menu.js
            js("import('./editor/js/menu.js').then(m => m.addMenuItem({id: 'menu-test', label: 'From a module',"
                    + " section: 'flows', onselect: () => { window.picked = true; }}))");
            b.until("the module's entry is added", () -> Boolean.TRUE.equals(js(
                    "return import('./editor/js/menu.js').then(m => m.mainMenuItems().some(i => i && i.id === 'menu-test'))")));
            b.click("#main-menu-button");
            b.waitFor(By.id("main-menu"));
            @SuppressWarnings("unchecked")
            List<String> labels = (List<String>) js("return [...document.querySelectorAll('#main-menu .menu-label')]"
                    + ".map(e => e.textContent)");
            assertTrue(labels.containsAll(List.of("Import", "Export", "Search flows", "Settings", "Keyboard shortcuts",
                    "From a module")), labels.toString());
            assertEquals("ctrl-i", b.find("#main-menu .menu-item[data-id='menu-import'] .menu-shortcut").getText());
            b.click("#main-menu .menu-item[data-id='menu-test']");
            assertEquals(true, js("return window.picked"));
            b.click("#main-menu-button");
            b.click("#main-menu .menu-item[data-id='menu-shortcuts']");
            b.waitFor(By.id("shortcuts"));
            assertEquals("ctrl-shift-g", b.find("#shortcuts tr[data-action='group-selection'] kbd").getText());
            assertEquals("alt-a l", b.find("#shortcuts tr[data-action='align-selection-to-left'] kbd").getText());
            b.find("#shortcut-filter").sendKeys("distribute");
            b.until("the filter narrows the list", () -> ((Number) js(
                    "return document.querySelectorAll('#shortcuts tbody tr').length")).intValue() == 2);
            b.find("#shortcut-filter").sendKeys(Keys.ESCAPE);
            keys(Keys.SHIFT, "?");
            b.waitFor(By.id("shortcuts"));
            b.screenshot("canvas-shortcuts");
        }
    }

    // ---- splice, detach, snap, arrange, follow ----------------------------------------------------------------

    @Test
    void aNodeDroppedOnAWireIsSplicedInAndCtrlDragDetachesIt(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, THREE, "c1");
            WebElement change = b.find("#canvas .node[data-id='c1'] .node-body");
            double[] from = b.centre("#canvas .node[data-id='c1'] .node-body");
            double[] wire = b.centre("#canvas .wire[data-source='i1']");
            b.actions().moveToElement(change).clickAndHold().moveByOffset(5, -5)
                    .moveByOffset((int) (wire[0] - from[0]) - 5, (int) (wire[1] - from[1]) + 5).pause(200).perform();
            assertEquals(1L, js("return document.querySelectorAll('#canvas .wire.splice-target').length"),
                    "the wire under the dragged node is highlighted");
            b.actions().release().perform();
            assertEquals(List.of(List.of("c1")), model("get('i1').wires"), "inject → change");
            assertEquals(List.of(List.of("d1")), model("get('c1').wires"), "change → debug");
            assertEquals(0L, js("return document.querySelectorAll('#canvas .wire.splice-target').length"));
            keys(Keys.CONTROL, "z");
            assertEquals(List.of(List.of("d1")), model("get('i1').wires"), "one undo reverts the splice");
            keys(Keys.CONTROL, "y");

            // Ctrl-drag lifts it out again and rejoins its neighbours
            b.actions().moveToElement(b.find("#canvas .node[data-id='c1'] .node-body")).keyDown(Keys.CONTROL)
                    .clickAndHold().moveByOffset(10, 20).moveByOffset(20, 100).release().keyUp(Keys.CONTROL).perform();
            assertEquals(List.of(List.of("d1")), model("get('i1').wires"), "inject → debug again");
            assertEquals(List.of(List.of()), model("get('c1').wires"), "the change node is free");
            assertTrue(number("get('c1').y") > 150, "and moved away");
        }
    }

    @Test
    void dragsSnapToTheGridAndArrangeAlignsTheSelection(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, THREE, "c1");
            assertEquals(true, js("return window.redwire.settings.get('snapToGrid')"), "on by default, as in Node-RED");
            b.actions().moveToElement(b.find("#canvas .node[data-id='c1'] .node-body")).clickAndHold()
                    .moveByOffset(7, 3).moveByOffset(30, 20).release().perform();
            double w = ((Number) js("return window.redwire.canvas.geoms.get('c1').w")).doubleValue();
            assertEquals(0, (number("get('c1').x") - w / 2) % 20, 1e-9, "left edge on the 20 px grid");
            assertEquals(0, number("get('c1').y") % 20, 1e-9, "centre row on the grid");
            // off in the settings: the drag lands where the mouse let go
            b.click("#main-menu-button");
            b.click("#main-menu .menu-item[data-id='menu-settings']");
            b.click("#setting-snap");
            b.click("#user-settings-close");
            double x0 = number("get('c1').x");
            b.actions().moveToElement(b.find("#canvas .node[data-id='c1'] .node-body")).clickAndHold()
                    .moveByOffset(7, 3).moveByOffset(6, 0).release().perform();
            assertEquals(x0 + 13, number("get('c1').x"), 1e-9, "unsnapped");

            // Arrange: align left with Node-RED's alt-a l, then align top from the context menu
            keys(Keys.CONTROL, "a");
            keys(Keys.ALT, "a");
            keys("l");
            double left = ((Number) js("const c = window.redwire.canvas; const ls = ['i1','d1','c1']"
                    + ".map(id => c.geoms.get(id).x); return Math.max(...ls) - Math.min(...ls)")).doubleValue();
            assertEquals(0, left, 1e-9, "left edges aligned");
            rightClick("#canvas .node[data-id='d1'] .node-body");
            menuPick("ctx-arrange", "ctx-align-top");
            assertEquals(number("get('i1').y"), number("get('c1').y"), 1e-9, "same row");
            keys(Keys.CONTROL, "z");
            assertTrue(number("get('i1').y") != number("get('c1').y"), "one undo per arrange");
        }
    }

    @Test
    void pastedNodesFollowTheMouseUntilAClickDropsThem(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, THREE, "c1");
            b.click("#canvas .node[data-id='c1'] .node-body");
            keys(Keys.CONTROL, "c");
            b.actions().moveToElement(b.find("#canvas"), 0, 100).perform();
            keys(Keys.CONTROL, "v");
            b.until("pasted", () -> ((Number) model("nodes.length")).intValue() == 5);
            String id = (String) js("return [...window.redwire.canvas.selection][0]");
            double x = number("get('" + id + "').x");
            double y = number("get('" + id + "').y");
            b.actions().moveByOffset(60, 40).pause(100).moveByOffset(40, 20).pause(100).perform();
            b.until("the copy follows the mouse", () -> number("get('" + id + "').x") - x > 90);
            b.actions().click().perform();
            double dropped = number("get('" + id + "').x");
            b.actions().moveByOffset(80, 80).pause(100).perform();
            assertEquals(dropped, number("get('" + id + "').x"), 1e-9, "a click dropped it: it stays");
            assertTrue(number("get('" + id + "').y") - y > 50, "dropped lower, where the mouse took it");
        }
    }

    // ---- groups -----------------------------------------------------------------------------------------------

    @Test
    void aGroupIsMadeStyledDeployedAndStillThereAfterAReload(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer(Settings.defaults(), FlowFile.inUserDir(dir))) {
            EditorE2ETest.openOn(b, s, dir, THREE, "c1");
            b.click("#canvas .node[data-id='i1'] .node-body");
            b.actions().keyDown(Keys.SHIFT).click(b.find("#canvas .node[data-id='d1'] .node-body")).keyUp(Keys.SHIFT)
                    .perform();
            keys(Keys.CONTROL, Keys.SHIFT, "g");
            b.waitFor(By.cssSelector("#canvas .group"));
            String gid = (String) js("return document.querySelector('#canvas .group').dataset.id");
            assertEquals(List.of("i1", "d1"), model("get('" + gid + "').nodes"));
            assertEquals(gid, model("get('i1').g"));
            // double-click opens the style form
            WebElement box = b.find("#canvas .group .group-box");
            b.actions().moveToElement(box, 5 - box.getSize().width / 2, 5 - box.getSize().height / 2).click()
                    .click().perform();
            b.waitFor(By.id("group-form"));
            b.find("#group-name").sendKeys("Pipeline");
            js("const f = document.getElementById('group-fill'); f.value = '#ffdf7f';"
                    + "document.getElementById('group-no-fill').checked = false;"
                    + "document.getElementById('group-fill-opacity').value = '0.5';"
                    + "document.getElementById('group-stroke').value = '#3f93cf';"
                    + "document.getElementById('group-label-position').value = 'se';");
            b.click("#group-form-done");
            assertEquals(List.of("rgb(255, 223, 127)", "0.5", "rgb(63, 147, 207)"), groupLook(), "drawn in its style");
            assertTrue(b.find("#canvas .group .group-label").getAttribute("class").contains("pos-se"));
            // moving the group moves its nodes
            double ix = number("get('i1').x");
            box = b.find("#canvas .group .group-box");
            b.actions().moveToElement(box, 8 - box.getSize().width / 2, 8 - box.getSize().height / 2).clickAndHold()
                    .moveByOffset(10, 10).moveByOffset(30, 50).release().perform();
            assertEquals(ix + 40, number("get('i1').x"), 20.0, "the member moved with the group");

            EditorE2ETest.deployAndExpectSuccess(b);
            b.click("#canvas .node[data-id='i1'] .inject-button");
            b.waitForText(By.cssSelector("#debug-messages .debug-message .debug-value"), "grouped and running");

            @SuppressWarnings("unchecked")
            Map<String, Object> flows = (Map<String, Object>) Json.parse(HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(s.url("/flows"))).header("Node-RED-API-Version", "v2").build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> nodes = (List<Map<String, Object>>) flows.get("flows");
            Map<String, Object> group = nodes.stream().filter(n -> "group".equals(n.get("type"))).findFirst()
                    .orElseThrow();
            assertEquals("Pipeline", group.get("name"));
            assertEquals("t1", group.get("z"));
            assertEquals(List.of("i1", "d1"), group.get("nodes"));
            @SuppressWarnings("unchecked")
            Map<String, Object> style = (Map<String, Object>) group.get("style");
            assertEquals("#ffdf7f", style.get("fill"));
            assertEquals("#3f93cf", style.get("stroke"));
            assertEquals("se", style.get("label-position"));
            assertEquals(true, style.get("label"));
            for (String k : List.of("x", "y", "w", "h")) {
                assertTrue(group.get(k) instanceof Number, k);
            }
            assertEquals(group.get("id"), nodes.stream().filter(n -> "i1".equals(n.get("id"))).findFirst()
                    .orElseThrow().get("g"), "members carry g");

            b.open(s.url("/"));
            b.waitFor(By.cssSelector("#canvas .group[data-id='" + gid + "']"));
            assertEquals(List.of("rgb(255, 223, 127)", "0.5", "rgb(63, 147, 207)"), groupLook(), "after the reload");
            assertEquals("Pipeline", b.find("#canvas .group .group-label").getText());
            b.screenshot("canvas-group");

            // ungroup from the context menu: members lose g, the group goes
            rightClick("#canvas .group .group-label");
            menuPick("ctx-group", "ctx-ungroup");
            assertEquals(null, model("get('" + gid + "')"));
            assertEquals(null, model("get('i1').g"));
        }
    }

    /** The group box's fill, fill opacity and stroke as Chromium paints them (computed, not the attributes). */
    private static Object groupLook() {
        return js("const c = getComputedStyle(document.querySelector('#canvas .group .group-box'));"
                + "return [c.fill, c.fillOpacity, c.stroke]");
    }

    // ---- settings ---------------------------------------------------------------------------------------------

    @Test
    void theDarkThemeTurnsTheEditorDarkAndIsRemembered(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            keys(Keys.CONTROL, ",");
            b.waitFor(By.id("user-settings"));
            assertTrue(b.find("#user-settings").getText().contains("20 px"), "the grid size is shown");
            js("const t = document.getElementById('setting-theme'); t.value = 'dark';"
                    + "t.dispatchEvent(new Event('change'));");
            b.click("#user-settings-close");
            assertEquals("dark", js("return document.documentElement.dataset.theme"));
            for (String css : List.of("#canvas-holder", "#palette", "#sidebar", "#tabs")) {
                assertTrue(darkness(css) < 80, css + " is dark: " + js(
                        "return getComputedStyle(document.querySelector(arguments[0])).backgroundColor", css));
            }
            b.open(s.url("/"));
            assertEquals("dark", js("return document.documentElement.dataset.theme"), "kept in localStorage");
            importFile(b, EditorE2ETest.seedOnFreePorts(dir, Ports.free(), 1880));
            b.waitFor(By.cssSelector("#canvas .wire"));
            b.screenshot("canvas-dark");
            js("localStorage.removeItem('redwire.editor.settings')");
        }
    }

    /** The mean of an element's background RGB (0 black .. 255 white). */
    private static double darkness(String css) {
        String rgb = (String) js("return getComputedStyle(document.querySelector(arguments[0])).backgroundColor", css);
        List<Double> n = numbers(rgb);
        assertNotNull(rgb);
        assertFalse(n.size() < 3, rgb);
        return (n.get(0) + n.get(1) + n.get(2)) / 3;
    }
}
