package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.api.DebugEvent;

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
 * Editing a subflow template as in Node-RED: opened from an instance's form, an output and an env property added
 * in its tab and properties dialog, the new output wired, deployed, and a message through the instance leaving
 * by the new output with the env value; its palette entry and an empty "New subflow".
 */
class EditorSubflowE2ETest extends EditorBrowserTest {
    private static final String FLOW = EditorBrowser.tabAndInject("main",
            "\"props\":[{\"p\":\"payload\"}],\"payload\":\"hi\",\"payloadType\":\"str\"", 80, "inst") + """
             {"id":"sf1","type":"subflow","name":"Greeter","info":"","category":"","color":"#DDAA99","env":[],
              "in":[{"x":60,"y":80,"wires":[{"id":"c1"}]}],"out":[{"x":420,"y":80,"wires":[{"id":"c1","port":0}]}]},
             {"id":"c1","type":"change","z":"sf1","name":"greet",
              "rules":[{"t":"set","p":"payload","pt":"msg","to":"GREETING","tot":"env"}],"x":240,"y":80,"wires":[[]]},
             {"id":"inst","type":"subflow:sf1","z":"t1","name":"","env":[],"x":300,"y":80,"wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","name":"first","active":true,"complete":"payload","x":500,"y":60,"wires":[]},
             {"id":"d2","type":"debug","z":"t1","name":"second","active":true,"complete":"payload","x":500,"y":160,
              "wires":[]}]""";

    @Test
    void aTemplateGetsAnOutputAndAnEnvPropertyAndTheInstanceRunsThem(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, FLOW, "inst");
            WebElement entry = b.find("#palette-content .palette-node[data-type='subflow:sf1']");
            assertEquals("Greeter", entry.getText(), "the template's palette entry");

            b.actions().doubleClick(b.find("#canvas .node[data-id='inst'] .node-body")).perform();
            b.click("#form-edit-template");
            b.until("the template's tab is open", () -> b.find("#tabs .tab.active").getText().contains("Greeter"));
            assertTrue(b.find("#subflow-toolbar").isDisplayed());

            WebElement outputs = b.find("#subflow-outputs");
            outputs.sendKeys(Keys.chord(Keys.CONTROL, "a"), "2", Keys.TAB);
            b.waitFor(By.cssSelector("#canvas .node[data-id='out:1']"));
            assertEquals(List.of(List.of("d1"), List.of()), b.js("return window.redwire.model.get('inst').wires"),
                    "the instance has the new output");
            b.drag(b.find("#canvas .node[data-id='c1'] .port-out"), b.find("#canvas .node[data-id='out:1'] .node-body"));
            b.until("c1 is wired to output 2", () -> b.js("return JSON.stringify(window.redwire.model.get('sf1').out[1].wires)")
                    .equals("[{\"id\":\"c1\",\"port\":0}]"));

            b.click("#subflow-edit");
            b.click("#subflow-env-add");
            WebElement row = b.find("#subflow-env .env-row:last-child");
            row.findElement(By.cssSelector(".env-name")).sendKeys("GREETING");
            row.findElement(By.cssSelector(".env-value input[type='text'], .env-value input:not([type])"))
                    .sendKeys("hello from the template");
            b.find("#subflow-name").sendKeys(" v2");
            b.click("#subflow-done");
            b.until("the template's env is set", () -> "hello from the template".equals(
                    b.js("return window.redwire.model.get('sf1').env[0]?.value")));
            b.until("the palette entry follows the name", () -> b.find(
                    "#palette-content .palette-node[data-type='subflow:sf1']").getText().equals("Greeter v2"));

            b.click("#tabs .tab[data-id='t1']");
            b.drag(b.find("#canvas .node[data-id='inst'] .port-out[data-port='1']"),
                    b.find("#canvas .node[data-id='d2'] .node-body"));
            b.until("the new output is wired", () -> b.js("return JSON.stringify(window.redwire.model.get('inst').wires)")
                    .equals("[[\"d1\"],[\"d2\"]]"));
            b.actions().doubleClick(b.find("#canvas .node[data-id='inst'] .node-body")).perform();
            b.waitFor(By.id("field-subflow-env-GREETING"));
            b.click("#form-cancel");

            EditorE2ETest.deployAndExpectSuccess(b);
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            Map<String, Object> byNode = new java.util.HashMap<>();
            for (int i = 0; i < 2; i++) {
                DebugEvent e = s.nextDebug(20);
                byNode.put(e.name(), e.value());
            }
            assertEquals(Map.of("first", "hello from the template", "second", "hello from the template"), byNode,
                    "the message leaves by both outputs with the template's env value");
        }
    }

    @Test
    void newSubflowIsAnEmptyTemplateWithItsOwnTab(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, FLOW, "inst");
            b.click("#main-menu-button");
            b.click("#main-menu .menu-item[data-id='menu-new-subflow']");
            b.until("the new template's tab", () -> b.find("#tabs .tab.active").getText().contains("Subflow 1"));
            assertEquals(0L, b.js("return document.querySelectorAll('#canvas .node[data-id]').length"));
            b.find("#subflow-inputs").sendKeys("1");
            b.waitFor(By.cssSelector("#canvas .node[data-id='in:0']"));
            assertTrue(b.find("#palette-content .palette-node[data-type^='subflow:']:not([data-type='subflow:sf1'])")
                    .getText().contains("Subflow 1"));
        }
    }
}
