package io.redwire.admin;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.deploy.FlowService;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;
import io.redwire.runtime.Version;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlowsApiTest {
    static String flows(String payload) {
        return """
                [{"id":"t1","type":"tab","label":"Flow 1","disabled":false,"info":"","env":[]},
                 {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"%s","payloadType":"str",
                  "x":100,"y":80,"wires":[["d1"]],"someFutureField":{"kept":[1,2]}},
                 {"id":"d1","type":"debug","z":"t1","active":true,"complete":"false","x":300,"y":80,"wires":[]}]
                """.formatted(payload);
    }

    private static final String V2 = "Node-RED-API-Version";

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(HttpResponse<String> r) throws Exception {
        return (Map<String, Object>) Json.parse(r.body());
    }

    /**
     * Flows loaded but not running (before the start-up deploy, in safe mode) are what GET /flows serves, with
     * their revision, and credentials written into a hand-made flows file are not served with them.
     */
    @Test
    void flowsLoadedButNotRunningAreServedWithoutTheirCredentials() throws Exception {
        String file = """
                [{"id":"t1","type":"tab","label":"stored"},
                 {"id":"b1","type":"mqtt-broker","broker":"127.0.0.1","port":"1883",
                  "credentials":{"user":"u","password":"secret-in-file"}}]""";
        try (AdminServer s = new AdminServer()) {
            s.server().admin().flows().loadStopped(FlowFileReader.parse(file, "flows file"), false);
            HttpResponse<String> served = s.get("/flows");
            assertEquals(200, served.statusCode());
            assertFalse(served.body().contains("secret-in-file"), served.body());
            List<Map<String, Object>> flows = FlowFileReader.parse(served.body(), "GET /flows");
            assertEquals(List.of("t1", "b1"), flows.stream().map(n -> n.get("id")).toList());
            assertEquals(FlowService.revisionOf(served.body()), object(s.get("/flows", V2, "v2")).get("rev"));
        }
    }

    @Test
    void v1AndV2ServeTheStoredFlowsWithTheirSha256Revision() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", flows("a")).statusCode());
            HttpResponse<String> v1 = s.get("/flows");
            assertEquals(200, v1.statusCode());
            assertTrue(v1.headers().firstValue("content-type").orElse("").startsWith("application/json"));
            List<Map<String, Object>> stored = FlowFileReader.parse(v1.body(), "GET /flows");
            assertEquals(FlowFileReader.parse(flows("a"), "posted"), stored, "unknown fields are kept too");

            Map<String, Object> v2 = object(s.get("/flows", V2, "v2"));
            assertEquals(stored, v2.get("flows"));
            assertEquals(FlowService.revisionOf(Json.stringify(stored)), v2.get("rev"));
            assertEquals(64, ((String) v2.get("rev")).length());

            HttpResponse<String> bad = s.get("/flows", V2, "v3");
            assertEquals(400, bad.statusCode());
            assertEquals(Map.of("code", "invalid_api_version", "message", "Invalid API Version requested"),
                    object(bad));
        }
    }

    @Test
    void aStaleRevisionIsAConflictAndAMissingOneForcesTheDeploy() throws Exception {
        try (AdminServer s = new AdminServer()) {
            String rev0 = (String) object(s.get("/flows", V2, "v2")).get("rev");
            HttpResponse<String> first = s.post("/flows", "{\"flows\":" + flows("a") + ",\"rev\":\"" + rev0 + "\"}",
                    V2, "v2");
            assertEquals(200, first.statusCode(), first.body());
            String rev1 = (String) object(first).get("rev");
            assertNotEquals(rev0, rev1);

            HttpResponse<String> stale = s.post("/flows", "{\"flows\":" + flows("b") + ",\"rev\":\"" + rev0 + "\"}",
                    V2, "v2");
            assertEquals(409, stale.statusCode());
            assertEquals(Map.of("code", "version_mismatch", "message", "Error"), object(stale));
            assertEquals(rev1, object(s.get("/flows", V2, "v2")).get("rev"), "nothing changed");

            HttpResponse<String> forced = s.post("/flows", "{\"flows\":" + flows("c") + "}", V2, "v2");
            assertEquals(200, forced.statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertEquals("c", s.nextDebug(5).value());
        }
    }

    @Test
    void aRefusedDeployNamesEveryErrorAndTheOldFlowsKeepRunningAndStayStored(@TempDir Path dir) throws Exception {
        FlowFile file = FlowFile.inUserDir(dir);
        try (AdminServer s = new AdminServer(Settings.defaults(), file)) {
            assertEquals(204, s.post("/flows", flows("old")).statusCode());
            String stored = Files.readString(file.path());
            String bad = """
                    [{"id":"t1","type":"tab"},
                     {"id":"u1","type":"mystery","z":"t1","wires":[]},
                     {"id":"u2","type":"enigma","z":"t1","wires":[]}]""";
            HttpResponse<String> r = s.post("/flows", bad);
            assertEquals(400, r.statusCode());
            Map<String, Object> body = object(r);
            assertEquals("deploy_failed", body.get("code"));
            String message = (String) body.get("message");
            assertTrue(message.contains("mystery (used by u1)") && message.contains("enigma (used by u2)"), message);

            String badConfig = """
                    [{"id":"t1","type":"tab"},
                     {"id":"n1","type":"inject","z":"t1","repeat":"soon","wires":[]},
                     {"id":"n2","type":"inject","z":"t1","onceDelay":"later","wires":[]}]""";
            HttpResponse<String> r2 = s.post("/flows", badConfig);
            assertEquals(400, r2.statusCode());
            @SuppressWarnings("unchecked")
            List<String> errors = (List<String>) object(r2).get("errors");
            assertTrue(errors.stream().anyMatch(e -> e.contains("n1") && e.contains("repeat")), errors.toString());
            assertTrue(errors.stream().anyMatch(e -> e.contains("n2") && e.contains("onceDelay")), errors.toString());

            assertEquals("start", object(s.get("/flows/state")).get("state"));
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            DebugEvent e = s.nextDebug(5);
            assertNotNull(e);
            assertEquals("old", e.value());
            assertEquals(FlowFileReader.parse(flows("old"), "x"), FlowFileReader.parse(s.get("/flows").body(), "y"));
            assertEquals(stored, Files.readString(file.path()), "a refused deploy is not saved");
            assertFalse(Files.exists(file.backupPath()), "and does not rotate the backup");
        }
    }

    @Test
    void eachDeployIsSavedAtomicallyWithTheFormerFileAsBackup(@TempDir Path dir) throws Exception {
        FlowFile file = FlowFile.inUserDir(dir);
        try (AdminServer s = new AdminServer(Settings.defaults(), file)) {
            assertEquals(204, s.post("/flows", flows("first")).statusCode());
            assertEquals(FlowFileReader.parse(flows("first"), "x"), FlowFileReader.read(file.path()));
            assertFalse(Files.exists(file.backupPath()));
            assertEquals(204, s.post("/flows", flows("second")).statusCode());
            assertEquals(FlowFileReader.parse(flows("second"), "x"), FlowFileReader.read(file.path()));
            assertEquals(FlowFileReader.parse(flows("first"), "x"), FlowFileReader.read(file.backupPath()));
            try (var listing = Files.list(dir)) {
                assertEquals(List.of("flows.json", "flows.json.backup"),
                        listing.map(p -> p.getFileName().toString()).sorted().toList(), "no temp files left");
            }
        }
    }

    @Test
    void reloadRereadsTheStoredFlows(@TempDir Path dir) throws Exception {
        FlowFile file = FlowFile.inUserDir(dir);
        try (AdminServer s = new AdminServer(Settings.defaults(), file)) {
            assertEquals(204, s.post("/flows", flows("before")).statusCode());
            Files.writeString(file.path(), flows("edited on disk"));
            assertEquals(204, s.post("/flows", "", "Node-RED-Deployment-Type", "reload").statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertEquals("edited on disk", s.nextDebug(5).value());
            for (String type : List.of("full", "nodes", "flows")) {
                assertEquals(204, s.post("/flows", flows(type), "Node-RED-Deployment-Type", type).statusCode());
                assertEquals(200, s.post("/inject/i1", "{}").statusCode());
                assertEquals(type, s.nextDebug(5).value());
            }
            assertEquals(400, s.post("/flows", flows("x"), "Node-RED-Deployment-Type", "partial").statusCode());
        }
    }

    @Test
    void largeFlowsMakeTheRoundTripIntact() throws Exception {
        StringBuilder big = new StringBuilder("[{\"id\":\"t1\",\"type\":\"tab\"}");
        for (int i = 0; i < 2000; i++) {
            big.append(",{\"id\":\"c").append(i).append("\",\"type\":\"comment\",\"z\":\"t1\",\"info\":\"")
                    .append("x".repeat(500)).append("\",\"wires\":[]}");
        }
        String flows = big.append(']').toString();
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", flows).statusCode());
            for (int i = 0; i < 3; i++) { // Java's client asks for h2c on GETs; the answer must stay HTTP/1.1
                HttpResponse<String> r = s.get("/flows");
                assertEquals(200, r.statusCode());
                assertEquals(FlowFileReader.parse(flows, "x"), FlowFileReader.parse(r.body(), "y"));
            }
        }
    }

    @Test
    void malformedBodiesAreRefusedWithAJsonError() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> r = s.post("/flows", "[{\"id\":1}");
            assertEquals(400, r.statusCode());
            assertEquals("invalid_request", object(r).get("code"));
            HttpResponse<String> r2 = s.post("/flows", "[{\"type\":\"tab\"}]");
            assertEquals(400, r2.statusCode());
            assertTrue(((String) object(r2).get("message")).contains("id"), r2.body());
        }
    }

    @Test
    void debugNodesCanBeSwitchedOffAndOn() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", flows("x")).statusCode());
            assertEquals(201, s.post("/debug/d1/disable", "").statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertNull(s.nextDebug(0.5), "a disabled debug node publishes nothing");
            assertEquals(200, s.post("/debug/d1/enable", "").statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertNotNull(s.nextDebug(5));

            assertEquals(201, s.post("/debug/disable", "{\"nodes\":[\"d1\",\"gone\"]}").statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertNull(s.nextDebug(0.5));
            assertEquals(200, s.post("/debug/enable", "{\"nodes\":[\"d1\"]}").statusCode());
            assertEquals(400, s.post("/debug/enable", "{}").statusCode());
            assertEquals(404, s.post("/debug/nope/enable", "").statusCode());
            assertEquals(404, s.post("/debug/d1/toggle", "").statusCode());
            assertEquals(404, s.post("/inject/d1", "{}").statusCode(), "not an inject node");
            assertEquals(404, s.post("/inject/nope", "{}").statusCode());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void nodesServesEachTypeDeclarationForTheEditorAndSettingsDescribeTheRuntime() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> r = s.get("/nodes", "Accept", "application/json");
            assertEquals(200, r.statusCode());
            List<Map<String, Object>> types = (List<Map<String, Object>>) Json.parse(r.body());
            Map<String, Object> inject = types.stream().filter(t -> "inject".equals(t.get("type"))).findFirst()
                    .orElseThrow();
            assertEquals(0, inject.get("inputs"));
            assertEquals(1, inject.get("outputs"));
            assertEquals("common", inject.get("family"));
            List<Map<String, Object>> fields = (List<Map<String, Object>>) inject.get("fields");
            Map<String, Object> payload = fields.stream().filter(f -> "payload".equals(f.get("name"))).findFirst()
                    .orElseThrow();
            assertEquals("typed", payload.get("kind"));
            assertEquals("payloadType", payload.get("typeField"));
            assertTrue(((List<String>) payload.get("types")).contains("json"));
            assertTrue(types.stream().noneMatch(t -> "internal".equals(t.get("family"))));

            Map<String, Object> settings = object(s.get("/settings"));
            assertEquals("/", settings.get("httpNodeRoot"));
            assertEquals(io.redwire.runtime.Version.redwire(), settings.get("version"));
            assertEquals("5.0.7", settings.get("nodeRedVersion"));
            assertFalse(settings.containsKey("user"), "no user without adminAuth");
            assertEquals(Map.of(), object(s.get("/auth/login")));
        }
    }

    @Test
    void runtimeStateCanBeSetOnlyWhenEnabled() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(404, s.post("/flows/state", "{\"state\":\"stop\"}").statusCode());
        }
        try (AdminServer s = new AdminServer(AdminServer.settings("{\"runtimeState\":{\"enabled\":true}}"), null)) {
            assertEquals(204, s.post("/flows", flows("x")).statusCode());
            assertEquals("{\"state\":\"stop\"}", s.post("/flows/state", "{\"state\":\"stop\"}").body());
            assertEquals(404, s.post("/inject/i1", "{}").statusCode(), "stopped flows cannot be injected");
            assertEquals("{\"state\":\"start\"}", s.post("/flows/state", "{\"state\":\"start\"}").body());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            assertEquals(400, s.post("/flows/state", "{\"state\":\"pause\"}").statusCode());
        }
    }
}
