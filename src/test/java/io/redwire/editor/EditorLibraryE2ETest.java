package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.api.Settings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Import → Examples and the library (flows and function code in {@code <userDir>/lib}), in headless Chromium. */
class EditorLibraryE2ETest extends EditorBrowserTest {

    private static void menu(String id) {
        b.click("#main-menu-button");
        b.click("#main-menu .menu-item[data-id='" + id + "']");
    }

    /** Opens the folders of a library tree in the dialog {@code dialog} one by one, then chooses the entry. */
    private static void choose(String dialog, String... path) {
        StringBuilder at = new StringBuilder();
        for (int i = 0; i < path.length; i++) {
            at.append(path[i]).append(i < path.length - 1 ? "/" : "");
            b.click("#" + dialog + " .library-item[data-path='" + at + "']");
        }
        b.until("the entry's preview", () -> !b.find("#" + dialog + "-preview").getText().isEmpty());
    }

    @Test
    void anExampleIsImportedDeployedAndRuns(@TempDir Path userDir) throws Exception {
        try (AdminServer s = new AdminServer(Settings.defaults(), null, userDir)) {
            b.open(s.url("/"));
            menu("menu-import-examples");
            choose("examples-dialog", "redwire", "common", "Inject, change, debug");
            assertTrue(b.find("#examples-dialog-preview").getText().contains("Hello from an example flow"));
            b.click("#examples-dialog-confirm");
            b.waitFor(By.cssSelector("#tabs .tab.active"));
            b.until("the example's tab is shown", () -> b.find("#tabs .tab.active").getText().contains("Hello, Redwire"));
            assertEquals(3L, b.js("return document.querySelectorAll('#canvas .node[data-id]').length"));
            EditorE2ETest.deployAndExpectSuccess(b);
            assertEquals("Hello from an example flow", s.nextDebug(30).value(), "the example runs once deployed");
        }
    }

    @Test
    void functionCodeSavedToTheLibraryLoadsIntoAnotherFunctionNode(@TempDir Path userDir) throws Exception {
        String flow = EditorBrowser.tabAndInject("lib", "\"props\":[{\"p\":\"payload\"}],\"payload\":\"7\","
                + "\"payloadType\":\"num\"", 140, "f2") + """
                 {"id":"f1","type":"function","z":"t1","name":"doubler","func":"msg.payload *= 2;\\nreturn msg;",
                  "outputs":1,"timeout":0,"noerr":0,"initialize":"","finalize":"","libs":[],"x":300,"y":60,"wires":[[]]},
                 {"id":"f2","type":"function","z":"t1","name":"","func":"return msg;","outputs":1,"timeout":0,
                  "noerr":0,"initialize":"","finalize":"","libs":[],"x":300,"y":140,"wires":[["d1"]]},
                 {"id":"d1","type":"debug","z":"t1","name":"","active":true,"complete":"payload","x":500,"y":140,
                  "wires":[]}]""";
        try (AdminServer s = new AdminServer(Settings.defaults(), null, userDir)) {
            EditorE2ETest.openOn(b, s, userDir, flow, "f2");
            b.actions().doubleClick(b.find("#canvas .node[data-id='f1'] .node-body")).perform();
            b.click("#form-library");
            b.click("#library-menu .menu-item[data-id='library-save']");
            assertEquals("doubler.js", b.waitFor(By.id("library-save-name")).getAttribute("value"));
            b.find("#library-save-folder").sendKeys("tools");
            b.click("#library-save-confirm");
            Path saved = userDir.resolve("lib/functions/tools/doubler.js");
            b.until("the entry is written", () -> Files.exists(saved));
            String text = Files.readString(saved);
            assertTrue(text.startsWith("// name: doubler\n// outputs: 1\n"), text);
            assertTrue(text.endsWith("\nmsg.payload *= 2;\nreturn msg;"), text);
            b.click("#form-cancel");

            b.actions().doubleClick(b.find("#canvas .node[data-id='f2'] .node-body")).perform();
            b.click("#form-library");
            b.click("#library-menu .menu-item[data-id='library-open']");
            choose("library-load", "tools", "doubler.js");
            b.click("#library-load-confirm");
            b.until("the code is loaded", () -> "msg.payload *= 2;\nreturn msg;".equals(
                    b.js("return document.querySelector('#code-func').codeMirror.getValue()")));
            assertEquals("doubler", b.find("#field-name").getAttribute("value"));
            b.click("#form-done");
            EditorE2ETest.deployAndExpectSuccess(b);
            s.post("/inject/i1", "{}", "content-type", "application/json");
            assertEquals(14, ((Number) s.nextDebug(30).value()).intValue(), "the loaded code runs");
        }
    }
}
