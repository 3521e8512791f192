package io.redwire.deploy;

import io.redwire.logging.Log;
import io.redwire.msg.FlowException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlowFileTest {
    private static final List<Map<String, Object>> V1 = List.of(Map.of("id", "a", "type", "tab"));
    private static final List<Map<String, Object>> V2 = List.of(Map.of("id", "b", "type", "tab"));

    @Test
    void aMissingFileIsAnEmptyWorkspace(@TempDir Path dir) {
        assertEquals(List.of(), FlowFile.inUserDir(dir.resolve("new")).load(new Log(System.err)));
    }

    @Test
    void savesArePrettyAndKeepThePreviousVersion(@TempDir Path dir) throws Exception {
        FlowFile f = FlowFile.inUserDir(dir.resolve("nested/user"));
        f.save(V1);
        f.save(V2);
        assertTrue(Files.readString(f.path()).contains("\n    {"), "four-space JSON like flowFilePretty");
        assertEquals(V2, f.load(new Log(System.err)));
        assertEquals(V1, new FlowFile(f.backupPath()).load(new Log(System.err)));
    }

    @Test
    void aFileThatNoLongerParsesFallsBackToItsBackupWithAWarning(@TempDir Path dir) throws Exception {
        FlowFile f = FlowFile.inUserDir(dir);
        f.save(V1);
        f.save(V2);
        Files.writeString(f.path(), "[{\"id\":\"b\",");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertEquals(V1, f.load(new Log(new PrintStream(log, true))));
        assertTrue(log.toString().contains("using the backup"), log.toString());

        Files.delete(f.backupPath());
        assertThrows(FlowException.class, () -> f.load(new Log(System.err)));
    }
}
