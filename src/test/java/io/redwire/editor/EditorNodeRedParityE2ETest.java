package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed flow in both editors: the real Node-RED 5.0.7 (with node-red-contrib-grpc, as the seed was made) and
 * Redwire's, in the same Chromium. Node labels must be the same texts; the screenshots are saved side by side
 * (target/editor-side-by-side-*.png, copied into docs/img/ for docs/editor.md).
 */
class EditorNodeRedParityE2ETest extends EditorBrowserTest {
    private static NodeRedPeer nodeRed;
    private static Path userDir;

    @BeforeAll
    static void start() throws Exception {
        NodeRedPeer.installDir(); // skips when Node-RED is not installed
        userDir = Files.createTempDirectory("redwire-nodered-editor");
        int port = Ports.free();
        Files.copy(EditorE2ETest.seedOnFreePorts(userDir, Ports.free(), port), userDir.resolve("flows.json"));
        Files.writeString(userDir.resolve("settings.js"), """
                module.exports = { uiHost: "127.0.0.1", flowFile: "flows.json", credentialSecret: false,
                    telemetry: { enabled: false, updateNotification: false },
                    externalModules: { autoInstall: false }, editorTheme: { tours: false } };
                """);
        nodeRed = NodeRedPeer.start(userDir, port, "flows.json");
    }

    @AfterAll
    static void stop() throws Exception {
        if (nodeRed != null) {
            nodeRed.close();
        }
        if (userDir != null) {
            try (var files = Files.walk(userDir)) {
                files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(java.io.File::delete);
            }
        }
    }

    /** Node id → label text of every node the page draws: `nodes` selects them, `label` selects their label texts. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(String nodes, String label) {
        return new TreeMap<>((Map<String, String>) b.js("const out = {};"
                + "document.querySelectorAll(arguments[0]).forEach(g => { out[g.id || g.dataset.id] ="
                + " [...g.querySelectorAll(arguments[1])].map(t => t.textContent).join(' '); });"
                + "return out;", nodes, label));
    }

    @Test
    void theSeedFlowsNodeLabelsAreNodeRedsAndTheFormsLookAlike() throws Exception {
        b.leave();
        b.driver().get(nodeRed.url("/"));
        new WebDriverWait(b.driver(), Duration.ofSeconds(60)).until(d -> ((Number) b.js(
                "return document.querySelectorAll('g.red-ui-flow-node-group').length")).intValue() >= 25);
        Thread.sleep(1500); // the editor finishes drawing and its start-up notifications fade
        Map<String, String> theirs = labels("g.red-ui-flow-node-group", ".red-ui-flow-node-label-text");
        Path nodeRedSeed = b.screenshot("nodered-seed");
        b.actions().doubleClick(b.find("g[id='a71e4f38fcaca3d3'] rect.red-ui-flow-node")).perform();
        b.waitFor(By.cssSelector(".red-ui-tray .node-input-rule-container, .red-ui-tray #node-input-rule-container"),
                Duration.ofSeconds(20));
        Thread.sleep(1000); // the tray slides in
        Path nodeRedForm = b.screenshot("nodered-change-form");

        try (AdminServer s = new AdminServer()) {
            b.open(s.url("/"));
            EditorE2ETest.importFile(b, userDir.resolve("flows.json"));
            b.waitFor(By.cssSelector("#canvas .node[data-id='a71e4f38fcaca3d3']"));
            b.js("document.querySelectorAll('.notification').forEach(n => n.remove())");
            Map<String, String> ours = labels("#canvas .node[data-id]", ".node-label");
            Path redwireSeed = b.screenshot("redwire-seed");
            b.actions().doubleClick(b.find("#canvas .node[data-id='a71e4f38fcaca3d3'] .node-body")).perform();
            b.waitFor(By.cssSelector("#node-form .change-rule"));
            Path redwireForm = b.screenshot("redwire-change-form");
            b.click("#form-cancel");
            sideBySide(nodeRedSeed, redwireSeed, "seed");
            sideBySide(nodeRedForm, redwireForm, "change-form");
            assertEquals(25, theirs.size(), "Node-RED draws the seed's 25 canvas nodes");
            assertEquals(theirs, ours, "every node's label as Node-RED 5.0.7 shows it");
            assertTrue(theirs.containsValue("set msg.payload") && theirs.containsValue("[post] /http"));
        }
    }

    /**
     * Network nodes of each kind and watch nodes, disabled so neither runtime opens a socket or a watcher: only their
     * labels matter here.
     */
    static final String NETWORK = """
            [{"id":"net","type":"tab","label":"network"},
             {"id":"mb","type":"mqtt-broker","name":"","broker":"localhost","port":"1883","clientid":"c1"},
             {"id":"wl","type":"websocket-listener","path":"/ws/chat","wholemsg":"false"},
             {"id":"wc","type":"websocket-client","path":"ws://127.0.0.1:1/x","wholemsg":"false"},
             {"id":"mi1","type":"mqtt in","z":"net","d":true,"name":"","topic":"sensors/#","qos":"2","datatype":"auto-detect",
              "broker":"mb","x":120,"y":40,"wires":[[]]},
             {"id":"mi2","type":"mqtt in","z":"net","d":true,"name":"","topic":"","topicType":"dynamic","inputs":1,
              "broker":"mb","x":120,"y":100,"wires":[[]]},
             {"id":"mo1","type":"mqtt out","z":"net","d":true,"name":"","topic":"","broker":"mb","x":120,"y":160,"wires":[]},
             {"id":"mo2","type":"mqtt out","z":"net","d":true,"name":"to cloud","topic":"a/b","broker":"mb","x":120,"y":220,
              "wires":[]},
             {"id":"ti","type":"tcp in","z":"net","d":true,"name":"","server":"server","host":"","port":"1234",
              "datamode":"stream","datatype":"buffer","x":360,"y":40,"wires":[[]]},
             {"id":"to","type":"tcp out","z":"net","d":true,"name":"","host":"h","port":"5","beserver":"client","x":360,"y":100,
              "wires":[]},
             {"id":"tr","type":"tcp request","z":"net","d":true,"name":"","server":"srv","port":"6","out":"time",
              "ret":"buffer","x":360,"y":160,"wires":[[]]},
             {"id":"ui1","type":"udp in","z":"net","d":true,"name":"","port":"7","multicast":"false","group":"",
              "datatype":"buffer","x":600,"y":40,"wires":[[]]},
             {"id":"ui2","type":"udp in","z":"net","d":true,"name":"","port":"7","multicast":"true","group":"239.1.1.1",
              "datatype":"buffer","x":600,"y":100,"wires":[[]]},
             {"id":"uo","type":"udp out","z":"net","d":true,"name":"","addr":"1.2.3.4","port":"8","multicast":"false",
              "x":600,"y":160,"wires":[]},
             {"id":"wi","type":"websocket in","z":"net","d":true,"name":"","server":"wl","client":"","x":840,"y":40,"wires":[[]]},
             {"id":"wo","type":"websocket out","z":"net","d":true,"name":"","server":"","client":"wc","x":840,"y":100,
              "wires":[]},
             {"id":"wo2","type":"websocket out","z":"net","d":true,"name":"","server":"","client":"","x":840,"y":160,
              "wires":[]},
             {"id":"wa1","type":"watch","z":"net","d":true,"name":"","files":"/tmp/a,/tmp/b","recursive":"",
              "x":600,"y":220,"wires":[[]]},
             {"id":"wa2","type":"watch","z":"net","d":true,"name":"","files":"","recursive":"","x":600,"y":280,
              "wires":[[]]},
             {"id":"wa3","type":"watch","z":"net","d":true,"name":"logs","files":"/var/log","recursive":true,
              "x":600,"y":340,"wires":[[]]}]""";

