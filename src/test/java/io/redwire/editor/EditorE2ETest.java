package io.redwire.editor;

import io.redwire.admin.AdminAuth;
import io.redwire.admin.AdminServer;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The web editor in real headless Chromium against a real Redwire server (one browser, a fresh server per test). */
class EditorE2ETest extends EditorBrowserTest {

    static final String INJECT_DEBUG = """
            [{"id":"t1","type":"tab","label":"E2E","disabled":false,"info":"","env":[]},
             {"id":"i1","type":"inject","z":"t1","name":"say hello","props":[{"p":"payload"}],"payload":"hello from the editor",
              "payloadType":"str","repeat":"","crontab":"","once":false,"onceDelay":0.1,"topic":"","x":140,"y":100,
              "wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","name":"shown","active":true,"tosidebar":true,"console":false,
              "tostatus":true,"complete":"false","statusVal":"","statusType":"auto","x":380,"y":100,"wires":[]}]
            """;

    /** The seed flow: the shared copy next to the checkout, else the unchanged copy in flows/. */
    static Path seedFlow() {
        Path shared = Path.of("..", "shared", "flows", "seed-http-vs-grpc.flow.json");
        return Files.exists(shared) ? shared : Path.of("flows", "seed-http-vs-grpc.flow.json");
    }

    /**
     * The seed flow with its fixed ports (gRPC 5001, HTTP 1880 in the http request URL) rewritten to free ones, so
     * a run never collides with anything else on the machine.
     */
    static Path seedOnFreePorts(Path dir, int grpcPort, int httpPort) throws Exception {
        String seed = Files.readString(seedFlow()).replace("\"port\":\"5001\"", "\"port\":\"" + grpcPort + "\"")
                .replace("localhost:1880/", "localhost:" + httpPort + "/");
        return write(dir, "seed-free-ports.json", seed);
    }

