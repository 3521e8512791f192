package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.admin.ContextApiTest;
import io.redwire.admin.IdlApiTest;
import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The context sidebar, the purpose-built forms and subflow creation, in real headless Chromium. */
class EditorSidebarAndFormsE2ETest extends EditorBrowserTest {

    private static void until(String what, java.util.function.BooleanSupplier ok) {
        new WebDriverWait(b.driver(), Duration.ofSeconds(10)).withMessage(what).until(d -> ok.getAsBoolean());
    }

    private static List<String> keys(String section) {
        @SuppressWarnings("unchecked")
        List<String> keys = (List<String>) b.js("return [...document.querySelectorAll(arguments[0])]"
                + ".map(e => e.dataset.key)", "#context-" + section + " .context-entry");
        return keys;
    }

    private static String value(String section, String key) {
        return b.find("#context-" + section + " .context-entry[data-key='" + key + "'] .context-value").getText();
    }

    @Test
    void theContextSidebarShowsRefreshesAndDeletesNodeFlowAndGlobalContext() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("function"));
            assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", ContextApiTest.FLOW).statusCode());
            assertTrue(s.nextDebug(10) != null, "the function node filled its context");
            b.open(s.url("/"));
            b.click("#canvas .node[data-id='f1'] .node-body");
            b.click(".sidebar-tabs button[data-panel='context-panel']");
            until("node context listed", () -> keys("node").equals(List.of("count", "s")));
            assertEquals("3", value("node", "count"));
            assertEquals("hello", value("node", "s"));
            assertEquals("number", b.find("#context-node .context-entry[data-key='count'] .context-format").getText());
            assertEquals(List.of("obj"), keys("flow"));
            assertTrue(value("flow", "obj").contains("a: 1"), value("flow", "obj"));
            assertEquals(List.of("arr", "buf", "n"), keys("global"));
            assertEquals("buffer[2] 6869", value("global", "buf"));
            assertEquals("null", value("global", "n"));

            // a value set after the sidebar was drawn shows on refresh
            s.server().engine().execute(() -> s.server().engine().globalContext().set("later", "set by a test"));
            b.click("#context-global .context-refresh");
            until("refreshed global", () -> keys("global").contains("later"));
            assertEquals("set by a test", value("global", "later"));

            // delete asks once more, then removes the key on the server
            WebElement del = b.find("#context-node .context-entry[data-key='count'] .context-delete");
            b.actions().moveToElement(del).click().perform();
            assertEquals(List.of("count", "s"), keys("node"), "the first click only asks");
            b.actions().moveToElement(del).click().perform();
            until("count deleted", () -> keys("node").equals(List.of("s")));
            assertEquals("{\"memory\":{\"s\":{\"msg\":\"hello\",\"format\":\"string[5]\"}}}",
                    s.get("/context/node/f1").body());

            // selecting another node follows the selection; an empty context says so
            b.click("#canvas .node[data-id='d1'] .node-body");
            until("debug node has no context", () -> keys("node").isEmpty()
                    && b.find("#context-node .context-entries").getText().equals("none"));
            b.screenshot("context-sidebar");
        }
    }

    /** Redwire's own families (no Node-RED counterpart): labels from their declarations' label expressions. */
    @Test
    void thriftAndEventBusNodesAreLabelledFromTheirDeclarations(@TempDir Path dir) throws Exception {
        String flow = """
                [{"id":"t1","type":"tab","label":"labels"},
                 {"id":"ts","type":"thrift-server","host":"","port":9090,"idl":"","protocol":"binary",
                  "transport":"buffered","localServer":false},
                 {"id":"tc","type":"thrift-call","z":"t1","server":"ts","service":"Calc","method":"add","x":100,"y":40,
                  "wires":[[]]},
                 {"id":"tc2","type":"thrift-call","z":"t1","server":"ts","service":"","method":"","x":100,"y":100,
                  "wires":[[]]},
                 {"id":"tf","type":"thrift-register-function","z":"t1","server":"ts","service":"Calc","method":"mul",
                  "x":300,"y":40,"wires":[[]]},
                 {"id":"tr","type":"thrift-response","z":"t1","x":300,"y":100,"wires":[]},
                 {"id":"ei","type":"eventbus in","z":"t1","address":"orders","x":500,"y":40,"wires":[[]]},
                 {"id":"eo","type":"eventbus out","z":"t1","name":"notify","address":"orders","mode":"publish",
                  "x":500,"y":100,"wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            EditorE2ETest.importFile(b, EditorE2ETest.write(dir, "labels.json", flow));
            b.waitFor(By.cssSelector("#canvas .node[data-id='eo']"));
            @SuppressWarnings("unchecked")
            Map<String, String> labels = (Map<String, String>) b.js("const out = {};"
                    + "document.querySelectorAll('#canvas .node[data-id]').forEach(g => out[g.dataset.id] ="
                    + " g.querySelector('.node-label').textContent); return out;");
            assertEquals(Map.of("tc", "Calc.add", "tc2", "thrift call", "tf", "Calc.mul", "tr", "thrift response",
                    "ei", "eventbus: orders", "eo", "notify"), labels);
            assertEquals("localhost:9090", b.js("return window.redwire.registry.label("
                    + "window.redwire.model.get('ts'), window.redwire.model)"), "the config node's label");
        }
    }

    /**
     * Node-RED's "Selection to Subflow": the wire into the selection becomes the input port, each (node, port) wired
     * out becomes an output port; the instance is wired in the selection's place; one undo restores everything; the
     * result deploys and a message flows through the new subflow.
     */
    @Test
    void selectionToSubflowMakesPortsFromCrossingWiresAndIsUndoable(@TempDir Path dir) throws Exception {
        String flow = EditorBrowser.tabAndInject("main",
                "\"name\":\"\",\"props\":[{\"p\":\"payload\"}],\"payload\":\"7\",\"payloadType\":\"num\"", 80, "c1") + """
                 {"id":"c1","type":"change","z":"t1","name":"","rules":[{"t":"set","p":"a","pt":"msg","to":"1","tot":"num"}],
                  "x":280,"y":80,"wires":[["s1"]]},
                 {"id":"s1","type":"switch","z":"t1","name":"","property":"payload","propertyType":"msg",
                  "rules":[{"t":"gt","v":"5","vt":"num"},{"t":"else"}],"checkall":"true","repair":false,"outputs":2,
                  "x":440,"y":80,"wires":[["d1"],["d2"]]},
                 {"id":"d1","type":"debug","z":"t1","name":"big","active":true,"complete":"true","x":620,"y":60,"wires":[]},
                 {"id":"d2","type":"debug","z":"t1","name":"small","active":true,"complete":"true","x":620,"y":120,
                  "wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            EditorE2ETest.importFile(b, EditorE2ETest.write(dir, "to-subflow.json", flow));
            b.waitFor(By.cssSelector("#canvas .node[data-id='s1']"));
            b.js("document.querySelectorAll('.notification').forEach(n => n.remove())");
            String before = (String) b.js("return JSON.stringify(window.redwire.model.nodes)");
            b.click("#canvas .node[data-id='c1'] .node-body");
            b.actions().keyDown(org.openqa.selenium.Keys.CONTROL).click(b.find("#canvas .node[data-id='s1'] .node-body"))
                    .keyUp(org.openqa.selenium.Keys.CONTROL).perform();
            b.click("#subflow-button");
            @SuppressWarnings("unchecked")
            Map<String, Object> made = (Map<String, Object>) b.js("const m = window.redwire.model;"
                    + "const sf = m.nodes.find(n => n.type === 'subflow');"
                    + "const inst = m.nodes.find(n => n.type === 'subflow:' + sf.id);"
                    + "return {name: sf.name, in: sf.in.map(p => p.wires), out: sf.out.map(p => p.wires),"
                    + " moved: ['c1','s1'].map(id => m.get(id).z === sf.id), instZ: inst.z, instId: inst.id,"
                    + " instWires: inst.wires, injectWires: m.get('i1').wires, sfWires: m.get('c1').wires,"
                    + " sWires: m.get('s1').wires}");
            assertEquals("Subflow 1", made.get("name"));
            assertEquals(List.of(List.of(Map.of("id", "c1"))), made.get("in"), "the wire in became the input port");
            assertEquals(List.of(List.of(Map.of("id", "s1", "port", 0L)), List.of(Map.of("id", "s1", "port", 1L))),
                    made.get("out"), "each switch output wired out became an output port");
            assertEquals(List.of(true, true), made.get("moved"));
            assertEquals("t1", made.get("instZ"));
            assertEquals(List.of(List.of("d1"), List.of("d2")), made.get("instWires"));
            assertEquals(List.of(List.of(made.get("instId"))), made.get("injectWires"), "the wire in ends at the instance");
            assertEquals(List.of(List.of("s1")), made.get("sfWires"), "wires inside the selection stay");
            assertEquals(List.of(List.of(), List.of()), made.get("sWires"), "wires out now leave from the instance");
            b.waitFor(By.cssSelector("#canvas .node[data-id='i1']"));
            assertEquals(0, b.driver().findElements(By.cssSelector("#canvas .node[data-id='c1']")).size());

            // the subflow's tab shows the moved nodes wired to its ports
            b.click(".tab[data-id='" + b.js("return window.redwire.model.nodes.find(n => n.type === 'subflow').id")
                    + "']");
            b.waitFor(By.cssSelector("#canvas .wire[data-source='in:0'][data-target='c1']"));
            assertEquals(2, b.driver().findElements(By.cssSelector("#canvas .wire[data-source='s1'][data-target^='out:']"))
                    .size());
            b.screenshot("selection-to-subflow");
            b.click(".tab[data-id='t1']");

            // it deploys and runs: 7 > 5 leaves by the first output
            b.click("#deploy-button");
            until("deployed", () -> b.js("return window.redwire.model.dirty").equals(false));
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            var out = s.nextDebug(10);
            assertEquals("big", out.name(), "the first subflow output reached d1");

            b.find("#canvas").sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "z"));
            assertEquals(before, b.js("return JSON.stringify(window.redwire.model.nodes)"), "one undo restores all");
        }
    }

    private static boolean shown(String field) {
        return b.find("#node-form .form-row[data-field='" + field + "']").isDisplayed();
    }

    private static void choose(String field, String value) {
        new org.openqa.selenium.support.ui.Select(b.find("#field-" + field)).selectByValue(value);
    }

    private static String optionText(String field, String value) {
        return b.find("#field-" + field + " option[value='" + value + "']").getText();
    }

    /** http request and join forms say what the values mean and show only the fields of the chosen mode. */
    @Test
    void httpRequestAndJoinFormsShowTheFieldsOfTheChosenMode(@TempDir Path dir) throws Exception {
        String flow = EditorBrowser.tabAndInject("forms",
                "\"name\":\"\",\"props\":[{\"p\":\"payload\"}],\"payload\":\"\",\"payloadType\":\"date\"", 40, "hr") + """
                 {"id":"hr","type":"http request","z":"t1","name":"","method":"GET","ret":"txt","paytoqs":"ignore",
                  "url":"http://127.0.0.1:1/x","authType":"","x":280,"y":40,"wires":[["jn"]]},
                 {"id":"jn","type":"join","z":"t1","name":"","mode":"auto","build":"object","property":"payload",
                  "propertyType":"msg","key":"topic","joiner":"\\n","joinerType":"str","accumulate":false,
                  "timeout":"","count":"","reduceRight":false,"reduceExp":"","reduceInit":"","reduceInitType":"num",
                  "reduceFixup":"","x":460,"y":40,"wires":[[]]}]""";
        try (AdminServer s = new AdminServer()) {
            EditorE2ETest.openOn(b, s, dir, flow, "jn");

            b.actions().doubleClick(b.find("#canvas .node[data-id='hr'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-ret"));
            assertEquals("- set by msg.method -", optionText("method", "use"));
            assertEquals("a parsed JSON object", optionText("ret", "obj"));
            assertEquals("Append to query-string parameters", optionText("paytoqs", "query"));
            assertEquals("bearer authentication", optionText("authType", "bearer"));
            assertTrue(shown("paytoqs"), "GET: the payload can go to the query string");
            choose("method", "POST");
            assertTrue(!shown("paytoqs"), "POST: the payload is the body, no choice to make");
            choose("method", "GET");
            choose("paytoqs", "query");
            choose("ret", "obj");
            b.screenshot("http-request-form");
            b.click("#form-done");
            assertEquals(List.of("GET", "query", "obj"), b.js("const n = window.redwire.model.get('hr');"
                    + "return [n.method, n.paytoqs, n.ret]"));

            b.actions().doubleClick(b.find("#canvas .node[data-id='jn'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-mode"));
            assertEquals(List.of("automatic", "manual", "reduce sequence"), List.of(optionText("mode", "auto"),
                    optionText("mode", "custom"), optionText("mode", "reduce")));
            assertTrue(!shown("build") && !shown("reduceExp") && !shown("timeout"), "automatic mode has no settings");
            choose("mode", "reduce");
            assertTrue(shown("reduceExp") && shown("reduceInit") && shown("reduceFixup") && !shown("build"));
            choose("mode", "custom");
            assertTrue(shown("build") && shown("count") && shown("timeout") && !shown("reduceExp"));
            assertTrue(shown("key") && !shown("joiner"), "a key/value object is keyed, not joined");
            choose("build", "string");
            assertTrue(!shown("key") && shown("joiner"), "a string is joined, not keyed");
            b.screenshot("join-form");
            b.click("#form-done");
            assertEquals(List.of(), b.js("return [...document.querySelectorAll('#node-form .form-row.invalid')]"
                    + ".map(r => r.dataset.field + ': ' + r.querySelector('.validation').textContent)"));
            assertEquals(List.of("custom", "string"), b.js("const n = window.redwire.model.get('jn');"
                    + "return [n.mode, n.build]"));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> options(String field, boolean labels) {
        return (List<String>) b.js("return [...document.querySelectorAll(arguments[0])].map(o => arguments[1] ? "
                + "o.textContent : o.value)", "#node-form #field-" + field + " option", labels);
    }

    private static Map<String, Object> node(String id, String type, Object... more) {
        Map<String, Object> n = new java.util.LinkedHashMap<>();
        n.put("id", id);
        n.put("type", type);
        for (int i = 0; i + 1 < more.length; i += 2) {
            n.put((String) more[i], more[i + 1]);
        }
        return n;
    }

    /** gRPC and Thrift forms list the services and methods the config node's .proto / .thrift declares. */
    @Test
    void grpcAndThriftFormsOfferTheServicesAndMethodsOfTheCompiledDefinition(@TempDir Path dir) throws Exception {
        List<Object> wires = List.of(List.of());
        String flow = Json.stringify(List.of(node("t1", "tab", "label", "idl"),
                node("gs", "grpc-server", "name", "shop", "port", 5001, "server", "", "protoFile", IdlApiTest.PROTO,
                        "localServer", false),
                node("bad", "grpc-server", "name", "broken", "port", 5002, "server", "", "protoFile",
                        IdlApiTest.PROTO.replace("rpc Track", "rpc Track Track"), "localServer", false),
                node("gc", "grpc-call", "z", "t1", "name", "", "server", "gs", "service", "", "method", "", "x", 120,
                        "y", 60, "wires", wires),
                node("ts", "thrift-server", "host", "", "port", 9090, "idl", IdlApiTest.THRIFT, "idlFile", "",
                        "protocol", "binary", "transport", "buffered", "localServer", false),
                node("tc", "thrift-call", "z", "t1", "name", "", "server", "ts", "service", "", "method", "",
                        "x", 320, "y", 60, "wires", wires)));
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("grpc-call")
                    && s.server().engine().registry().has("thrift-call"));
            EditorE2ETest.openOn(b, s, dir, flow, "tc");

            b.actions().doubleClick(b.find("#canvas .node[data-id='gc'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-service"));
            until("the .proto's services listed", () -> options("service", false).equals(
                    List.of("", "Orders", "Health")));
            choose("service", "Orders");
            until("the service's methods listed", () -> options("method", true).equals(List.of("(none)",
                    "Place (unary)", "Track (server streaming)", "Upload (client streaming)",
                    "Chat (bidirectional streaming)")));
            choose("method", "Track");
            b.screenshot("grpc-method-picker");
            b.click("#form-done");
            assertEquals(List.of("Orders", "Track"), b.js("const n = window.redwire.model.get('gc');"
                    + "return [n.service, n.method]"));

            // a config node whose .proto does not compile: the compiler's message with its line
            b.actions().doubleClick(b.find("#canvas .node[data-id='gc'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-server"));
            choose("server", "bad");
            WebElement error = b.waitFor(By.cssSelector("#node-form .form-row[data-field='service'] .idl-error"));
            assertTrue(error.getText().contains("does not compile: line 5: protoFile.proto:5:"), error.getText());
            assertEquals(List.of("", "Orders"), options("service", false), "the chosen service is kept, marked");
            // fixing the .proto in the config node's own form (✎) lists its services again
            b.click("#node-form .config-edit");
            WebElement proto = b.waitFor(By.cssSelector("#dialogs .overlay:last-child #code-protoFile.CodeMirror"));
            b.js("arguments[0].codeMirror.setValue(arguments[1])", proto, IdlApiTest.PROTO.replace("service Health",
                    "service Status"));
            b.click("#dialogs .overlay:last-child #form-done");
            until("the fixed .proto's services listed", () -> options("service", false).equals(
                    List.of("", "Orders", "Status")));
            assertEquals(0, b.driver().findElements(By.cssSelector("#node-form .idl-error")).size());
            b.click("#form-cancel");

            b.actions().doubleClick(b.find("#canvas .node[data-id='tc'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-service"));
            until("the IDL's services listed", () -> options("service", false).equals(List.of("", "Calc")));
            choose("service", "Calc");
            until("the methods listed", () -> options("method", true).equals(List.of("(none)", "add (call)",
                    "ping (oneway)")));
            choose("method", "ping");
            b.click("#form-done");
            assertEquals(List.of("Calc", "ping"), b.js("const n = window.redwire.model.get('tc');"
                    + "return [n.service, n.method]"));
        }
    }

    /**
     * Credentials typed into a form go to the runtime with the deploy (the request carries them), never into the
     * flows (GET /flows, the editor's export), and come back only as has_password.
     */
    @Test
    void credentialsTypedIntoTheFormReachTheRuntimeButNeverTheFlows(@TempDir Path dir) throws Exception {
        java.util.concurrent.BlockingQueue<String> authorizations = new java.util.concurrent.LinkedBlockingQueue<>();
        com.sun.net.httpserver.HttpServer target = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        target.createContext("/secret", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("authorization");
            authorizations.add(auth == null ? "(none)" : auth);
            byte[] body = "ok".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        target.start();
        String url = "http://127.0.0.1:" + target.getAddress().getPort() + "/secret";
        String flow = Json.stringify(List.of(node("t1", "tab", "label", "auth"),
                node("i1", "inject", "z", "t1", "name", "", "props", List.of(Map.of("p", "payload")), "payload", "",
                        "payloadType", "date", "x", 100, "y", 40, "wires", List.of(List.of("hr"))),
                node("hr", "http request", "z", "t1", "name", "", "method", "GET", "ret", "txt", "paytoqs", "ignore",
                        "url", url, "authType", "", "x", 280, "y", 40, "wires", List.of(List.of()))));
        Path userDir = java.nio.file.Files.createDirectories(dir.resolve("user"));
        try (AdminServer s = new AdminServer(io.redwire.api.Settings.defaults(),
                io.redwire.deploy.FlowFile.inUserDir(userDir), userDir)) {
            assumeTrue(s.server().engine().registry().has("http request"));
            EditorE2ETest.openOn(b, s, dir, flow, "hr");
            b.actions().doubleClick(b.find("#canvas .node[data-id='hr'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-password"));
            assertEquals("password", b.find("#field-password").getAttribute("type"), "a secret is a password input");
            choose("authType", "basic");
            b.find("#field-user").sendKeys("alice");
            b.find("#field-password").sendKeys("s3cret");
            b.click("#form-done");
            assertTrue(!String.valueOf(b.js("return JSON.stringify(window.redwire.model.snapshot())"))
                    .contains("s3cret"), "the workspace (exports, clipboard) holds no secret");
            EditorE2ETest.deployAndExpectSuccess(b);

            assertEquals(200, s.post("/inject/i1", "").statusCode());
            assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("alice:s3cret".getBytes(
                    java.nio.charset.StandardCharsets.UTF_8)), authorizations.poll(15, java.util.concurrent.TimeUnit
                    .SECONDS), "the request carries the form's user and password");
            String flows = s.get("/flows").body();
            assertTrue(flows.contains("\"authType\":\"basic\"") && !flows.contains("s3cret")
                    && !flows.contains("alice"), flows);
            assertEquals(Map.of("user", "alice", "has_password", true),
                    Json.parse(s.get("/credentials/http%20request/hr").body()));
            String stored = java.nio.file.Files.readString(userDir.resolve("flows_cred.json"));
            assertTrue(stored.startsWith("{\"$\":\"") && !stored.contains("s3cret") && !stored.contains("alice"),
                    "stored encrypted, Node-RED's {\"$\": …}: " + stored);
            assertTrue(!java.nio.file.Files.readString(userDir.resolve("flows.json")).contains("s3cret"));

            // the form shows the stored user and a placeholder for the password; an untouched password stays
            b.actions().doubleClick(b.find("#canvas .node[data-id='hr'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form #field-password"));
            until("the stored credentials shown", () -> "alice".equals(b.find("#field-user").getAttribute("value")));
            assertEquals("__PWRD__", b.find("#field-password").getAttribute("value"));
            b.find("#field-user").clear();
            b.find("#field-user").sendKeys("bob");
            b.click("#form-done");
            EditorE2ETest.deployAndExpectSuccess(b);
            assertEquals(200, s.post("/inject/i1", "").statusCode());
            assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("bob:s3cret".getBytes(
                    java.nio.charset.StandardCharsets.UTF_8)), authorizations.poll(15, java.util.concurrent.TimeUnit
                    .SECONDS), "a new user with the kept password");
        } finally {
            target.stop(0);
        }
    }

    /** A subflow instance's form edits the template's env properties; the deployed instance uses the value. */
    @Test
    void aSubflowInstancesEnvEditedInItsFormIsWhatTheDeployedInstanceUses(@TempDir Path dir) throws Exception {
        String flow = """
                [{"id":"t1","type":"tab","label":"env"},
                 {"id":"sf1","type":"subflow","name":"Greeter","info":"",
                  "in":[{"x":50,"y":30,"wires":[{"id":"c1"}]}],"out":[{"x":320,"y":30,"wires":[{"id":"c1","port":0}]}],
                  "env":[{"name":"GREETING","type":"str","value":"hello"},{"name":"TIMES","type":"num","value":"1"}]},
                 {"id":"c1","type":"change","z":"sf1","name":"","rules":[{"t":"set","p":"payload","pt":"msg",
                  "to":"GREETING","tot":"env"}],"x":180,"y":30,"wires":[[]]},
                 {"id":"i1","type":"inject","z":"t1","name":"","props":[{"p":"payload"}],"payload":"","payloadType":"date",
                  "x":100,"y":60,"wires":[["si"]]},
                 {"id":"si","type":"subflow:sf1","z":"t1","name":"","env":[],"x":260,"y":60,"wires":[["d1"]]},
                 {"id":"d1","type":"debug","z":"t1","name":"","active":true,"tosidebar":true,"console":false,
                  "tostatus":false,"complete":"payload","x":420,"y":60,"wires":[]}]""";
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("change"));
            EditorE2ETest.openOn(b, s, dir, flow, "si");
            b.actions().doubleClick(b.find("#canvas .node[data-id='si'] .node-body")).perform();
            WebElement greeting = b.waitFor(By.cssSelector("#node-form #field-subflow-env-GREETING"));
            assertEquals("hello", greeting.getAttribute("value"), "the template's value to start from");
            assertEquals("str", b.find("#field-subflow-env-GREETING-type").getAttribute("value"));
            assertEquals("1", b.find("#field-subflow-env-TIMES").getAttribute("value"));
            assertEquals("num", b.find("#field-subflow-env-TIMES-type").getAttribute("value"));
            greeting.clear();
            greeting.sendKeys("bonjour");
            b.screenshot("subflow-instance-env");
            b.click("#form-done");
            assertEquals(List.of(Map.of("name", "GREETING", "type", "str", "value", "bonjour")),
                    b.js("return window.redwire.model.get('si').env"), "Node-RED's format: only what differs");
            EditorE2ETest.deployAndExpectSuccess(b);
            b.click("#canvas .node[data-id='i1'] .inject-button");
            b.waitForText(By.cssSelector("#debug-messages .debug-message .debug-value"), "bonjour");
        }
    }
}
