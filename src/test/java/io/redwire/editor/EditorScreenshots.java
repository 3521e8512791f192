package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;

import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * scripts/editor-screenshots.sh: the seed flow in the real Node-RED 5.0.7 editor and in Redwire's, in the same
 * headless Chromium window (1400 x 900), saved side by side (Node-RED left) into docs/img/editor/ for the seed
 * canvas, the change node's form, the function node's form and the debug sidebar after the seed's gRPC loop ran;
 * then each editor's load time (page opened until every node is drawn) for the seed flow and a 2 000-node tab,
 * alternating the two editors, printed as min–max of the runs. Re-runnable: each run starts fresh servers and
 * overwrites the images.
 */
public final class EditorScreenshots {
    private static final String CHANGE = "a71e4f38fcaca3d3";
    private static final String FUNCTION = "4e87001263af2e43";
    private static final String GRPC_LOOP = "2e42051c498d3367";
    private static final int SEED_NODES = 25;
    private static final int BIG = 2000;

    private final EditorBrowser b;
    private final Path out;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private EditorScreenshots(EditorBrowser b, Path out) {
        this.b = b;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path out = Path.of("docs", "img", "editor");
        Files.createDirectories(out);
        Path userDir = Files.createTempDirectory("redwire-screenshots");
        int httpPort = Ports.free();
        Path seed = EditorE2ETest.seedOnFreePorts(userDir, Ports.free(), httpPort);
        Files.copy(seed, userDir.resolve("flows.json"));
        Files.writeString(userDir.resolve("settings.js"), """
                module.exports = { uiHost: "127.0.0.1", flowFile: "flows.json", credentialSecret: false,
                    telemetry: { enabled: false, updateNotification: false },
                    externalModules: { autoInstall: false }, editorTheme: { tours: false } };
                """);
        try (EditorBrowser b = new EditorBrowser(); AdminServer redwire = new AdminServer()) {
            NodeRedPeer nodeRed = NodeRedPeer.start(userDir, httpPort, "flows.json");
            try {
                EditorScreenshots s = new EditorScreenshots(b, out);
                // Redwire runs the seed on its own ports: its gRPC server beside Node-RED's, its HTTP loop calling itself
                int redwirePort = URI.create(redwire.url("/")).getPort();
                Path ours = EditorE2ETest.seedOnFreePorts(Files.createDirectories(userDir.resolve("redwire")),
                        Ports.free(), redwirePort);
                s.post(redwire.url("/flows"), Files.readString(ours));
                s.shoot(nodeRed, redwire);
                s.time(nodeRed, redwire, Files.readString(seed), Files.readString(ours), runs);
            } finally {
                nodeRed.close();
            }
        }
        System.exit(0); // the shared HTTP client's and Vert.x's threads
    }

    private void shoot(NodeRedPeer nodeRed, AdminServer redwire) throws Exception {
        // Node-RED
        openNodeRed(nodeRed, SEED_NODES);
        Path nrSeed = shot("nodered-seed");
        b.js("RED.editor.edit(RED.nodes.node(arguments[0]))", CHANGE);
        b.waitFor(By.cssSelector(".red-ui-tray"), Duration.ofSeconds(20));
        Thread.sleep(1200); // the tray slides in
        Path nrChange = shot("nodered-change-form");
        b.js("RED.tray.close()");
        Thread.sleep(800);
        b.js("RED.editor.edit(RED.nodes.node(arguments[0]))", FUNCTION);
        b.waitFor(By.cssSelector(".red-ui-tray"), Duration.ofSeconds(20));
        Thread.sleep(1500);
        Path nrFunction = shot("nodered-function-form");
        b.js("RED.tray.close()");
        Thread.sleep(800);
        b.js("RED.sidebar.show('debug')");
        post(nodeRed.url("/inject/" + GRPC_LOOP), "");
        until(() -> ((Number) b.js("return document.querySelectorAll('.red-ui-debug-msg').length")).intValue() > 0);
        Thread.sleep(1000);
        Path nrDebug = shot("nodered-debug");

        // Redwire
        b.open(redwire.url("/"));
        until(() -> count("#canvas .node[data-id]") >= SEED_NODES);
        Thread.sleep(500);
        Path rwSeed = shot("redwire-seed");
        b.actions().doubleClick(b.find("#canvas .node[data-id='" + CHANGE + "'] .node-body")).perform();
        b.waitFor(By.cssSelector("#node-form"));
        Thread.sleep(600);
        Path rwChange = shot("redwire-change-form");
        b.click("#form-cancel");
        b.actions().doubleClick(b.find("#canvas .node[data-id='" + FUNCTION + "'] .node-body")).perform();
        b.waitFor(By.cssSelector("#node-form"));
        Thread.sleep(800);
        Path rwFunction = shot("redwire-function-form");
        b.click("#form-cancel");
        b.click(".sidebar-tabs button[data-panel='debug-panel']");
        post(redwire.url("/inject/" + GRPC_LOOP), "");
        until(() -> count("#debug-messages > *") > 0);
        Thread.sleep(1000);
        Path rwDebug = shot("redwire-debug");
        b.leave();

        sideBySide(nrSeed, rwSeed, out.resolve("seed-canvas.png"));
        sideBySide(nrChange, rwChange, out.resolve("change-form.png"));
        sideBySide(nrFunction, rwFunction, out.resolve("function-form.png"));
        sideBySide(nrDebug, rwDebug, out.resolve("debug-sidebar.png"));
    }

