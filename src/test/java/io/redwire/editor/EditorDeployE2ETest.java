package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The deploy button in real headless Chromium: its menu's modes reach the runtime as Node-RED-Deployment-Type and
 * the chosen one survives a reload, a slow deploy keeps the button busy until the answer, and a 409 conflict's merge
 * keeps the other user's deployed change beside ours.
 */
class EditorDeployE2ETest extends EditorBrowserTest {
    private static final String TWO_TABS = """
            [{"id":"t1","type":"tab","label":"one"},{"id":"t2","type":"tab","label":"two"},
             {"id":"i1","type":"inject","z":"t1","name":"a","props":[{"p":"payload"}],"payload":"","payloadType":"date",
              "repeat":"","once":false,"x":140,"y":100,"wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","name":"shown","active":true,"tosidebar":true,"complete":"false",
              "x":380,"y":100,"wires":[]},
             {"id":"d2","type":"debug","z":"t2","name":"other","active":true,"tosidebar":true,"complete":"false",
              "x":380,"y":100,"wires":[]}]""";

    private static void until(String what, java.util.function.BooleanSupplier ok) {
        b.until(what, Duration.ofSeconds(90), ok); // a deploy waits for every node's start
    }

    private static void chooseMode(String id) {
        b.click("#deploy-menu-button");
        b.click("#deploy-menu .menu-item[data-id='deploy-" + id + "']");
    }

    private static void rename(String id, String name) {
        b.js("const m = window.redwire.model; m.get(arguments[0]).name = arguments[1]; m.changed();", id, name);
    }

    @Test
    void modifiedNodesDeployRestartsOnlyTheChangedNodeAndTheModeIsRemembered(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, TWO_TABS, "i1");
            chooseMode("full");
            EditorE2ETest.deployAndExpectSuccess(b);
            var untouched = s.server().engine().node("d1");
            var changed = s.server().engine().node("d2");
            chooseMode("nodes");
            assertTrue(b.find("#deploy-button").getText().contains("Modified Nodes"), b.find("#deploy-button").getText());
            rename("d2", "renamed");
            until("the changed marker", () -> !b.driver().findElements(By.cssSelector(
                    "#canvas .node[data-id='d2'] .node-changed, #canvas .node-changed")).isEmpty()
                    || Boolean.TRUE.equals(b.js("return window.redwire.model.isChanged(window.redwire.model.get('d2'))")));
            b.js("document.getElementById('deploy-result')?.remove()");
            EditorE2ETest.deployAndExpectSuccess(b);
            assertSame(untouched, s.server().engine().node("d1"), "the untouched node kept running");
            assertNotSame(changed, s.server().engine().node("d2"), "the changed node restarted");
            b.open(s.url("/"));
            assertEquals("nodes", b.find("#deploy-button").getDomAttribute("data-mode"), "remembered after a reload");
            b.click("#deploy-menu-button");
            assertTrue(b.find("#deploy-menu .menu-item[data-id='deploy-nodes']").getText().startsWith("✓"));
            b.click("#deploy-menu .menu-item[data-id='deploy-restart']");
            until("restarted", () -> s.server().engine().node("d1") != untouched);
            chooseMode("full");
        }
    }

    @Test
    void aSlowDeployKeepsTheButtonBusyUntilTheAnswer(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, TWO_TABS, "i1");
            chooseMode("full");
            // a function whose close takes 3 s: a full deploy answers only once the old nodes have stopped
            b.js("window.redwire.model.add({id: 'slow', type: 'function', z: 't1', name: 'slow stop', x: 200, y: 200,"
                    + " func: 'return msg;', outputs: 1, noerr: 0, finalize: '', libs: [], wires: [[]],"
                    + " initialize: 'node.on(\\'close\\', (done) => setTimeout(done, 3000));'});");
            EditorE2ETest.deployAndExpectSuccess(b);
            b.js("document.getElementById('deploy-result')?.remove()");
            rename("d2", "again");
            b.click("#deploy-button");
            until("busy", () -> Boolean.TRUE.equals(b.js("const e = document.getElementById('deploy-button');"
                    + " return e.disabled && e.classList.contains('busy') && e.getAttribute('aria-busy') === 'true'")));
            assertTrue(b.driver().findElements(By.id("deploy-result")).isEmpty(), "no answer yet");
            EditorE2ETest.deployAndExpectSuccess(b);
            assertEquals(Boolean.FALSE, b.js("const e = document.getElementById('deploy-button');"
                    + " return e.disabled || e.classList.contains('busy')"), "idle again after the answer");
        }
    }

    @Test
    void aConflictsMergeKeepsTheOtherUsersDeployedChange(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, TWO_TABS, "i1");
            EditorE2ETest.deployAndExpectSuccess(b);
            // another user deploys a change to d2
            String theirs = Json.stringify(FlowFileReader.parse(TWO_TABS.replace("\"name\":\"other\"",
                    "\"name\":\"theirs\""), "x"));
            assertEquals(204, s.post("/flows", theirs).statusCode());
            rename("i1", "ours");
            b.click("#deploy-button");
            b.waitFor(By.id("deploy-conflict"), Duration.ofSeconds(60));
            b.click("#conflict-review");
            assertTrue(b.find("#deploy-conflict .deploy-review").getText().contains("theirs"),
                    b.find("#deploy-conflict").getText());
            b.click("#conflict-merge");
            assertEquals("theirs", b.js("return window.redwire.model.get('d2').name"), "their change is in");
            assertEquals("ours", b.js("return window.redwire.model.get('i1').name"), "ours too");
            b.js("document.getElementById('deploy-result')?.remove()");
            EditorE2ETest.deployAndExpectSuccess(b);
            Map<String, String> names = new java.util.HashMap<>();
            for (Map<String, Object> n : FlowFileReader.parse(s.get("/flows").body(), "deployed")) {
                names.put(String.valueOf(n.get("id")), String.valueOf(n.get("name")));
            }
            assertEquals("ours", names.get("i1"));
            assertEquals("theirs", names.get("d2"), "the other user's deployed change was not dropped");
            assertEquals(List.of(), b.driver().findElements(By.id("deploy-conflict")));
        }
    }
}
