package io.redwire.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A 256 kB tmpfs mounted on a directory (needs root), for real full-disk failures: {@link #fill} writes until the
 * file system refuses with "No space left on device".
 */
public final class SmallTmpfs implements AutoCloseable {
    private final Path dir;
    private final String refusal; // null: mounted

    private SmallTmpfs(Path dir, String refusal) {
        this.dir = dir;
        this.refusal = refusal;
    }

    /** Mounts it; see {@link #mounted} (mount is unavailable without root or in some containers). */
    public static SmallTmpfs mount(Path dir) throws Exception {
        Files.createDirectories(dir);
        return new SmallTmpfs(dir, run("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", dir.toString()));
    }

    public boolean mounted() {
        return refusal == null;
    }

    /** What mount answered when it refused, or null. */
    public String refusal() {
        return refusal;
    }

    public Path dir() {
        return dir;
    }

    /** Writes {@code name} until the file system is full; throws when it never filled. */
    public Path fill(String name) throws IOException {
        Path filler = dir.resolve(name);
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (int i = 0; i < 1024; i++) { // 4 MB: far past what the file system holds
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            return filler;
        }
        throw new IllegalStateException(dir + " took 4 MB: it is not the small tmpfs");
    }

    @Override
    public void close() throws Exception {
        if (mounted()) {
            run("umount", dir.toString());
        }
    }

    /** Runs a command; null when it succeeded, else its output. */
    private static String run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return String.join(" ", command) + " did not finish";
            }
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out;
        } catch (IOException e) {
            return e.getMessage();
        }
    }
}
