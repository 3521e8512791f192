package io.redwire.context;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.logging.Log;
import io.redwire.msg.ContextStore;
import io.redwire.msg.ContextStoreLookup;

import io.vertx.core.Context;
import io.vertx.core.Future;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context stores of Node-RED's {@code contextStorage} setting: {@code memory} and {@code localfilesystem}
 * modules under any names, the default one named by {@code default} (a store name, or a store definition itself),
 * else the first. Without the setting there is one memory store.
 */
public final class ContextStores implements ContextStoreLookup {
    public static final String DEFAULT = "default";

    private final Map<String, ContextStore> stores;
    private final String defaultName;
    private final ContextStore defaultStore;

    private ContextStores(Map<String, ContextStore> stores, String defaultName) {
        this.stores = stores;
        this.defaultName = defaultName;
        this.defaultStore = stores.get(defaultName);
    }

    /** A single memory store (no contextStorage setting). */
    public static ContextStores memoryOnly() {
        Map<String, ContextStore> m = new LinkedHashMap<>();
        m.put("memory", new MemoryContextStore());
        return new ContextStores(m, "memory");
    }

    /**
     * Builds the stores; file stores read their files now (blocking) and flush on {@code loop}, the flow loop.
     *
     * @throws IllegalArgumentException naming the store and what is wrong
     */
    public static ContextStores from(Settings settings, Context loop, Log log) {
        Map<String, Object> config = RuntimeSettings.CONTEXT_STORAGE.read(settings);
        if (config.isEmpty()) {
            return memoryOnly();
        }
        Map<String, ContextStore> stores = new LinkedHashMap<>();
        String defaultName = null;
        for (Map.Entry<String, Object> e : config.entrySet()) {
            if (e.getKey().equals(DEFAULT) && e.getValue() instanceof String named) {
                defaultName = named;
                continue;
            }
            stores.put(e.getKey(), create(e.getKey(), e.getValue(), settings, loop, log));
        }
        if (defaultName == null) {
            defaultName = stores.containsKey(DEFAULT) ? DEFAULT : stores.keySet().iterator().next();
        } else if (!stores.containsKey(defaultName)) {
            throw new IllegalArgumentException("settings contextStorage.default names store '" + defaultName
                    + "', which is not defined: add it or name one of " + stores.keySet());
        }
        return new ContextStores(stores, defaultName);
    }

    private static ContextStore create(String name, Object definition, Settings settings, Context loop, Log log) {
        if (!(definition instanceof Map<?, ?> def)) {
            throw new IllegalArgumentException("settings contextStorage." + name + " must be an object like "
                    + "{module: \"localfilesystem\"}");
        }
        Object module = def.get("module");
        Map<?, ?> cfg = def.get("config") instanceof Map<?, ?> c ? c : Map.of();
        if ("memory".equals(module)) {
            return new MemoryContextStore();
        }
        if (!"localfilesystem".equals(module)) {
            throw new IllegalArgumentException("settings contextStorage." + name + ".module '" + module
                    + "' is not available: Redwire has \"memory\" and \"localfilesystem\"");
        }
        String userDir = RuntimeSettings.USER_DIR.read(settings);
        Path dir = cfg.get("dir") instanceof String d ? Path.of(d)
                : userDir != null ? Path.of(userDir) : Path.of(System.getProperty("user.home"), ".redwire");
        String base = cfg.get("base") instanceof String b ? b : "context";
        long intervalMs = cfg.get("flushInterval") instanceof Number n ? Math.max(0, n.longValue()) * 1000 : 30_000;
        try {
            return new FileContextStore(loop, dir.resolve(base), intervalMs, log);
        } catch (IOException e) {
            throw new IllegalArgumentException("settings contextStorage." + name + ": " + e.getMessage(), e);
        }
    }

    /** These stores plus one more, which becomes the default (cluster mode's shared store). */
    public ContextStores withDefault(String name, ContextStore store) {
        Map<String, ContextStore> all = new LinkedHashMap<>(stores);
        all.put(name, store);
        return new ContextStores(all, name);
    }

    public String defaultName() {
        return defaultName;
    }

    @Override
    public ContextStore defaultStore() {
        return defaultStore;
    }

    /** The named store; null when no store has that name ("default" is the default store). */
    @Override
    public ContextStore get(String name) {
        if (name == null || name.equals(DEFAULT)) {
            return defaultStore;
        }
        return stores.get(name);
    }

    public List<String> names() {
        return new ArrayList<>(stores.keySet());
    }

    /** Drops the context of what is no longer deployed, in every store ({@link ContextStore#clean}). */
    public void clean(Set<String> deployed) {
        stores.values().forEach(s -> s.clean(deployed));
    }

    /** Writes every persistent store's changes (deploys, shutdown). On the flow loop. */
    public Future<Void> flush() {
        List<Future<Void>> all = new ArrayList<>();
        stores.values().forEach(s -> all.add(s.flush()));
        return Future.join(all).mapEmpty();
    }

    public Future<Void> close() {
        List<Future<Void>> all = new ArrayList<>();
        stores.values().forEach(s -> all.add(s.close()));
        return Future.join(all).mapEmpty();
    }
}
