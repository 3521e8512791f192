package io.redwire.context;

import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21 finding 11: tab and node ids holding {@code ../} stay inside the store's directory (Node-RED joins them
 * into the path raw, so {@code <dir>/context/../../x.json} lands two levels up), and their values are read back.
 */
public class ContextIdPathTest {
    /** GET /count counts in flow and node context of a tab "../.." and a node "../../x". */
    public static final String FLOWS = ContextFlows.route("../..", "/count", "../../x", "const f = (flow.get('f') || 0)"
            + " + 1; flow.set('f', f); const n = (context.get('n') || 0) + 1; context.set('n', n); msg.payload = f + ','"
            + " + n; return msg;");

    @Test
    void idsWithDotDotStayInsideTheContextDirectoryAndAreReadBack(@TempDir Path dir) throws Exception {
        Path user = Files.createDirectories(dir.resolve("a/b/c/d/user"));
        try (Harness h = new Harness(ContextFlows.fileStore(user)).deploy(FLOWS)) {
            assertEquals("1,1", ContextFlows.get(h, "/count"));
        } // written at the stop
        List<Path> written;
        try (Stream<Path> all = Files.walk(dir)) {
            written = all.filter(Files::isRegularFile).toList();
        }
        assertEquals(2, written.size(), written.toString());
        for (Path f : written) {
            assertTrue(f.startsWith(user.resolve("context")), f + " is outside " + user.resolve("context"));
        }
        try (Harness h = new Harness(ContextFlows.fileStore(user)).deploy(FLOWS)) {
            assertEquals("2,2", ContextFlows.get(h, "/count"), "both scopes were read back");
        }
    }
}