    @Test
    void networkNodeLabelsAreNodeReds() throws Exception {
        b.leave();
        var http = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        String seed = Files.readString(userDir.resolve("flows.json"));
        try {
            var deployed = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(nodeRed.url("/flows")))
                    .header("content-type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers
                            .ofString(NETWORK)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(204, deployed.statusCode(), deployed.body());
            b.driver().get(nodeRed.url("/"));
            try {
                new WebDriverWait(b.driver(), Duration.ofSeconds(60)).until(d -> ((Number) b.js(
                        "return document.querySelectorAll('g.red-ui-flow-node-group').length")).intValue() >= 16);
            } catch (RuntimeException e) {
                b.screenshot("nodered-network-failed");
                throw e;
            }
            Thread.sleep(1000);
            Map<String, String> theirs = labels("g.red-ui-flow-node-group", ".red-ui-flow-node-label-text");
            Path dir = Files.createTempDirectory("redwire-network-labels");
            try (AdminServer s = new AdminServer()) {
                b.open(s.url("/"));
                EditorE2ETest.importFile(b, EditorE2ETest.write(dir, "network.json", NETWORK));
                b.waitFor(By.cssSelector("#canvas .node[data-id='wa3']"));
                Map<String, String> ours = labels("#canvas .node[data-id]", ".node-label");
                assertEquals(16, theirs.size(), "Node-RED draws the 13 network nodes and 3 watch nodes");
                assertEquals(theirs, ours, "every network node's label as Node-RED 5.0.7 shows it");
                assertEquals("[ws] /ws/chat", ours.get("wi"));
                assertEquals("udp 239.1.1.1:7", ours.get("ui2"));
                assertEquals("/tmp/a,/tmp/b", ours.get("wa1"));
            }
        } finally {
            http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(nodeRed.url("/flows")))
                    .header("content-type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers
                            .ofString(seed)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        }
    }

    /** Both screenshots on one image, Node-RED left, Redwire right, each with a caption. */
    private static void sideBySide(Path left, Path right, String name) throws Exception {
        EditorScreenshots.sideBySide(left, right, Path.of("target", "editor-side-by-side-" + name + ".png"));
    }
}
