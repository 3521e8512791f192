package io.redwire.admin;

import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.redwire.testing.MapAsserts.assertEntries;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommsTest {
    private static final String STATUS_FLOW = """
            [{"id":"t1","type":"tab","label":"Flow 1"},
             {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"topic","vt":"str"}],"payload":"{\\"n\\":5}",
              "payloadType":"json","topic":"tp","wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","name":"out","active":true,"tostatus":true,"complete":"false",
              "statusType":"auto","wires":[]}]
            """;
    private static final String NO_STATUS_FLOW = """
            [{"id":"t1","type":"tab","label":"Flow 1"},
             {"id":"d1","type":"debug","z":"t1","active":true,"wires":[]}]
            """;

    @Test
    @SuppressWarnings("unchecked")
    void debugOutputArrivesInNodeRedsFrameFormat() throws Exception {
        try (AdminServer s = new AdminServer(); CommsClient c = new CommsClient(s.wsUrl("/comms"))) {
            assertEquals(204, s.post("/flows", STATUS_FLOW).statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            Map<String, Object> debug = c.next("debug", 5);
            assertNotNull(debug, "a debug message over the websocket");
            Map<String, Object> data = (Map<String, Object>) debug.get("data");
            assertEntries(Map.of("id", "d1", "z", "t1", "name", "out", "topic", "tp", "property", "payload",
                    "msg", "{\"n\":5}", "format", "Object"), data);
            assertTrue(c.frames() >= 1);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void deploysAnnounceStateAndRevisionAndStatusesAreRetainedAndCleared() throws Exception {
        try (AdminServer s = new AdminServer(); CommsClient c = new CommsClient(s.wsUrl("/comms"))) {
            String rev = (String) ((Map<String, Object>) io.redwire.msg.Json.parse(
                    s.post("/flows", "{\"flows\":" + STATUS_FLOW + "}", "Node-RED-API-Version", "v2").body()))
                    .get("rev");
            Map<String, Object> status = c.next("status/d1", 5);
            assertNotNull(status);
            assertEquals(Map.of("fill", "grey", "shape", "ring"), status.get("data"));
            assertEquals(Map.of(), c.next("status/d1", 5).get("data"), "Node-RED's debug node then clears it");
            assertEquals(Map.of("state", "start", "deploy", true), c.next("notification/runtime-state", 5)
                    .get("data"));
            assertEquals(Map.of("revision", rev), c.next("notification/runtime-deploy", 5).get("data"));
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            Map<String, Object> shown = Map.of("text", "{\"n\":5}", "fill", "grey", "shape", "dot");
            assertEquals(shown, c.next("status/d1", 5).get("data"));

            try (CommsClient late = new CommsClient(s.wsUrl("/comms"))) {
                late.send("{\"subscribe\":\"status/#\"}");
                assertEquals(shown, late.next("status/d1", 5).get("data"),
                        "a retained status is replayed to a new subscriber");
                late.send("{\"subscribe\":\"notification/#\"}");
                assertNotNull(late.next("notification/runtime-deploy", 5));
            }

            assertEquals(204, s.post("/flows", NO_STATUS_FLOW).statusCode());
            assertEquals(Map.of(), c.next("status/d1", 5).get("data"),
                    "the replaced node set no status, so the old one is cleared");
            try (CommsClient late = new CommsClient(s.wsUrl("/comms"))) {
                late.send("{\"subscribe\":\"status/#\"}");
                assertNull(late.next("status/d1", 1), "nothing retained any more");
            }
        }
    }

    @Test
    void nodeErrorsReachTheSidebarAsLogEntries() throws Exception {
        String flow = """
                [{"id":"t1","type":"tab"},
                 {"id":"l1","type":"link call","z":"t1","links":["nowhere"],"linkType":"dynamic","timeout":"1",
                  "wires":[[]]},
                 {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"str",
                  "wires":[["l1"]]}]
                """;
        try (AdminServer s = new AdminServer(); CommsClient c = new CommsClient(s.wsUrl("/comms"))) {
            assertEquals(204, s.post("/flows", flow).statusCode());
            assertEquals(200, s.post("/inject/i1", "{}").statusCode());
            Map<String, Object> entry = c.next("debug", 5);
            assertNotNull(entry);
            @SuppressWarnings("unchecked")
            Map<String, Object> data = (Map<String, Object>) entry.get("data");
            assertEquals(20, data.get("level"));
            assertEquals("l1", data.get("id"));
            assertEquals("link call", data.get("type"));
        }
    }

    @Test
    void topicPatternsFollowMqtt() {
        assertTrue(CommsHub.topicMatches("status/#", "status/abc"));
        assertTrue(CommsHub.topicMatches("notification/+", "notification/runtime-deploy"));
        assertTrue(CommsHub.topicMatches("debug", "debug"));
        assertTrue(!CommsHub.topicMatches("notification/+", "notification/node/added"));
        assertTrue(!CommsHub.topicMatches("status/x", "status/y"));
    }
}