    /** Load times of both editors, alternating, for the seed flow and a 2 000-node tab. */
    private void time(NodeRedPeer nodeRed, AdminServer redwire, String seedJson, String oursJson, int runs)
            throws Exception {
        StringBuilder big = new StringBuilder("[{\"id\":\"big\",\"type\":\"tab\",\"label\":\"2000\"}");
        for (int i = 0; i < BIG; i++) {
            big.append(",{\"id\":\"n").append(i).append("\",\"type\":\"change\",\"z\":\"big\",\"name\":\"node ")
                    .append(i).append("\",\"rules\":[],\"x\":").append(100 + (i % 40) * 160).append(",\"y\":")
                    .append(40 + (i / 40) * 50).append(",\"wires\":[").append(i % 40 == 39 ? "[]" : "[\"n" + (i + 1)
                    + "\"]").append("]}");
        }
        big.append("]");
        for (String[] c : List.of(new String[] {"seed flow", seedJson, oursJson, String.valueOf(SEED_NODES)},
                new String[] {"2 000 nodes", big.toString(), big.toString(), String.valueOf(BIG)})) {
            post(nodeRed.url("/flows"), c[1]);
            post(redwire.url("/flows"), c[2]);
            int nodes = Integer.parseInt(c[3]);
            List<Long> theirs = new ArrayList<>();
            List<Long> ours = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                openNodeRed(nodeRed, nodes);
                theirs.add((System.nanoTime() - t0) / 1_000_000);
                b.leave();
                t0 = System.nanoTime();
                b.open(redwire.url("/"));
                until(() -> count("#canvas .node[data-id]") >= nodes);
                ours.add((System.nanoTime() - t0) / 1_000_000);
                b.leave();
            }
            System.out.printf("editor load, %s: Redwire %s ms, Node-RED %s ms (%d runs each, load average %s)%n",
                    c[0], range(ours), range(theirs), runs, loadAverage());
        }
        post(nodeRed.url("/flows"), seedJson);
    }

    private void openNodeRed(NodeRedPeer nodeRed, int nodes) {
        b.leave();
        b.driver().get("about:blank");
        b.driver().get(nodeRed.url("/"));
        waiting().until(d -> count("g.red-ui-flow-node-group") >= nodes);
        b.js("document.querySelectorAll('.red-ui-notification').forEach(n => n.remove())");
    }

    private long count(String css) {
        return ((Number) b.js("return document.querySelectorAll(arguments[0]).length", css)).longValue();
    }

    private void until(BooleanSupplier ok) {
        waiting().until(d -> ok.getAsBoolean());
    }

    /** Polls often (the load times are read from it); a page too busy drawing to answer a script is still loading. */
    private WebDriverWait waiting() {
        WebDriverWait w = new WebDriverWait(b.driver(), Duration.ofSeconds(180), Duration.ofMillis(100));
        w.ignoring(org.openqa.selenium.ScriptTimeoutException.class);
        return w;
    }

    private Path shot(String name) throws Exception {
        b.js("document.querySelectorAll('.notification, .red-ui-notification').forEach(n => n.remove())");
        return b.screenshot("shot-" + name);
    }

    private void post(String url, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 300) {
            throw new IllegalStateException("POST " + url + ": " + r.statusCode() + " " + r.body());
        }
    }

    private static String range(List<Long> ms) {
        long min = ms.stream().mapToLong(Long::longValue).min().orElse(0);
        long max = ms.stream().mapToLong(Long::longValue).max().orElse(0);
        return min == max ? String.valueOf(min) : min + "–" + max;
    }

    private static String loadAverage() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }

    /** Both screenshots on one image, Node-RED left, Redwire right, each captioned. */
    static void sideBySide(Path left, Path right, Path file) throws Exception {
        BufferedImage l = ImageIO.read(left.toFile());
        BufferedImage r = ImageIO.read(right.toFile());
        int caption = 28;
        BufferedImage img = new BufferedImage(l.getWidth() + r.getWidth() + 10,
                Math.max(l.getHeight(), r.getHeight()) + caption, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        g.drawString("Node-RED 5.0.7", 10, 20);
        g.drawString("Redwire", l.getWidth() + 20, 20);
        g.drawImage(l, 0, caption, null);
        g.drawImage(r, l.getWidth() + 10, caption, null);
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
        System.out.println("wrote " + file);
    }
}
