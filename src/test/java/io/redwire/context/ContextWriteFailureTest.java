package io.redwire.context;

import io.redwire.testing.Harness;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 21 finding 6: a scope whose file could not be written stays changed, so the next flush writes it once the
 * cause is gone. The failures are real: a full tmpfs (mounted by the test, as root) and a file standing where the
 * flow's directory goes. Each deploy flushes.
 */
class ContextWriteFailureTest {
    /** GET /set?v=X: the flow's 'v' becomes X. */
    private static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"t1"},
             {"id":"in","type":"http in","z":"t1","url":"/set","method":"get","wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t1","func":"flow.set('v', msg.payload.v); msg.payload = 'ok'; return msg;",
              "outputs":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]}]
            """;

    private static void set(Harness h, String v) throws Exception {
        assertEquals("ok", UnwritableContextTest.get(h, "/set?v=" + v));
    }

    private static Object flowFile(Path dir) throws Exception {
        return UnwritableContextTest.file(dir, "t1/flow.json");
    }

    @Test
    void aChangeMadeWhileTheDiskIsFullIsWrittenOnceThereIsSpaceAgain(@TempDir Path dir) throws Exception {
        Path small = Files.createDirectories(dir.resolve("small"));
        String mount = run("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", small.toString());
        Assumptions.assumeTrue(mount == null, "cannot mount a small tmpfs here (" + mount + "): the full-disk case"
                + " is not run; aFileWhereTheFlowDirectoryGoesOnlyDelaysTheWrite still shows a real write failure");
        try (Harness h = new Harness(UnwritableContextTest.fileStore(small)).deploy(FLOWS)) {
            set(h, "1");
            h.deploy(FLOWS);
            assertEquals(Map.of("v", "1"), flowFile(small));

            Path filler = small.resolve("filler");
            fill(filler);
            set(h, "2");
            h.deploy(FLOWS); // its write fails: no space left
            assertEquals(Map.of("v", "1"), flowFile(small), "nothing could be written on the full disk");

            Files.delete(filler);
            h.deploy(FLOWS); // no change since: the failed scope is still to be written
            assertEquals(Map.of("v", "2"), flowFile(small), "the change made while the disk was full");
        } finally {
            run("umount", small.toString());
        }
    }

    @Test
    void aFileWhereTheFlowDirectoryGoesOnlyDelaysTheWrite(@TempDir Path dir) throws Exception {
        try (Harness h = new Harness(UnwritableContextTest.fileStore(dir)).deploy(FLOWS)) {
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

    /** Writes until the file system is full. */
    private static void fill(Path filler) throws IOException {
        byte[] block = new byte[4096];
        assertThrows(IOException.class, () -> {
            try (OutputStream out = Files.newOutputStream(filler)) {
                for (int i = 0; i < 1024; i++) { // 4 MB: far past the 256 kB the tmpfs holds
                    out.write(block);
                    out.flush();
                }
            }
        }, "the small file system filled up");
    }

    /** Runs a command; null when it succeeded, else its output. */
    private static String run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out;
        } catch (IOException e) {
            return e.getMessage();
        }
    }
}
