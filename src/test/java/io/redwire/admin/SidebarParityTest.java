package io.redwire.admin;

import io.redwire.msg.Json;
import io.redwire.testing.Closing;
import io.redwire.testing.NodeRedPeer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flows deployed to the real Node-RED 5.0.7 and to Redwire side by side: what each one's /comms socket sends from
 * the deploy on (debug messages, node log entries, node statuses) must be the same, but for message ids,
 * timestamps and the stack frames below an error's first line (each engine's own code). Node-RED's own example
 * flows are read from the installed Node-RED; the other flows are src/test/resources/parity/*-flows.json.
 * Skipped when Node-RED is not installed.
 */
class SidebarParityTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    /** No frame for this long after an inject: that inject's effects are all in. */
    private static final double QUIET_SECONDS = 1.0;

    private static NodeRedPeer nodeRed;
    private static AdminServer redwire;

    @BeforeAll
    static void start() throws Exception {
        nodeRed = NodeRedPeer.startWith("sidebar-parity", "[]");
        redwire = new AdminServer();
    }

    @AfterAll
    static void stop() throws Exception {
        Closing.all(redwire, nodeRed);
    }

    /** catch: the caught msg carries the function's Error object as msg._error, shown as an encoded error. */
    @Test
    void catchExample() throws Exception {
        sameFrames(example("common/catch/01 - Catch error.json"), "d1073c30.cb321");
    }

    /** link call: the fixed and msg.target calls, and the function calling node.linkcall(...). */
    @Test
    void linkCallExample() throws Exception {
        sameFrames(example("common/link/03 - Link call.json"), "2869c5a483bad49f", "2706a2894820982a",
                "558bf6ebcececd37");
    }

    /** node.linkcall's defaults, bad arguments, unknown targets and timeout, caught and uncaught. */
    @Test
    void linkCallFromFunctionCode() throws Exception {
        sameFrames(Files.readString(Path.of("src/test/resources/parity/linkcall-function-flows.json")),
                "i_unknown", "i_timeout", "i_caught", "i_byid", "i_badtarget", "i_badmsg", "i_options",
                "i_notlinkin", "i_timeoutcaught", "i_then");
    }

    /**
     * status: the debug node's grey ring at deploy reaches the sidebar (then cleared) but no status node, and a
     * status's source names the debug node's empty name.
     */
    @Test
    void statusExample() throws Exception {
        sameFrames(example("common/status/01 - Handle status message output.json"), "cf27351f.392d88");
    }

    /** change "delete message property": the debug node shows the deleted msg.payload as undefined. */
    @Test
    void deleteMessagePropertyExample() throws Exception {
        sameFrames(example("function/change/06 - Delete message property.json"), "6708b393.04895c");
    }

    /** Error objects thrown, reported, warned of (one referring to itself), sent as a payload, read from msg._error. */
    @Test
    void errorObjectsInTheSidebar() throws Exception {
        sameFrames(Files.readString(Path.of("src/test/resources/parity/error-objects-flows.json")),
                "i_thrown", "i_reported", "i_text", "i_warned", "i_typed", "i_done", "i_custom", "i_nested",
                "i_payload", "i_string", "i_number", "i_rethrown", "i_selfref");
    }

    /** An example flow of the installed Node-RED, its nodes put on one tab. */
    private static String example(String file) throws Exception {
        Path path = NodeRedPeer.installDir().resolve("node_modules/@node-red/nodes/examples").resolve(file);
        List<Map<String, Object>> flows = new ArrayList<>();
        flows.add(new LinkedHashMap<>(Map.of("id", "example", "type", "tab", "label", file)));
        for (Object n : (List<?>) Json.parse(Files.readString(path))) {
            @SuppressWarnings("unchecked")
            Map<String, Object> node = new LinkedHashMap<>((Map<String, Object>) n);
            node.put("z", "example");
            flows.add(node);
        }
        return Json.stringify(flows);
    }

    /** Deploys to both engines, fires the injects one at a time and compares the frames each sent. */
    private static void sameFrames(String flows, String... injects) throws Exception {
        try (CommsClient theirs = subscribed(nodeRed.url("")); CommsClient ours = subscribed(redwire.url(""))) {
            List<String> nodeRedFrames = new ArrayList<>();
            List<String> redwireFrames = new ArrayList<>();
            deploy(nodeRed.url(""), flows);
            deploy(redwire.url(""), flows);
            collect(theirs, nodeRedFrames, ours, redwireFrames);
            for (String id : injects) {
                String step = "inject " + id;
                nodeRedFrames.add(step);
                redwireFrames.add(step);
                assertEquals(200, post(nodeRed.url("/inject/" + id), "").statusCode(), step);
                assertEquals(200, post(redwire.url("/inject/" + id), "").statusCode(), step);
                collect(theirs, nodeRedFrames, ours, redwireFrames);
            }
            assertTrue(nodeRedFrames.size() > injects.length, "Node-RED sent nothing:\n" + nodeRed.log());
            assertEquals(String.join("\n", nodeRedFrames), String.join("\n", redwireFrames));
        } finally {
            deploy(nodeRed.url(""), "[]"); // no statuses retained for the next test
            deploy(redwire.url(""), "[]");
        }
    }

    /** A /comms client of debug and status messages, past what the engine had retained from earlier tests. */
    private static CommsClient subscribed(String base) throws Exception {
        CommsClient c = new CommsClient(base.replace("http:", "ws:") + "/comms");
        c.send("{\"subscribe\":\"debug\"}");
        c.send("{\"subscribe\":\"status/#\"}");
        while (c.next(0.5) != null) {
            // retained statuses of the flows before
        }
        return c;
    }

    private static void deploy(String base, String flows) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(flows)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode(), r.body());
    }

    private static HttpResponse<String> post(String url, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Reads both sockets until both have been quiet for {@link #QUIET_SECONDS}. */
    private static void collect(CommsClient a, List<String> toA, CommsClient b, List<String> toB) throws Exception {
        boolean more = true;
        while (more) {
            more = false;
            for (Map<String, Object> m; (m = a.next(QUIET_SECONDS / 2)) != null; more = true) {
                add(m, toA);
            }
            for (Map<String, Object> m; (m = b.next(QUIET_SECONDS / 2)) != null; more = true) {
                add(m, toB);
            }
        }
    }

    private static void add(Map<String, Object> frame, List<String> to) {
        String topic = String.valueOf(frame.get("topic"));
        if (topic.equals("debug") || topic.startsWith("status/")) {
            to.add(topic + " " + Json.stringify(comparable(frame.get("data"))));
        }
    }

    /** The frame's data without what differs by run or engine: timestamps, msg ids, stack frames. */
    @SuppressWarnings("unchecked")
    private static Object comparable(Object data) {
        if (!(data instanceof Map<?, ?> m)) {
            return data;
        }
        Map<String, Object> out = new LinkedHashMap<>((Map<String, Object>) m);
        out.remove("timestamp");
        if (out.get("msg") instanceof String text && (text.startsWith("{") || text.startsWith("["))) {
            try {
                out.put("msg", Json.stringify(withoutRunDetails(Json.parse(text))));
            } catch (Exception notJson) {
                // a string that only looks like JSON stays as it is
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object withoutRunDetails(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<String, Object>) m).forEach((k, x) -> out.put(k, k.equals("_msgid") ? "*"
                    : k.equals("stack") && x instanceof String s ? s.split("\n")[0] : withoutRunDetails(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(SidebarParityTest::withoutRunDetails).toList();
        }
        return v;
    }
}
