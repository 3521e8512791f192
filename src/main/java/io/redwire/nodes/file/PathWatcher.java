package io.redwire.nodes.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Watches files and directories on one daemon thread (Java's WatchService, inotify on Linux) the way node-watch does
 * for Node-RED's watch node: a file is watched through its parent directory, a directory's direct entries (or all
 * below it when recursive, new subdirectories included); the changes of 200 ms are collected, each path once, and
 * reported as "update" when the path exists afterwards, else "remove". The stat runs here, not on the flow loop.
 */
final class PathWatcher implements AutoCloseable {
    /** One reported change, as the watch node turns it into a message. */
    record Change(String event, String path, String file, String type, Long size) {
    }

    private static final long DEBOUNCE_MS = 200;

    /** A watched directory as the user named it; {@code only} is the file name when a single file is watched. */
    private record Target(Path shown, Path dir, String only, boolean recursive) {
    }

    private final WatchService service;
    private final Map<WatchKey, List<Target>> targets = new HashMap<>();
    private final Consumer<List<Change>> onChanges;
    private final Thread thread;

    /**
     * Starts watching; {@code onMissing} gets each path that does not exist (node-watch's "... does not exist."),
     * {@code onChanges} each batch of changes, both on the watcher thread.
     */
    PathWatcher(List<String> paths, boolean recursive, Consumer<String> onMissing, Consumer<List<Change>> onChanges)
            throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.onChanges = onChanges;
        for (String p : paths) {
            Path path = Path.of(p);
            if (!p.isEmpty() && Files.isDirectory(path)) {
                watchDirectory(path, path, recursive);
            } else if (!p.isEmpty() && Files.exists(path)) {
                Path parent = path.getParent() == null ? Path.of("") : path.getParent();
                register(new Target(parent, parent, path.getFileName().toString(), false));
            } else {
                onMissing.accept(p);
            }
        }
        this.thread = new Thread(this::run, "redwire-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watchDirectory(Path shown, Path dir, boolean recursive) throws IOException {
        if (!recursive) {
            register(new Target(shown, dir, null, false));
            return;
        }
        try (Stream<Path> dirs = Files.walk(dir)) {
            for (Path d : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
                register(new Target(shown.resolve(dir.relativize(d)), d, null, true));
            }
        }
    }

    private void register(Target t) throws IOException {
        WatchKey key = t.dir().toAbsolutePath().register(service, StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
        targets.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
    }

    private void run() {
        Set<Path> pending = new LinkedHashSet<>();
        long flushAt = 0;
        try {
            while (true) {
                WatchKey key = pending.isEmpty() ? service.take()
                        : service.poll(Math.max(0, flushAt - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                if (key != null) {
                    if (pending.isEmpty()) {
                        flushAt = System.currentTimeMillis() + DEBOUNCE_MS;
                    }
                    collect(key, pending);
                }
                if (!pending.isEmpty() && System.currentTimeMillis() >= flushAt) {
                    List<Change> changes = new ArrayList<>(pending.size());
                    pending.forEach(p -> changes.add(describe(p)));
                    pending.clear();
                    onChanges.accept(changes);
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        }
    }

    private void collect(WatchKey key, Set<Path> pending) {
        List<Target> ts = targets.getOrDefault(key, List.of());
        for (WatchEvent<?> e : key.pollEvents()) {
            if (!(e.context() instanceof Path name)) {
                continue; // OVERFLOW: nothing to name
            }
            for (Target t : List.copyOf(ts)) {
                if (t.only() != null && !t.only().equals(name.toString())) {
                    continue;
                }
                Path shown = t.shown().resolve(name);
                pending.add(shown);
                if (t.recursive() && e.kind() == StandardWatchEventKinds.ENTRY_CREATE
                        && Files.isDirectory(t.dir().resolve(name))) {
                    try {
                        watchDirectory(shown, t.dir().resolve(name), true);
                    } catch (IOException gone) {
                        // removed again before we looked: its remove event follows
                    }
                }
            }
        }
        if (!key.reset()) {
            targets.remove(key);
        }
    }

    /** node-watch's event and fs.statSync's type for a path. */
    private static Change describe(Path p) {
        String file = p.getFileName() == null ? "" : p.getFileName().toString();
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isSymbolicLink()) {
                a = Files.readAttributes(p, BasicFileAttributes.class);
            }
        } catch (IOException e) {
            return new Change("remove", p.toString(), file, "none", null);
        }
        if (a.isRegularFile()) {
            return new Change("update", p.toString(), file, "file", a.size());
        }
        return new Change("update", p.toString(), file, a.isDirectory() ? "directory" : specialType(p), null);
    }

    /** fs.Stats' isBlockDevice / isCharacterDevice / isSocket / isFIFO from the file mode bits. */
    private static String specialType(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode");
            return switch (mode & 0170000) {
                case 0060000 -> "blockdevice";
                case 0020000 -> "characterdevice";
                case 0140000 -> "socket";
                case 0010000 -> "fifo";
                default -> "n/a";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "n/a";
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            // nothing left to release
        }
        thread.interrupt();
    }
}
