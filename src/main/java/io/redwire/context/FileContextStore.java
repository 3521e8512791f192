package io.redwire.context;

import io.redwire.logging.Log;
import io.redwire.msg.ContextStore;
import io.redwire.msg.Json;
import io.redwire.storage.AtomicFile;

import io.vertx.core.Future;
import io.vertx.core.Vertx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Node-RED's "localfilesystem" context store with its on-disk layout, so either program reads the other's files:
 * {@code <dir>/<base>/global/global.json}, {@code <dir>/<base>/<flowId>/flow.json} and
 * {@code <dir>/<base>/<flowId>/<nodeId>.json}, each a JSON object of the scope's keys. Values are cached in memory
 * and changed scopes are written every {@code flushInterval} seconds (default 30), on deploy and on stop, so a
 * kill -9 loses at most one interval. Each file is replaced atomically; serialising happens on the flow loop (the
 * maps belong to it), writing on a worker.
 */
final class FileContextStore implements ContextStore {
    private final Vertx vertx;
    private final Path base;
    private final Log log;
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();
    private final Set<String> dirty = new LinkedHashSet<>();
    private final long timer;
    private Future<Void> writing = Future.succeededFuture(); // writes are serialised

    /** Reads every scope file under {@code base}; blocking, before the flows start. */
    FileContextStore(Vertx vertx, Path base, long flushIntervalMs, Log log) throws IOException {
        this.vertx = vertx;
        this.base = base.toAbsolutePath().normalize();
        this.log = log;
        load();
        this.timer = flushIntervalMs > 0 ? vertx.setPeriodic(flushIntervalMs, t -> flush()) : -1;
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
                    for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                        String scope = scopeOf(dir.getFileName().toString(), f.getFileName().toString());
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

    /** The scope a file holds: global/global.json, <flow>/flow.json, <flow>/<node>.json. */
    private static String scopeOf(String dir, String file) {
        String name = file.substring(0, file.length() - ".json".length());
        if (dir.equals("global")) {
            return "global";
        }
        return name.equals("flow") ? dir : name + ":" + dir;
    }

    private Path fileOf(String scope) {
        if (scope.equals("global")) {
            return base.resolve("global").resolve("global.json");
        }
        int colon = scope.indexOf(':');
        return colon < 0 ? base.resolve(scope).resolve("flow.json")
                : base.resolve(scope.substring(colon + 1)).resolve(scope.substring(0, colon) + ".json");
    }

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, k -> new LinkedHashMap<>());
    }

    @Override
    public void changed(String scopeId) {
        dirty.add(scopeId);
    }

    @Override
    public Future<Void> flush() {
        if (dirty.isEmpty()) {
            return writing;
        }
        List<Path> files = new ArrayList<>(dirty.size());
        List<byte[]> contents = new ArrayList<>(dirty.size());
        for (String scope : dirty) {
            files.add(fileOf(scope));
            contents.add(Json.pretty(scopes.getOrDefault(scope, Map.of())).getBytes(StandardCharsets.UTF_8));
        }
        dirty.clear();
        writing = writing.transform(previous -> vertx.executeBlocking(() -> {
            for (int i = 0; i < files.size(); i++) {
                new AtomicFile(files.get(i), null).write(contents.get(i));
            }
            return null;
        }, false)).<Void>mapEmpty().onFailure(e -> log.error("could not write context under " + base + ": "
                + e.getMessage()));
        return writing;
    }

    @Override
    public Future<Void> close() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        return flush();
    }
}
