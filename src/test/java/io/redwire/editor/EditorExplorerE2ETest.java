package io.redwire.editor;

import io.redwire.admin.AdminServer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The explorer sidebar: flows, subflows and config nodes with their nodes; a click reveals or opens one. */
class EditorExplorerE2ETest extends EditorBrowserTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab","label":"first"},{"id":"t2","type":"tab","label":"second"},
             {"id":"n1","type":"inject","z":"t1","name":"tick","props":[{"p":"payload"}],"x":100,"y":60,"wires":[[]]},
             {"id":"n2","type":"debug","z":"t2","name":"far away","active":true,"x":900,"y":700,"wires":[]},
             {"id":"sf","type":"subflow","name":"Helper","in":[],"out":[],"env":[]},
             {"id":"n3","type":"change","z":"sf","name":"inside","rules":[],"x":200,"y":60,"wires":[[]]},
             {"id":"mb","type":"mqtt-broker","name":"broker","broker":"localhost","port":"1883"}]""";

    @Test
    void theTreeListsFlowsSubflowsAndConfigNodesAndRevealsThem(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, FLOW, "n1");
            b.showSidebarPanel("explorer-panel", By.id("explorer-tree"));
            @SuppressWarnings("unchecked")
            List<String> branches = (List<String>) b.js("return [...document.querySelectorAll('#explorer-tree "
                    + ".explorer-branch')].map(e => e.dataset.key)");
            assertEquals(List.of("flows", "ws:t1", "ws:t2", "subflows", "ws:sf", "config"), branches);
            @SuppressWarnings("unchecked")
            List<String> nodes = (List<String>) b.js("return [...document.querySelectorAll('#explorer-tree "
                    + ".explorer-node')].map(e => e.dataset.id)");
            assertEquals(List.of("n1", "n2", "n3", "mb"), nodes);

            b.click("#explorer-tree .explorer-node[data-id='n2']");
            b.until("the node's tab is shown and the node selected", () -> "t2".equals(b.js(
                    "return window.redwire.canvas.tab")) && Boolean.TRUE.equals(b.js(
                    "return window.redwire.canvas.selection.has('n2')")));
            b.click("#explorer-tree .explorer-branch[data-key='ws:sf']");
            b.until("a subflow opens its tab", () -> "sf".equals(b.js("return window.redwire.canvas.tab")));
            b.click("#explorer-tree .explorer-node[data-id='mb']");
            b.waitFor(By.cssSelector("[data-node-id='mb']"));
            b.click("#form-cancel");
        }
    }
}
