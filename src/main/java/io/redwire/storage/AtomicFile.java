package io.redwire.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file replaced atomically, optionally keeping the previous version as a backup. The new content goes to a temp
 * file in the same directory, is fsynced, and is renamed over the old one (atomic on POSIX file systems), so a crash
 * at any moment leaves the old or the new file, never a partly written one. Blocking: call it from a worker thread.
 */
public final class AtomicFile {
    private final Path file;
    private final Path backup; // null: no backup kept
    private final Path temp;

    /** @param backup where the previous version is kept, or null for none */
    public AtomicFile(Path file, Path backup) {
        this.file = file.toAbsolutePath().normalize();
        this.backup = backup == null ? null : backup.toAbsolutePath().normalize();
        this.temp = this.file.resolveSibling("." + this.file.getFileName() + ".tmp");
    }

    /** A file with its backup beside it as {@code <name>.backup}. */
    public static AtomicFile withBackup(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return new AtomicFile(abs, abs.resolveSibling(abs.getFileName() + ".backup"));
    }

    public Path path() {
        return file;
    }

    public Path backupPath() {
        return backup;
    }

    public void write(byte[] bytes) throws IOException {
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
            if (backup != null && Files.exists(file)) {
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
