package io.redwire.admin;

import io.redwire.flow.FlowFileReader;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.runtime.Log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * The flows file deploys are saved to, with a {@code <name>.backup} of the previous version. A save never leaves a
 * partly written file behind: the new content goes to a temp file in the same directory, is fsynced, and is then
 * renamed over the old one (atomic on POSIX file systems), so a crash at any moment leaves the old or the new file.
 * Blocking: call it from a worker thread, never from the flow loop.
 */
public final class FlowFile {
    private final Path file;
    private final Path backup;
    private final Path temp;

    public FlowFile(Path file) {
        this.file = file.toAbsolutePath().normalize();
        String name = this.file.getFileName().toString();
        this.backup = this.file.resolveSibling(name + ".backup");
        this.temp = this.file.resolveSibling("." + name + ".tmp");
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

    /** Writes the flows (pretty-printed like Node-RED's flowFilePretty) and keeps the previous file as backup. */
    public void save(List<Map<String, Object>> flows) throws IOException {
        byte[] bytes = Json.pretty(flows).getBytes(StandardCharsets.UTF_8);
        Path dir = file.getParent();
        Files.createDirectories(dir);
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            if (Files.exists(file)) {
                keepBackup();
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(dir);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The current file becomes the backup, itself replaced atomically so it is never half written either. */
    private void keepBackup() throws IOException {
        Path staging = file.resolveSibling("." + backup.getFileName() + ".tmp");
        Files.deleteIfExists(staging);
        try {
            Files.createLink(staging, file); // same content, no copy: the rename below never touches this inode
        } catch (IOException | UnsupportedOperationException noLinks) {
            Files.copy(file, staging);
            try (FileChannel ch = FileChannel.open(staging, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
        }
        Files.move(staging, backup, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Makes the renames durable; not every platform can open a directory, which only weakens durability. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // best effort (e.g. Windows)
        }
    }
}
