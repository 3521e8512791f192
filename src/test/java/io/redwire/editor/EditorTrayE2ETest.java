package io.redwire.editor;

import io.redwire.admin.AdminServer;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The edit tray in real headless Chromium, as a Node-RED user meets it: a node's form slides in from the right
 * titled "Edit function node" with Delete / Cancel / Done and the Properties / Description / Appearance tabs,
 * readable labels, a config node edited in a tray above it, typed inputs with type icons and the JSON / JSONata
 * editors, the Appearance tab's icon, label and port labels drawn on the canvas, a flow's own tray with its lock,
 * and the help built from the declaration.
 */
class EditorTrayE2ETest extends EditorBrowserTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab","label":"Flow 1"},
             {"id":"f1","type":"function","z":"t1","name":"","func":"return msg;","outputs":1,"timeout":0,
              "noerr":0,"initialize":"","finalize":"","libs":[],"x":200,"y":80,"wires":[["sw"]]},
             {"id":"sw","type":"switch","z":"t1","name":"","property":"payload","propertyType":"msg",
              "rules":[{"t":"eq","v":"a","vt":"str"}],"checkall":"true","repair":false,"outputs":1,
              "x":400,"y":80,"wires":[[]]},
             {"id":"in1","type":"inject","z":"t1","name":"","props":[{"p":"payload"}],"payload":"hi",
              "payloadType":"str","repeat":"","crontab":"","once":false,"onceDelay":0.1,"topic":"",
              "x":200,"y":180,"wires":[[]]},
             {"id":"mq","type":"mqtt in","z":"t1","name":"","topic":"a/b","qos":"0","datatype":"auto-detect",
              "broker":"br","nl":false,"rap":true,"rh":0,"inputs":0,"x":200,"y":280,"wires":[[]]},
             {"id":"br","type":"mqtt-broker","name":"local","broker":"127.0.0.1","port":"1","clientid":"",
              "autoConnect":false,"usetls":false,"protocolVersion":"4","keepalive":"60","cleansession":true}]""";

    /** Generous: 2 loaded cores run the runtime, Chromium and the other tests. */
    private static WebDriverWait patience;

    @BeforeAll
    static void startBrowser() throws Exception {
        patience = new WebDriverWait(b.driver(), Duration.ofSeconds(20));
    }

    private static void until(String what, java.util.function.BooleanSupplier ok) {
        patience.withMessage(what).until(d -> ok.getAsBoolean());
    }

    private static Object model(String expression) {
        return b.js("return window.redwire.model." + expression);
    }

    private static AdminServer serverWithFlow() throws Exception {
        AdminServer s = new AdminServer();
        assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", FLOW).statusCode());
        b.open(s.url("/"));
        return s;
    }

    private static void edit(String nodeId) {
        b.actions().doubleClick(b.waitFor(By.cssSelector("#canvas .node[data-id='" + nodeId + "'] .node-body")))
                .perform();
        b.waitFor(By.cssSelector("#node-form.tray.open"));
        until("the tray slid in", () -> ((Number) b.js("const r = document.getElementById('node-form')"
                + ".getBoundingClientRect(); return Math.abs(r.right - window.innerWidth)")).doubleValue() < 2);
    }

    /** The flows the runtime holds now. */
    private static String stored(AdminServer s) {
        try {
            return s.get("/flows").body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> texts(String css) {
        return (List<String>) b.js("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim())",
                css);
    }

    /** Types into the CodeMirror editor whose wrapper has this id. */
    private static void typeInto(String codeMirrorId, CharSequence... keys) {
        WebElement code = b.waitFor(By.cssSelector("#" + codeMirrorId + ".CodeMirror"));
        b.actions().click(code.findElement(By.cssSelector(".CodeMirror-line"))).sendKeys(keys).perform();
    }

    @Test
    void aNodeFormIsATrayFromTheRightWithNodeRedsButtonsTabsAndLabels() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            edit("f1");
            Map<?, ?> box = (Map<?, ?>) b.js("const r = document.getElementById('node-form').getBoundingClientRect();"
                    + "return {left: r.left, width: window.innerWidth, modal: !!document.querySelector('#node-form.dialog')}");
            assertTrue(((Number) box.get("left")).doubleValue() > ((Number) box.get("width")).doubleValue() / 3,
                    "a tray on the right, not a centred modal: " + box);
            assertEquals(false, box.get("modal"));
            assertEquals("Edit function node", b.find("#node-form .tray-title").getText());
            assertEquals(List.of("Delete", "Cancel", "Done"), texts("#node-form .tray-header button"));
            assertEquals(List.of("Properties", "Description", "Appearance"), texts("#node-form .tray-tab"));
            List<String> labels = texts("#node-form .tray-section[data-tab='properties'] .form-row > label");
            assertTrue(labels.containsAll(List.of("Name", "On Message", "On Start", "On Stop", "Outputs")), labels.toString());
            assertTrue(labels.stream().noneMatch(l -> l.equals("func") || l.equals("initialize")), labels.toString());
            b.screenshot("tray-function");
            // the description is a code editor on its own tab
            b.click("#node-form-tab-description");
            typeInto("field-description", "what this function is for");
            b.click("#form-done");
            until("the tray closed", () -> b.driver().findElements(By.id("node-form")).isEmpty());
            assertEquals("what this function is for", model("get('f1').info"));

            // a validation message names the label, not the property
            edit("sw");
            assertEquals("Rules to check", b.find("#node-form .form-row[data-field='checkall'] > label").getText());
            b.click("#form-cancel");
        }
    }

    @Test
    void aConfigNodeOpensInASecondTrayAboveTheNodesForm() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            edit("mq");
            assertEquals("Edit mqtt in node", b.find("#node-form .tray-title").getText());
            b.click("#node-form .config-edit");
            until("a second tray", () -> b.driver().findElements(By.cssSelector(".tray")).size() == 2);
            assertEquals(List.of("Edit mqtt in node", "Edit mqtt-broker node"), texts(".tray .tray-title"));
            WebElement name = b.find(".tray-overlay:last-child #field-name");
            name.clear();
            name.sendKeys("renamed broker");
            b.click(".tray-overlay:last-child #form-done");
            until("back to one tray", () -> b.driver().findElements(By.cssSelector(".tray")).size() == 1);
            assertEquals("renamed broker", model("get('br').name"));
            assertEquals("renamed broker", b.js("const s = document.getElementById('field-broker');"
                    + "return s.options[s.selectedIndex].textContent"));
            b.click("#form-cancel");
        }
    }

    @Test
    void typedInputsShowTheTypesIconAndOpenTheJsonAndJsonataEditors() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            edit("in1");
            WebElement typeButton = b.find("#node-form .form-row[data-field='payload'] .typed-button");
            assertEquals("az", typeButton.findElement(By.cssSelector(".typed-icon")).getText());
            typeButton.click();
            List<String> offered = texts(".typed-menu .typed-menu-item .typed-icon");
            assertTrue(offered.containsAll(List.of("msg.", "flow.", "global.", "az", "0-9", "bool", "{ }", "expr",
                    "buf", "time", "env")), offered.toString());
            b.click(".typed-menu .typed-menu-item[data-value='json']");
            assertEquals("json", b.js("return document.getElementById('field-payloadType').value"));
            assertEquals("{ }", typeButton.findElement(By.cssSelector(".typed-icon")).getText());
            // JSON: a parse error names its line and column; format indents
            b.click("#node-form .form-row[data-field='payload'] .typed-expand");
            b.waitFor(By.cssSelector("#expression-editor.tray"));
            b.js("document.getElementById('expression-json').codeMirror.setValue('{\"a\":\\n 1,,}')");
            b.waitForText(By.id("expression-json-error"), "line 2");
            b.js("document.getElementById('expression-json').codeMirror.setValue('{\"a\":1,\"b\":[2]}')");
            b.click("#expression-json-format");
            assertEquals("{\n    \"a\": 1,\n    \"b\": [\n        2\n    ]\n}",
                    b.js("return document.getElementById('expression-json').codeMirror.getValue()"));
            assertEquals("", b.find("#expression-json-error").getText());
            b.click("#expression-done");
            until("the JSON editor closed", () -> b.driver().findElements(By.id("expression-editor")).isEmpty());
            assertTrue(String.valueOf(b.js("return document.getElementById('field-payload').value"))
                    .contains("\"b\""));

            // JSONata: the test panel evaluates with the runtime's engine, and shows its error
            typeButton.click();
            b.click(".typed-menu .typed-menu-item[data-value='jsonata']");
            b.click("#node-form .form-row[data-field='payload'] .typed-expand");
            b.waitFor(By.cssSelector("#expression-editor.tray"));
            b.js("document.getElementById('expression-jsonata').codeMirror.setValue('$uppercase(payload) & \"!\"')");
            b.click("#expression-test");
            b.waitForText(By.id("expression-result"), "HELLO WORLD!");
            b.js("document.getElementById('expression-jsonata').codeMirror.setValue('payload +')");
            b.click("#expression-test");
            until("the error shown", () -> b.find("#expression-result").getAttribute("class")
                    .contains("expression-failed"));
            b.js("document.getElementById('expression-jsonata').codeMirror.setValue('payload & \"?\"')");
            b.click("#expression-done");
            b.click("#form-done");
            assertEquals(List.of("jsonata", "payload & \"?\""), b.js("const n = window.redwire.model.get('in1');"
                    + "return [n.payloadType, n.payload]"));
        }
    }

    @Test
    void theAppearanceTabSetsIconLabelAndPortLabelsAsNodeRedStoresThem() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            edit("f1");
            b.click("#node-form-tab-appearance");
            b.click("#field-icon");
            b.click("#icon-grid .icon-choice[data-icon='debug']");
            b.click("#field-show-label");
            WebElement out = b.find("#field-outputLabels-0");
            out.sendKeys("the result");
            b.screenshot("tray-appearance");
            b.click("#form-done");
            assertEquals(List.of("debug", false, List.of("the result")), b.js("const n = window.redwire.model"
                    + ".get('f1'); return [n.icon, n.l, n.outputLabels]"));
            WebElement node = b.waitFor(By.cssSelector("#canvas .node[data-id='f1']"));
            assertEquals("editor/icons/debug.svg", node.findElement(By.cssSelector(".node-icon")).getAttribute("href"));
            assertTrue(node.findElements(By.cssSelector(".node-label")).isEmpty(), "the label is hidden");
            assertEquals("the result", b.js("return document.querySelector(\"#canvas .node[data-id='f1'] .port-out title\")"
                    + ".textContent"));
            // the stored flow carries them as Node-RED's does
            b.click("#deploy-button");
            until("deployed", () -> stored(s).contains("\"outputLabels\":[\"the result\"]"));
            assertTrue(s.get("/flows").body().contains("\"l\":false"));
        }
    }

    @Test
    void aFlowHasItsOwnTrayAndALockedFlowCannotBeEdited() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            b.actions().doubleClick(b.waitFor(By.cssSelector("#tabs .tab[data-id='t1']"))).perform();
            b.waitFor(By.cssSelector("#tab-dialog.tray"));
            assertEquals("Edit flow", b.find("#tab-dialog .tray-title").getText());
            WebElement name = b.find("#tab-label");
            name.clear();
            name.sendKeys("Orders");
            b.click("#tab-env-add");
            b.find("#tab-env .env-row:last-child .env-name").sendKeys("LIMIT");
            b.find("#tab-env .env-row:last-child .typed-value").sendKeys("5");
            b.click("#tab-dialog-tab-description");
            typeInto("tab-description", "takes orders");
            b.click("#tab-dialog-tab-properties");
            b.click("#tab-locked");
            assertEquals(Boolean.TRUE, b.js("return document.getElementById('tab-label').disabled"), "locked: no edits");
            b.click("#tab-done");
            assertEquals(List.of("Orders", "takes orders", true, List.of(Map.of("name", "LIMIT", "type", "str",
                    "value", "5"))), b.js("const t = window.redwire.model.get('t1');"
                    + "return [t.label, t.info, t.locked, t.env]"));
            // a locked flow's node form only shows
            edit("f1");
            b.waitFor(By.cssSelector("#node-form.locked .locked-note"));
            assertEquals(List.of("Close"), texts("#node-form .tray-header button:not(#form-cancel)"));
            assertEquals(Boolean.TRUE, b.js("return document.getElementById('field-name').disabled"));
            b.click("#form-done");
            assertEquals("", model("get('f1').name"));
            b.click("#deploy-button");
            until("deployed", () -> stored(s).contains("\"locked\":true"));
            String stored = s.get("/flows").body();
            assertTrue(stored.contains("\"label\":\"Orders\"") && stored.contains("\"LIMIT\""), stored);
        }
    }

    @Test
    void theHelpTabShowsTheDeclarationsTextLabelsAndPorts() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            b.click("#canvas .node[data-id='sw'] .node-body");
            b.click(".sidebar-tabs button[data-panel='info-panel']");
            b.waitFor(By.id("help-fields"));
            String help = b.find("#info-help").getText();
            assertTrue(!help.contains("null") && !help.contains("undefined"), help);
            assertEquals("Rules to check checkall", b.find("#help-fields dt[data-field='checkall']").getText());
            assertTrue(b.find("#help-fields dt[data-field='checkall'] + dd").getText().length() > 10);
            assertTrue(!b.driver().findElements(By.id("help-inputs")).isEmpty()
                    && !b.driver().findElements(By.id("help-outputs")).isEmpty());
            b.find("#canvas").sendKeys(Keys.ESCAPE);
        }
    }

    @Test
    void theFunctionFormHasNodeRedsTabsAndLibsAsRows() throws Exception {
        try (AdminServer s = serverWithFlow()) {
            edit("f1");
            assertEquals(List.of("Setup", "On Start", "On Message", "On Stop"), texts("#node-form .form-section-tab"));
            assertEquals("On Message", b.find("#node-form .form-section-tab.active").getText(), "opens on the code");
            assertTrue(b.find("#code-func").isDisplayed() && !b.find("#code-initialize").isDisplayed());
            b.click("#node-form .form-section-tab[data-section='Setup']");
            assertTrue(b.find("#field-outputs").isDisplayed() && !b.find("#code-func").isDisplayed());
            b.click("#node-form .form-row[data-field='libs'] .rule-add");
            b.find("#node-form .form-row[data-field='libs'] input[data-part='module']").sendKeys("os");
            b.find("#node-form .form-row[data-field='libs'] input[data-part='var']").sendKeys("myos");
            b.click("#form-done");
            assertEquals(List.of(Map.of("var", "myos", "module", "os")), model("get('f1').libs"));
        }
    }

    @Test
    void linkTargetsArePickedFromATreeAndTheOtherEndFollows() throws Exception {
        String flow = """
                [{"id":"t1","type":"tab","label":"Flow 1"},{"id":"t2","type":"tab","label":"Flow 2"},
                 {"id":"lo","type":"link out","z":"t1","name":"out","mode":"link","links":[],"x":200,"y":80,"wires":[]},
                 {"id":"la","type":"link in","z":"t1","name":"here","links":[],"x":400,"y":80,"wires":[[]]},
                 {"id":"lb","type":"link in","z":"t2","name":"there","links":[],"x":400,"y":80,"wires":[[]]}]""";
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", flow).statusCode());
            b.open(s.url("/"));
            edit("lo");
            assertEquals(List.of("Flow 1", "Flow 2"), texts("#field-links .link-tree-flow-name"));
            b.click("#field-links .link-tree-node[data-id='lb'] input");
            b.click("#form-done");
            assertEquals(List.of("lb"), model("get('lo').links"));
            assertEquals(List.of("lo"), model("get('lb').links"), "the link in lists its link out");
            assertEquals(List.of(), model("get('la').links"));
            // and from the other end: unticking there removes it here
            b.click("#tabs .tab[data-id='t2']");
            edit("lb");
            assertEquals(Boolean.TRUE, b.js("return document.querySelector(\"#field-links .link-tree-node[data-id='lo'] input\").checked"));
            b.click("#field-links .link-tree-node[data-id='lo'] input");
            b.click("#form-done");
            assertEquals(List.of(), model("get('lo').links"));
            assertEquals(List.of(), model("get('lb').links"));
        }
    }
}
