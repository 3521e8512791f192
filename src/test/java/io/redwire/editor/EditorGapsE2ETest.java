package io.redwire.editor;

import io.redwire.admin.AdminServer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Node-RED editor behaviours in real headless Chromium: a locked flow's canvas refuses every change until it is
 * unlocked, http response's headers are edited as rows and kept as Node-RED's object, and dragging a link out's
 * link port onto a link in links the two so a message crosses.
 */
class EditorGapsE2ETest extends EditorBrowserTest {

    private static double number(String expr) {
        return ((Number) b.model(expr)).doubleValue();
    }

    private static void keys(CharSequence... keys) {
        b.find("#canvas").sendKeys(Keys.chord(keys));
    }

    private static void setLocked(boolean on) {
        b.actions().doubleClick(b.waitFor(By.cssSelector("#tabs .tab[data-id='t1']"))).perform();
        b.waitFor(By.cssSelector("#tab-dialog.tray"));
        if (Boolean.TRUE.equals(b.js("return document.getElementById('tab-locked').checked")) != on) {
            b.js("document.getElementById('tab-locked').click()"); // the tray may still be sliding in
        }
        b.click("#tab-done");
        b.until("lock " + on, () -> Boolean.TRUE.equals(b.model("get('t1').locked === true")) == on);
    }

    private static void dragNode(String id, int dx, int dy) {
        b.actions().moveToElement(b.find("#canvas .node[data-id='" + id + "'] .node-body")).clickAndHold()
                .moveByOffset(5, 5).moveByOffset(dx - 5, dy - 5).release().perform();
    }

    @Test
    void aLockedFlowsCanvasCannotBeChangedUntilItIsUnlocked(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, EditorCanvasE2ETest.THREE, "c1");
            setLocked(true);
            assertTrue(b.find("#tabs .tab[data-id='t1']").getAttribute("class").contains("locked"), "the tab's lock");
            double x = number("get('c1').x");
            dragNode("c1", 80, 40);
            assertEquals(x, number("get('c1').x"), 1e-9, "a locked flow's node does not move");
            b.click("#canvas .node[data-id='c1'] .node-body");
            keys(Keys.DELETE);
            assertEquals(Boolean.TRUE, b.model("get('c1') !== undefined"), "nor is it deleted");
            keys(Keys.CONTROL, "c");
            keys(Keys.CONTROL, "v");
            Thread.sleep(300); // the in-memory paste runs 50 ms after the key
            assertEquals(4L, ((Number) b.model("nodes.length")).longValue(), "nor pasted into");
            b.actions().moveToElement(b.find("#canvas .node[data-id='c1'] .port-out")).clickAndHold()
                    .moveToElement(b.find("#canvas .node[data-id='d1'] .node-body")).release().perform();
            assertEquals(List.of(List.of()), b.model("get('c1').wires"), "nor wired");
            b.actions().contextClick(b.find("#canvas .node[data-id='c1'] .node-body")).perform();
            b.waitFor(By.id("context-menu"));
            assertEquals("true", b.find(".menu-item[data-id='ctx-delete']").getAttribute("aria-disabled"));
            assertEquals("true", b.find(".menu-item[data-id='ctx-paste']").getAttribute("aria-disabled"));
            assertEquals(null, b.find(".menu-item[data-id='ctx-copy']").getAttribute("aria-disabled"), "copy stays");
            b.find("#canvas").sendKeys(Keys.ESCAPE);
            b.js("document.getElementById('context-menu')?.remove()");
            assertEquals(null, b.js("return window.redwire.canvas.addNodeAt('debug', 300, 300)"), "nor added to");

            setLocked(false);
            dragNode("c1", 80, 40);
            b.until("an unlocked flow's node moves", () -> number("get('c1').x") > x + 40);
            b.click("#canvas .node[data-id='c1'] .node-body");
            keys(Keys.DELETE);
            b.until("and is deleted", () -> Boolean.TRUE.equals(b.model("get('c1') === undefined")));
        }
    }

    @Test
    void httpResponseHeadersAreEditedAsRowsAndSentAfterDeploy(@TempDir Path dir) throws Exception {
        String flow = EditorBrowser.tabAndHttpIn("/hdr", "r1") + """
                 {"id":"r1","type":"http response","z":"t1","name":"","statusCode":"",
                  "headers":{"X-First":"one"},"x":380,"y":100,"wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, flow, "r1");
            b.actions().doubleClick(b.find("#canvas .node[data-id='r1'] .node-body")).perform();
            WebElement name0 = b.waitFor(By.cssSelector("#field-headers input[data-row='0'][data-part='name']"));
            assertEquals("X-First", name0.getAttribute("value"));
            assertEquals("one", b.find("#field-headers input[data-row='0'][data-part='value']").getAttribute("value"));
            b.click("#node-form .rule-add");
            b.waitFor(By.cssSelector("#field-headers input[data-row='1'][data-part='name']")).sendKeys("X-Second");
            b.find("#field-headers input[data-row='1'][data-part='value']").sendKeys("two");
            b.click("#form-done");
            assertEquals(Map.of("X-First", "one", "X-Second", "two"), b.model("get('r1').headers"),
                    "the flow keeps Node-RED's object");
            EditorE2ETest.deployAndExpectSuccess(b);
            var answer = s.get("/hdr");
            assertEquals(200, answer.statusCode());
            assertEquals("two", answer.headers().firstValue("X-Second").orElse(null));
            assertEquals("one", answer.headers().firstValue("X-First").orElse(null));
        }
    }

    @Test
    void draggingALinkOutsPortOntoALinkInLinksBothEnds(@TempDir Path dir) throws Exception {
        String flow = EditorBrowser.tabAndHttpIn("/cross", "lo") + """
                 {"id":"lo","type":"link out","z":"t1","name":"","mode":"link","links":[],"x":300,"y":100,"wires":[]},
                 {"id":"li","type":"link in","z":"t1","name":"","links":[],"x":180,"y":240,"wires":[["r1"]]},
                 {"id":"r1","type":"http response","z":"t1","name":"","statusCode":"202","headers":{},
                  "x":380,"y":240,"wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, flow, "li");
            b.actions().moveToElement(b.find("#canvas .node[data-id='lo'] .port-link")).clickAndHold()
                    .moveByOffset(-20, 30).moveToElement(b.find("#canvas .node[data-id='li'] .node-body")).release()
                    .perform();
            b.until("both ends list each other", () -> List.of("li").equals(b.model("get('lo').links"))
                    && List.of("lo").equals(b.model("get('li').links")));
            b.waitFor(By.cssSelector("#canvas .link-wire[data-source='lo'][data-target='li']"));
            EditorE2ETest.deployAndExpectSuccess(b);
            assertEquals(202, s.get("/cross").statusCode(), "the message crossed the link");
        }
    }
}
