package io.redwire.deploy;

import io.redwire.flow.FlowFileReader;
import io.redwire.logging.Log;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.storage.AtomicFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The flows file deploys are saved to, with a {@code <name>.backup} of the previous version, written as an
 * {@link AtomicFile} so a crash never leaves a partly written file. Blocking: call it from a worker thread, never
 * from the flow loop.
 */
public final class FlowFile {
    private final Path file;
    private final Path backup;
    private final AtomicFile atomic;

    public FlowFile(Path file) {
        this.atomic = AtomicFile.withBackup(file);
        this.file = atomic.path();
        this.backup = atomic.backupPath();
    }

    /** {@code flows.json} in a user directory. */
    public static FlowFile inUserDir(Path userDir) {
        return new FlowFile(userDir.resolve("flows.json"));
    }

    public Path path() {
        return file;
    }

    public Path backupPath() {
        return backup;
    }

    /**
     * The stored flows; empty when there is no file yet. A file that does not parse falls back to the backup (as
     * Node-RED does), with a warning; if that fails too the original error is thrown.
     */
    public List<Map<String, Object>> load(Log log) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new FlowException("cannot read flows file " + file + ": " + e.getMessage(), e);
        }
        try {
            return FlowFileReader.parse(text, file.toString());
        } catch (FlowException broken) {
            if (!Files.exists(backup)) {
                throw broken;
            }
            List<Map<String, Object>> old = FlowFileReader.read(backup);
            log.warn(broken.getMessage() + "; using the backup " + backup);
            return old;
        }
    }

    /** As {@link #load}, but a missing file is created empty first (Node-RED: "Creating new flow file"). */
    public List<Map<String, Object>> loadOrCreate(Log log) {
        if (!Files.exists(file)) {
            log.info("Creating new flow file: " + file);
            try {
                save(List.of());
            } catch (IOException e) {
                throw new FlowException("cannot create flows file " + file + ": " + e.getMessage()
                        + " — check that its directory is writable or give another file", e);
            }
        }
        return load(log);
    }

    /** Writes the flows (pretty-printed like Node-RED's flowFilePretty) and keeps the previous file as backup. */
    public void save(List<Map<String, Object>> flows) throws IOException {
        atomic.write(Json.pretty(flows).getBytes(StandardCharsets.UTF_8));
    }
}
