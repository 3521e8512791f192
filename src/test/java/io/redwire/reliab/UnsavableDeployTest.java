package io.redwire.reliab;

import io.redwire.admin.AdminServer;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deploy that cannot be saved must not run (issue 15): a restart would silently go back to the stored flows.
 * Tests run as root, where file modes do not stop a write; a directory where the flows file belongs does (the
 * atomic rename onto it fails), as a full or read-only disk would.
 */
class UnsavableDeployTest {
    static String route(String path) {
        return "[{\"id\":\"t1\",\"type\":\"tab\",\"label\":\"f\"},{\"id\":\"in\",\"type\":\"http in\",\"z\":\"t1\","
                + "\"url\":\"" + path + "\",\"method\":\"get\",\"wires\":[[\"r\"]]},"
                + "{\"id\":\"r\",\"type\":\"http response\",\"z\":\"t1\",\"wires\":[]}]";
    }

    @Test
    void aDeployThatCannotBeSavedIsRefusedAndTheStoredFlowsKeepRunning(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flows.json");
        try (AdminServer s = new AdminServer(Settings.defaults(), new FlowFile(file))) {
            assertEquals(204, s.post("/flows", route("/a")).statusCode());
            assertEquals(200, s.get("/a").statusCode());
            String stored = Files.readString(file);

            Files.delete(file);
            Files.createDirectories(file.resolve("in-the-way")); // the flows file cannot be written any more
            HttpResponse<String> refused = s.post("/flows", route("/b"));
            assertEquals(500, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("storage_error") && refused.body().contains("previous flows"),
                    refused.body());
            assertEquals(200, s.get("/a").statusCode(), "the saved flows run");
            assertEquals(404, s.get("/b").statusCode(), "the unsaved ones do not");
            assertTrue(s.get("/flows").body().contains("\"/a\""), "GET /flows serves what runs");

            Files.delete(file.resolve("in-the-way"));
            Files.delete(file);
            assertEquals(204, s.post("/flows", route("/b")).statusCode());
            assertEquals(200, s.get("/b").statusCode());
            assertTrue(Files.readString(file).contains("/b") && stored.contains("/a"));
        }
    }
}
