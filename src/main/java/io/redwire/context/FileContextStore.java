package io.redwire.context;

import io.redwire.logging.Log;
import io.redwire.msg.ContextStore;
import io.redwire.msg.Json;
import io.redwire.storage.AtomicFile;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Node-RED's "localfilesystem" context store with its on-disk layout ({@link ScopeFiles}), so either program reads
 * the other's files. Values are cached in memory and changed scopes are written every {@code flushInterval} seconds
 * (default 30), on deploy and on stop, so a kill -9 loses at most one interval. Each scope is serialised and written
 * on its own: a value JSON cannot hold ({@link ScopeJson}) or a file that cannot be written is logged once and
 * never keeps the other scopes from their files. A scope stays changed until its file is written, so a write that
 * failed (a full disk) is retried at the next flush; Node-RED forgets it. Each file is replaced atomically;
 * serialising happens on the flow loop (the maps belong to it), writing on a worker.
 */
final class FileContextStore implements ContextStore {
    private final Vertx vertx;
    private final Path base;
    private final Log log;
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();
    private final Set<String> dirty = new LinkedHashSet<>();
    /** Per scope, what its values could not hold and why its file could not be written, as last logged. */
    private final Map<String, String> valueProblems = new HashMap<>();
    private final Map<String, String> writeProblems = new HashMap<>();
    private final long timer;
    private Future<Void> writing = Future.succeededFuture(); // writes are serialised

    /** Reads every scope file under {@code base}; blocking, before the flows start. */
    FileContextStore(Context loop, Path base, long flushIntervalMs, Log log) throws IOException {
        this.vertx = loop.owner();
        this.base = base.toAbsolutePath().normalize();
        this.log = log;
        load();
        this.timer = flushIntervalMs > 0 ? vertx.setPeriodic(flushIntervalMs, t -> loop.runOnContext(v -> flush()))
                : -1;
    }

    Path base() {
        return base;
    }

    @SuppressWarnings("unchecked")
    private void load() throws IOException {
        if (!Files.isDirectory(base)) {
            Files.createDirectories(base);
            return;
        }
        try (Stream<Path> dirs = Files.list(base)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        String scope = ScopeFiles.scopeOf(dir.getFileName().toString(), f.getFileName().toString());
                        if (scope == null) {
                            continue;
                        }
                        String text = Files.readString(f);
                        if (text.isBlank()) {
                            continue;
                        }
                        Object parsed;
                        try {
                            parsed = Json.parse(text);
                        } catch (IOException e) {
                            throw new IOException("context file " + f + " is not valid JSON: " + e.getMessage()
                                    + " — fix or remove it", e);
                        }
                        if (parsed instanceof Map<?, ?> m) {
                            scopes.put(scope, new LinkedHashMap<>((Map<String, Object>) m));
                        }
                    }
                }
            }
        }
    }

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, k -> new LinkedHashMap<>());
    }

    @Override
    public void changed(String scopeId) {
        dirty.add(scopeId);
    }

    /** Writes the changed scopes; completes once they are written or their failures logged. On the flow loop. */
    @Override
    public Future<Void> flush() {
        if (dirty.isEmpty()) {
            return writing;
        }
        List<String> taken = new ArrayList<>(dirty);
        dirty.clear();
        List<Path> files = new ArrayList<>(taken.size());
        List<byte[]> contents = new ArrayList<>(taken.size());
        for (String scope : taken) {
            ScopeJson.Content c = ScopeJson.of(scope, scopes.getOrDefault(scope, Map.of()));
            logOnce(valueProblems, scope, c.problem(), log::warn);
            files.add(ScopeFiles.fileOf(base, scope));
            contents.add(c.bytes());
        }
        writing = writing.transform(previous -> vertx.executeBlocking(() -> write(taken, files, contents), false))
                .map(failed -> {
                    for (String scope : taken) {
                        String problem = failed.get(scope);
                        if (problem != null) {
                            dirty.add(scope); // written at the next flush, with whatever it holds by then
                        }
                        logOnce(writeProblems, scope, problem, log::error);
                    }
                    return null;
                });
        return writing;
    }

    /** Writes each file; on a worker. @return the scopes whose file could not be written, with why */
    private static Map<String, String> write(List<String> scopes, List<Path> files, List<byte[]> contents) {
        Map<String, String> failed = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            try {
                new AtomicFile(files.get(i), null).write(contents.get(i));
            } catch (IOException | RuntimeException e) {
                failed.put(scopes.get(i), "Error writing context " + scopes.get(i) + " to " + files.get(i) + ": "
                        + reason(e) + " (kept, written again at the next flush)");
            }
        }
        return failed;
    }

    private static String reason(Exception e) {
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : e.getClass().getSimpleName() + " " + f.getFile();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** Logs a scope's problem when it is new for the scope; a scope without one forgets what it had. */
    private static void logOnce(Map<String, String> logged, String scope, String problem, Consumer<String> out) {
        if (problem == null) {
            logged.remove(scope);
        } else if (!problem.equals(logged.put(scope, problem))) {
            out.accept(problem);
        }
    }

    @Override
    public Future<Void> close() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        return flush();
    }
}
