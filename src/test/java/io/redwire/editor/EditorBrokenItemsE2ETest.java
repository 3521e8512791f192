package io.redwire.editor;

import io.redwire.admin.AdminServer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25's broken items, each in real headless Chromium: no literal "null" in the info sidebar, nodes imported
 * without a tab land on the current one, a subflow instance's info names its subflow, config types stay out of the
 * palette and palette labels are shown whole.
 */
class EditorBrokenItemsE2ETest extends EditorBrowserTest {

    private static String infoText() {
        b.click(".sidebar-tabs button[data-panel='info-panel']");
        return b.find("#info-panel").getText();
    }

    @Test
    void theInfoSidebarShowsNoNullForANodeOrTabWithoutDescription(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, """
                    [{"id":"t1","type":"tab","label":"plain","info":null},
                     {"id":"i1","type":"inject","z":"t1","info":null,"x":140,"y":100,"wires":[[]]}]""", "i1");
            b.js("window.redwire.canvas.selection = new Set(); window.redwire.canvas.refreshSelection();");
            b.click("#canvas");
            String tab = infoText();
            assertFalse(tab.contains("null"), "the tab's info: " + tab);
            b.click("#canvas .node[data-id='i1'] .node-body");
            String node = infoText();
            assertTrue(node.contains("i1"), node);
            assertFalse(node.contains("null"), "the node's info: " + node);
        }
    }

    @Test
    void nodesImportedWithoutATabLandOnTheCurrentTab(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, EditorE2ETest.INJECT_DEBUG, "i1");
            EditorE2ETest.importFile(b, EditorE2ETest.write(dir, "loose.json", """
                    [{"id":"lx","type":"inject","wires":[["ly"]]},{"id":"ly","type":"debug","wires":[]}]"""));
            b.waitFor(By.cssSelector("#canvas .node[data-id='lx']"));
            assertEquals("t1", b.js("return window.redwire.model.get('lx').z"));
            assertEquals("t1", b.js("return window.redwire.model.get('ly').z"));
            assertEquals(1L, b.js("return document.querySelectorAll(\"#canvas .node[data-id='ly']\").length"));
        }
    }

    @Test
    void aSubflowInstancesInfoNamesItsSubflow(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, """
                    [{"id":"t1","type":"tab","label":"main"},
                     {"id":"sf1","type":"subflow","name":"Greeter","info":"Says hello.","in":[],"out":[],"env":[]},
                     {"id":"si","type":"subflow:sf1","z":"t1","x":200,"y":100,"wires":[]}]""", "si");
            b.click("#canvas .node[data-id='si'] .node-body");
            String info = infoText();
            assertFalse(info.contains("Unknown node type"), info);
            assertTrue(info.contains("Greeter"), info);
            assertTrue(info.contains("Says hello."), "the subflow's description is its help: " + info);
        }
    }

    @Test
    void thePaletteOffersNoConfigTypesAndShowsWholeLabels() throws Exception {
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            assertEquals(List.of(), b.driver().findElements(By.cssSelector("#palette .palette-node[data-type='grpc-server']")),
                    "a config type is added from the config-node sidebar, never dragged");
            WebElement register = b.find("#palette .palette-node[data-type='grpc-register-function']");
            assertTrue(register.getText().contains("grpc-register-function") || register.getText().contains("register"),
                    register.getText());
            assertEquals(Boolean.TRUE, b.js("const e = arguments[0]; return e.scrollWidth <= e.clientWidth", register),
                    "the label is not cut: " + register.getText());
        }
    }
}
