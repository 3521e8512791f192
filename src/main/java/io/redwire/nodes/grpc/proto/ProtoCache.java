package io.redwire.nodes.grpc.proto;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Compiled schemas keyed by their text, so a redeploy with an unchanged .proto costs a map lookup instead of a
 * compile. An entry whose imported directory files changed since is compiled again. Thread-safe; bounded. With a
 * {@link ProtoDiskCache} a compile the previous start already did is read from disk instead.
 */
public final class ProtoCache {
    private static final Logger LOG = LoggerFactory.getLogger("redwire.grpc");
    private static final int MAX_ENTRIES = 64;
    /** One daemon thread for every cache's disk writes: few, small, and never worth holding the flow loop for. */
    private static final Executor DISK_WRITES = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "redwire-proto-cache-writer");
        t.setDaemon(true);
        return t;
    });

    private record Key(String name, String text, Path dir) {
    }

    private record Entry(ProtoSchema schema, Map<String, String> filesFromDirectory) {
    }

    private final Map<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
            return size() > MAX_ENTRIES;
        }
    };
    private final ProtoDiskCache disk; // null: memory only

    /** A cache in memory only. */
    public ProtoCache() {
        this.disk = null;
    }

    /** A cache that also keeps compiled results in {@code diskDir} for the next start (written in the background). */
    public ProtoCache(Path diskDir) {
        this(diskDir, DISK_WRITES);
    }

    /** The same, with the disk writes run by {@code writes}. */
    ProtoCache(Path diskDir, Executor writes) {
        this.disk = new ProtoDiskCache(diskDir, writes);
    }

    /** {@link ProtoCompiler#compile} through the cache. */
    public ProtoSchema compile(String name, String text, Path dir) {
        return lookup(new Key(name, text, dir == null ? null : dir.toAbsolutePath().normalize()));
    }

    /** {@link ProtoCompiler#compileFile} through the cache. */
    public ProtoSchema compileFile(Path dir, String path) {
        return lookup(new Key(path, null, dir.toAbsolutePath().normalize()));
    }

    private ProtoSchema lookup(Key key) {
        Entry e;
        synchronized (entries) {
            e = entries.get(key);
        }
        if (e != null && unchanged(key.dir(), e.filesFromDirectory())) {
            return e.schema();
        }
        Supplier<ProtoCompiler.Result> compile = () -> {
            long t0 = System.nanoTime();
            ProtoCompiler.Result r = key.text() == null ? ProtoCompiler.compile(Map.of(), key.name(), key.dir())
                    : ProtoCompiler.compile(Map.of(key.name(), key.text()), key.name(), key.dir());
            LOG.debug("proto {} compiled in {} ms", key.name(), (System.nanoTime() - t0) / 1_000_000);
            return r;
        };
        ProtoCompiler.Result r = disk == null ? compile.get()
                : disk.compile(key.name(), key.text(), key.dir(), compile);
        synchronized (entries) {
            entries.put(key, new Entry(r.schema(), r.filesFromDirectory()));
        }
        return r.schema();
    }

    /** Whether each of {@code files} (path under dir → text) still has that text. */
    static boolean unchanged(Path dir, Map<String, String> files) {
        for (Map.Entry<String, String> f : files.entrySet()) {
            try {
                if (!Files.readString(dir.resolve(f.getKey()), StandardCharsets.UTF_8).equals(f.getValue())) {
                    return false;
                }
            } catch (IOException gone) {
                return false;
            }
        }
        return true;
    }
}
