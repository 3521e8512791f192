package io.redwire.context;

import io.redwire.testing.Harness;
import io.redwire.testing.SmallTmpfs;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 21 finding 6: a scope whose file could not be written stays changed, so the next flush writes it once the
 * cause is gone. The failures are real: a full tmpfs (mounted by the test, as root) and a file standing where the
 * flow's directory goes. Each deploy flushes.
 */
public class ContextWriteFailureTest {
    /** GET /set?v=X: the flow's 'v' becomes X. */
    public static final String FLOWS = ContextFlows.route("t1", "/set", "fn",
            "flow.set('v', msg.payload.v); msg.payload = 'ok'; return msg;");

    private static void set(Harness h, String v) throws Exception {
        assertEquals("ok", ContextFlows.get(h, "/set?v=" + v));
    }

    private static Object flowFile(Path dir) throws Exception {
        return ContextFlows.file(dir, "t1/flow.json");
    }

    @Test
    void aChangeMadeWhileTheDiskIsFullIsWrittenOnceThereIsSpaceAgain(@TempDir Path dir) throws Exception {
        Path mountPoint = dir.resolve("small");
        try (SmallTmpfs small = SmallTmpfs.mount(mountPoint)) {
            Assumptions.assumeTrue(small.mounted(), "cannot mount a small tmpfs here (" + small.refusal()
                    + "): the full-disk case is not run; aFileWhereTheFlowDirectoryGoesOnlyDelaysTheWrite still shows"
                    + " a real write failure");
            try (Harness h = new Harness(ContextFlows.fileStore(small.dir())).deploy(FLOWS)) {
                set(h, "1");
                h.deploy(FLOWS);
                assertEquals(Map.of("v", "1"), flowFile(small.dir()));

                Path filler = small.fill("filler");
                set(h, "2");
                h.deploy(FLOWS); // its write fails: no space left
                assertEquals(Map.of("v", "1"), flowFile(small.dir()), "nothing could be written on the full disk");

                Files.delete(filler);
                h.deploy(FLOWS); // no change since: the failed scope is still to be written
                assertEquals(Map.of("v", "2"), flowFile(small.dir()), "the change made while the disk was full");
            }
        }
    }

    @Test
    void aFileWhereTheFlowDirectoryGoesOnlyDelaysTheWrite(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(ContextFlows.fileStore(dir)).deploy(FLOWS)) {
            Path flowDir = dir.resolve("context/t1");
            Files.createDirectories(flowDir.getParent());
            Files.writeString(flowDir, "in the way");
            set(h, "1");
            h.deploy(FLOWS);
            assertEquals("in the way", Files.readString(flowDir), "the directory could not be made");

            Files.delete(flowDir);
            h.deploy(FLOWS);
            assertEquals(Map.of("v", "1"), flowFile(dir));
        }
    }
}
