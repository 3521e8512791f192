package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.flow.FlowFileReader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The dashboard layout sidebar in real headless Chromium: a page's groups and widgets in order with their sizes; a
 * widget moved up and a group resized there reach the runtime with the deploy.
 */
class EditorDashboardSidebarE2ETest extends EditorBrowserTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab","label":"ui"},
             {"id":"base","type":"ui-base","name":"Dash","path":"/dashboard"},
             {"id":"page","type":"ui-page","name":"Home","ui":"base","path":"/home","layout":"grid","order":1},
             {"id":"g2","type":"ui-group","name":"Second","page":"page","width":"6","height":"1","order":2},
             {"id":"g1","type":"ui-group","name":"First","page":"page","width":"6","height":"1","order":1},
             {"id":"w1","type":"ui-button","z":"t1","group":"g1","name":"one","label":"One","order":1,"width":2,
              "height":1,"x":120,"y":60,"wires":[[]]},
             {"id":"w2","type":"ui-button","z":"t1","group":"g1","name":"two","label":"Two","order":2,"width":3,
              "height":1,"x":120,"y":120,"wires":[[]]},
             {"id":"w3","type":"ui-text","z":"t1","group":"g2","name":"three","label":"Three","order":1,"width":0,
              "height":0,"x":120,"y":180,"wires":[]}]""";

    @SuppressWarnings("unchecked")
    private static List<String> shown(String css) {
        return (List<String>) b.js("return [...document.querySelectorAll(arguments[0])].map(e => e.dataset.id)", css);
    }

    @Test
    void reorderingAndResizingInTheSidebarIsWhatDeploys(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, FLOW, "w1");
            b.showSidebarPanel("dashboard-panel", By.id("dashboard-tree"));
            assertEquals(List.of("base", "page", "g1", "w1", "w2", "g2", "w3"), shown("#dashboard-tree .dashboard-item"));
            assertEquals("6", b.js("return document.querySelector(\"#dashboard-tree [data-id='g1'] "
                    + ".dashboard-width\").value"));

            b.click("#dashboard-tree [data-id='w2'] .dashboard-up");
            b.until("w2 is shown first in its group", Duration.ofSeconds(15), () -> List.of("w2", "w1").equals(
                    shown("#dashboard-tree [data-group='g1'] .dashboard-widget")));
            WebElement width = b.find("#dashboard-tree [data-id='g2'] .dashboard-width");
            width.sendKeys(Keys.chord(Keys.CONTROL, "a"), "9", Keys.TAB);
            b.until("the group's width is in the model", Duration.ofSeconds(15),
                    () -> "9".equals(b.js("return window.redwire.model.get('g2').width")));
            assertEquals(Boolean.TRUE, b.js("return window.redwire.model.isChanged(window.redwire.model.get('g2'))"));

            b.click("#dashboard-tree [data-id='w3']");
            b.until("a widget's row selects it on the canvas", Duration.ofSeconds(15), () -> Boolean.TRUE.equals(
                    b.js("return window.redwire.canvas.selection.has('w3')")));

            EditorE2ETest.deployAndExpectSuccess(b);
            Map<String, Map<String, Object>> deployed = new HashMap<>();
            for (Map<String, Object> n : FlowFileReader.parse(s.get("/flows").body(), "deployed")) {
                deployed.put(String.valueOf(n.get("id")), n);
            }
            assertEquals(1, ((Number) deployed.get("w2").get("order")).intValue());
            assertEquals(2, ((Number) deployed.get("w1").get("order")).intValue());
            assertEquals(1, ((Number) deployed.get("w3").get("order")).intValue(), "another group is not renumbered");
            assertEquals("9", deployed.get("g2").get("width"));
            assertEquals("6", deployed.get("g1").get("width"));
        }
    }

    /** WebDriver's mouse actions do not drive HTML5 drag and drop in Chromium: the page's own drag events do. */
    @Test
    void aWidgetDraggedOntoAnotherGroupsWidgetMovesThere(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, FLOW, "w1");
            b.showSidebarPanel("dashboard-panel", By.id("dashboard-tree"));
            b.js("const row = (id) => document.querySelector(`#dashboard-tree [data-id='${id}']`);"
                    + "const data = new DataTransfer();"
                    + "const fire = (id, type) => row(id).dispatchEvent(new DragEvent(type, {bubbles: true,"
                    + " cancelable: true, dataTransfer: data}));"
                    + "fire('w3', 'dragstart'); fire('w1', 'dragover'); fire('w1', 'drop');");
            b.until("w3 is listed first in g1", Duration.ofSeconds(15), () -> List.of("w3", "w1", "w2").equals(
                    shown("#dashboard-tree [data-group='g1'] .dashboard-widget")));
            assertEquals("g1", b.js("return window.redwire.model.get('w3').group"));
            assertEquals(List.of(), shown("#dashboard-tree [data-group='g2'] .dashboard-widget"));
            assertEquals(Boolean.TRUE, b.js("return window.redwire.model.canUndo()"));
        }
    }
}