    static Path write(Path dir, String name, String json) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, json);
        return f;
    }

    /** Imports a flows file through the import dialog's file chooser. */
    static void importFile(EditorBrowser b, Path file) {
        b.click("#import-button");
        b.waitFor(By.id("import-file")).sendKeys(file.toAbsolutePath().normalize().toString()); // chromedriver wants canonical paths
        new org.openqa.selenium.support.ui.WebDriverWait(b.driver(), java.time.Duration.ofSeconds(10))
                .until(d -> !d.findElement(By.id("import-text")).getAttribute("value").isEmpty());
        b.click("#import-confirm");
    }

    /** Opens the editor on a fresh server, imports {@code json} and waits until node {@code shownId} is drawn. */
    static void openOn(EditorBrowser b, AdminServer s, Path dir, String json, String shownId) throws Exception {
        b.open(s.url("/"));
        importFile(b, write(dir, "flow.json", json));
        try {
            b.waitFor(By.cssSelector("#canvas .node[data-id='" + shownId + "']"));
        } catch (RuntimeException e) {
            b.screenshot("open-failed");
            throw e;
        }
        b.js("document.querySelectorAll('.notification').forEach(n => n.remove())");
    }

    static void deployAndExpectSuccess(EditorBrowser b) throws Exception {
        b.click("#deploy-button");
        WebElement result = new org.openqa.selenium.support.ui.WebDriverWait(b.driver(),
                java.time.Duration.ofSeconds(90)).until(d -> d.findElements(By.id("deploy-result")).stream()
                .findFirst().orElse(null));
        if (!result.getAttribute("class").contains("success")) {
            b.screenshot("deploy-failed");
            throw new AssertionError("deploy was not accepted: " + result.getText());
        }
    }

    @Test
    void importDeployAndInjectShowsTheValueInTheDebugSidebar(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer(Settings.defaults(), FlowFile.inUserDir(dir))) {
            b.open(s.url("/"));
            importFile(b, write(dir, "flow.json", INJECT_DEBUG));
            b.waitFor(By.cssSelector("#canvas .node[data-id='i1']"));
            assertTrue(b.find("#dirty-flag").getAttribute("class").contains("dirty"));
            deployAndExpectSuccess(b);
            assertEquals(FlowFileReader.parse(INJECT_DEBUG, "x"), FlowFileReader.read(dir.resolve("flows.json")),
                    "the deploy reached the server and was saved");
            b.click("#canvas .node[data-id='i1'] .inject-button");
            WebElement msg = b.waitForText(By.cssSelector("#debug-messages .debug-message .debug-value"),
                    "hello from the editor");
            assertTrue(b.find("#debug-messages .debug-message .debug-meta").getText().contains("shown"));
            b.waitForText(By.cssSelector("#canvas .node[data-id='d1'] .node-status"), "hello from the editor");
            assertTrue(msg.isDisplayed());
            b.screenshot("inject-debug");

            b.click("#debug-messages .debug-message .debug-mute"); // the per-node toggle switches the node off
            b.waitFor(By.cssSelector("#canvas .node[data-id='d1'] .debug-button.off"));
            b.click("#canvas .node[data-id='i1'] .inject-button");
            Thread.sleep(700);
            assertEquals(1, b.driver().findElements(By.cssSelector("#debug-messages .debug-message")).size(),
                    "a muted debug node shows nothing");
            b.click("#debug-clear");
            assertEquals(0, b.driver().findElements(By.cssSelector("#debug-messages .debug-message")).size());
        }
    }

    @Test
    void wiringTwoNodesByDraggingConnectsThemForReal(@TempDir Path dir) throws Exception {
        String unwired = INJECT_DEBUG.replace("\"wires\":[[\"d1\"]]", "\"wires\":[[]]");
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            importFile(b, write(dir, "flow.json", unwired));
            WebElement out = b.waitFor(By.cssSelector("#canvas .node[data-id='i1'] .port-out"));
            assertEquals(0, b.driver().findElements(By.cssSelector("#canvas .wire")).size());
            b.drag(out, b.find("#canvas .node[data-id='d1'] .node-body"));
            b.waitFor(By.cssSelector("#canvas .wire[data-source='i1'][data-target='d1']"));
            assertEquals(List.of(List.of("d1")), b.js("return window.redwire.model.get('i1').wires"));
            b.screenshot("wired");
            deployAndExpectSuccess(b);
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertEquals("hello from the editor", s.nextDebug(5).value(), "the dragged wire is deployed");
        }
    }

    @Test
    void exportEqualsTheImportedSeedFlow() throws Exception {
        Path seed = seedFlow();
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            importFile(b, seed);
            b.waitFor(By.cssSelector("#canvas .node[data-id='e95f41214660dee0']"));
            b.screenshot("seed-imported");
            b.click("#export-button");
            String exported = b.waitFor(By.id("export-text")).getAttribute("value");
            Object expected = Json.parse(Files.readString(seed));
            assertEquals(expected, Json.parse(exported), "export = import, compared as JSON (key order ignored)");
            b.click("#export-close");

            importFile(b, seed); // the same nodes again: they get fresh ids, nothing existing is overwritten
            long count = (Long) b.js("return window.redwire.model.nodes.length");
            long unique = (Long) b.js("return new Set(window.redwire.model.nodes.map(n => n.id)).size");
            assertEquals(2 * ((java.util.List<?>) expected).size(), count);
            assertEquals(count, unique);
        }
    }

    @Test
    void aNodeDraggedFromThePaletteIsEditedInItsFormAndDeployed(@TempDir Path dir) throws Exception {
        String onlyDebug = """
                [{"id":"t1","type":"tab","label":"E2E","disabled":false,"info":"","env":[]},
                 {"id":"d1","type":"debug","z":"t1","name":"shown","active":true,"complete":"false","x":500,"y":120,
                  "wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            importFile(b, write(dir, "flow.json", onlyDebug));
            WebElement canvas = b.waitFor(By.id("canvas"));
            b.actions().moveToElement(b.find(".palette-node[data-type='inject']")).clickAndHold().moveByOffset(30, 0)
                    .moveToElement(canvas, -300, -250).release().perform();
            WebElement added = b.waitFor(By.cssSelector("#canvas .node[data-type='inject']"));
            String id = added.getAttribute("data-id");
            b.actions().doubleClick(b.find("#canvas .node[data-id='" + id + "'] .node-body")).perform();
            b.waitFor(By.id("node-form"));
            // the form is built from the declaration: a typed input for payload, numbers, checkboxes, JSON rows
            b.click("#node-form .form-row[data-field='payload'] .typed-button");
            b.click(".typed-menu .typed-menu-item[data-value='str']");
            assertEquals("str", b.js("return document.getElementById('field-payloadType').value"));
            WebElement payload = b.find("#field-payload");
            payload.clear();
            payload.sendKeys("typed in the form");
            WebElement repeat = b.find("#field-repeat");
            repeat.sendKeys("soon");
            b.click("#form-done");
            b.waitForText(By.cssSelector(".form-row[data-field='repeat'] .validation"), "must be a number");
            b.screenshot("form-validation");
            repeat.clear();
            b.click("#form-done");
            b.waitFor(By.cssSelector("#canvas .node[data-id='" + id + "']"));
            assertEquals(0, b.driver().findElements(By.id("node-form")).size());
            b.drag(b.find("#canvas .node[data-id='" + id + "'] .port-out"), b.find("#canvas .node[data-id='d1'] .node-body"));
            b.waitFor(By.cssSelector("#canvas .wire[data-source='" + id + "']"));
            deployAndExpectSuccess(b);
            b.click("#canvas .node[data-id='" + id + "'] .inject-button");
            b.waitForText(By.cssSelector("#debug-messages .debug-value"), "typed in the form");
            b.screenshot("palette-form");
        }
    }

    @Test
    void aRefusedDeployListsEveryErrorAndUnknownTypesAreDrawnDashed(@TempDir Path dir) throws Exception {
        String bad = """
                [{"id":"t1","type":"tab","label":"E2E","disabled":false,"info":"","env":[]},
                 {"id":"m1","type":"mystery","z":"t1","x":140,"y":100,"wires":[[]]},
                 {"id":"m2","type":"enigma","z":"t1","x":140,"y":200,"wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            s.post("/flows", INJECT_DEBUG);
            b.open(s.url("/"));
            b.find("#canvas").sendKeys(Keys.chord(Keys.CONTROL, "a"));
            b.find("#canvas").sendKeys(Keys.DELETE);
            importFile(b, write(dir, "bad.json", bad));
            WebElement unknown = b.waitFor(By.cssSelector("#canvas .node.unknown[data-id='m1']"));
            assertEquals("5 3", b.js("return getComputedStyle(arguments[0].querySelector('.node-body'))"
                    + ".strokeDasharray.replace(/px/g,'').replace(',', '')", unknown));
            assertTrue(b.find("#unknown-types").getText().contains("mystery"));
            b.click("#deploy-button");
            WebElement result = b.waitFor(By.cssSelector("#deploy-result.error"));
            assertTrue(result.getText().contains("mystery") && result.getText().contains("enigma"), result.getText());
            b.screenshot("deploy-refused");
            assertEquals(200, s.post("/inject/i1", "{}").statusCode(), "the previous flows still run");
            assertEquals("hello from the editor", s.nextDebug(5).value());
        }
    }

    @Test
    void withAdminAuthTheEditorAsksForALogin() throws Exception {
        String hash = io.redwire.web.PasswordHash.of("letmein");
        Settings settings = AdminServer.settings("{\"adminAuth\":{\"type\":\"credentials\",\"users\":[{\"username\":"
                + "\"admin\",\"password\":\"" + hash + "\",\"permissions\":\"*\"}]}}");
        try (AdminServer s = new AdminServer(settings, null)) {
            s.server().deploy(FlowFileReader.parse(INJECT_DEBUG, "x")).toCompletionStage().toCompletableFuture().get();
            b.leave();
            b.driver().get(s.url("/"));
            b.waitFor(By.id("login-dialog"));
            b.find("#login-username").sendKeys("admin");
            b.find("#login-password").sendKeys("wrong");
            b.click("#login-submit");
            b.waitForText(By.id("login-problem"), "wrong username or password");
            b.find("#login-password").clear();
            b.find("#login-password").sendKeys("letmein");
            b.click("#login-submit");
            b.waitFor(By.cssSelector("body[data-ready='true']"));
            b.waitFor(By.cssSelector("#canvas .node[data-id='i1']"));
            b.click("#canvas .node[data-id='i1'] .inject-button");
            b.waitForText(By.cssSelector("#debug-messages .debug-value"), "hello from the editor");
            assertTrue(b.find("#user-info").getText().contains("admin"));
            b.screenshot("login");
        }
    }

    @Test
    void anHttpInPathEditedInItsFormIsServedAfterDeploy(@TempDir Path dir) throws Exception {
        String flow = """
                [{"id":"t1","type":"tab","label":"HTTP","disabled":false,"info":"","env":[]},
                 {"id":"h1","type":"http in","z":"t1","name":"","url":"/before","method":"get","upload":false,
                  "swaggerDoc":"","x":140,"y":100,"wires":[["r1"]]},
                 {"id":"r1","type":"http response","z":"t1","name":"","statusCode":"","headers":{},"x":380,"y":100,
                  "wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            importFile(b, write(dir, "http.json", flow));
            deployAndExpectSuccess(b);
            assertEquals(200, s.get("/before?v=1").statusCode());
            b.actions().doubleClick(b.waitFor(By.cssSelector("#canvas .node[data-id='h1'] .node-body"))).perform();
            WebElement url = b.waitFor(By.id("field-url"));
            url.clear();
            url.sendKeys("/after");
            b.click("#form-done");
            deployAndExpectSuccess(b);
            var after = s.get("/after?v=edited");
            assertEquals(200, after.statusCode());
            assertEquals(Map.of("v", "edited"), Json.parse(after.body()));
            assertEquals(404, s.get("/before?v=1").statusCode());
            b.screenshot("http-in-edited");
        }
    }

    @Test
    void aChangeNodeValueEditedInItsFormIsAnsweredOverHttp(@TempDir Path dir) throws Exception {
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("change"), "needs the change node (logic family)");
            String flow = """
                    [{"id":"t1","type":"tab","label":"HTTP server","disabled":false,"info":"","env":[]},
                     {"id":"h1","type":"http in","z":"t1","name":"","url":"/http","method":"post","upload":false,
                      "swaggerDoc":"","x":140,"y":100,"wires":[["c1"]]},
                     {"id":"c1","type":"change","z":"t1","name":"","rules":[{"t":"set","p":"payload","pt":"msg",
                      "to":"{\\"message\\":\\"OK!\\"}","tot":"json"}],"action":"","property":"","from":"","to":"",
                      "reg":false,"x":320,"y":100,"wires":[["r1"]]},
                     {"id":"r1","type":"http response","z":"t1","name":"","statusCode":"",
                      "headers":{"Content-Type":"application/json"},"x":500,"y":100,"wires":[]}]""";
            b.open(s.url("/"));
            importFile(b, write(dir, "change.json", flow));
            deployAndExpectSuccess(b);
            assertEquals("{\"message\":\"OK!\"}", s.post("/http", "{}").body());
            b.actions().doubleClick(b.waitFor(By.cssSelector("#canvas .node[data-id='c1'] .node-body"))).perform();
            // the rule is edited through its typed-input widgets: action, property, value type menu and value
            assertEquals("set", b.js("return document.querySelector('#node-form .rule-action[data-row=\"0\"]').value"));
            assertEquals("payload", b.find(".typed-value[data-row='0'][data-part='p']").getAttribute("value"));
            WebElement menu = b.find(".typed-type[data-row='0'][data-part='to']");
            assertEquals("json", b.js("return arguments[0].value", menu));
            for (String type : List.of("str", "json")) { // through the type button's dropdown
                b.click(".typed-button[data-row='0'][data-part='to']");
                b.click(".typed-menu .typed-menu-item[data-value='" + type + "']");
                assertEquals(type, b.js("return arguments[0].value", menu));
            }
            WebElement to = b.find(".typed-value[data-row='0'][data-part='to']");
            to.clear();
            to.sendKeys("{\"message\":\"edited in the form\"}");
            b.screenshot("change-form");
            b.click("#form-done");
            deployAndExpectSuccess(b);
            assertEquals(Map.of("message", "edited in the form"), Json.parse(s.post("/http", "{}").body()));
            b.screenshot("change-edited");
        }
    }

    @Test
    void aConfigNodePickerListsTheDeclaredConfigTypeAndOpensItsForm() throws Exception {
        Path seed = seedFlow();
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("grpc-call"), "needs the grpc nodes");
            assumeTrue(Files.exists(seed), "seed flow file");
            b.open(s.url("/"));
            importFile(b, seed);
            b.actions().doubleClick(b.waitFor(By.cssSelector("#canvas .node[data-id='d3739dc3caf9689f'] .node-body")))
                    .perform();
            WebElement picker = b.waitFor(By.cssSelector("#node-form select[data-config-type='grpc-server']"));
            assertEquals("8cb71b4d968ba4f2", b.js("return arguments[0].value", picker));
            b.click("#node-form .config-edit");
            WebElement proto = b.waitFor(By.cssSelector("#dialogs .overlay:last-child #code-protoFile.CodeMirror"));
            assertTrue(String.valueOf(b.js("return arguments[0].codeMirror.getValue()", proto))
                    .contains("service Greeter"), "a code editor for the .proto text");
            b.screenshot("config-node-form");
            b.click("#dialogs .overlay:last-child #form-cancel");
            b.click("#node-form .config-add"); // a new grpc-server, made from its declaration's defaults
            WebElement port = b.waitFor(By.cssSelector("#dialogs .overlay:last-child #field-port"));
            assertEquals("5001", port.getAttribute("value"));
            b.click("#dialogs .overlay:last-child #form-done");
            new org.openqa.selenium.support.ui.WebDriverWait(b.driver(), java.time.Duration.ofSeconds(5))
                    .until(d -> !"8cb71b4d968ba4f2".equals(b.js("return arguments[0].value", picker)));
            assertEquals(3L, b.js("return arguments[0].options.length", picker), "(none) and two servers");
            new org.openqa.selenium.support.ui.Select(picker).selectByValue("");
            b.click("#form-done");
            b.waitForText(By.cssSelector("#node-form .form-row[data-field='server'] .validation"), "is required");
            b.click("#form-cancel");
        }
    }

    /** The seed flow's gRPC loop; needs the gRPC, function, switch, change and http request nodes. */
    @Test
    void theSeedFlowsGrpcLoopReportsAnElapsedTime(@TempDir Path dir) throws Exception {
        Path seed = seedFlow();
        try (AdminServer s = new AdminServer()) {
            var registry = s.server().engine().registry();
            for (String type : List.of("grpc-call", "grpc-server", "grpc-register-function", "grpc-response",
                    "change", "function", "switch", "http request")) {
                assumeTrue(registry.has(type), "the seed flow needs the " + type + " node");
            }
            assumeTrue(Files.exists(seed), "seed flow file");
            b.open(s.url("/"));
            importFile(b, seedOnFreePorts(dir, io.redwire.testing.Ports.free(), 1880));
            deployAndExpectSuccess(b);
            b.click("#canvas .node[data-id='2e42051c498d3367'] .inject-button");
            WebElement value = new org.openqa.selenium.support.ui.WebDriverWait(b.driver(),
                    java.time.Duration.ofSeconds(90)).until(d -> d.findElements(By.cssSelector(
                            "#debug-messages .debug-message[data-node='1f023ef9fb240d3f'] .debug-value"))
                    .stream().findFirst().orElse(null));
            assertTrue(Double.parseDouble(value.getText().trim()) >= 0, value.getText());
            b.screenshot("seed-grpc-loop");
        }
    }
}
