package io.redwire.web;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.FileSystemAccess;
import io.vertx.ext.web.handler.StaticHandler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Node-RED's {@code httpStatic}: a directory (string) served at {@code httpStaticRoot} (default "/"), or a list of
 * {@code {path, root}} each serving {@code path} under {@code httpStaticRoot + root}. As in Node-RED, the files come
 * after the http in routes (a route of the same path wins) and before the 404; entries without a path are skipped
 * and a repeated path/root pair is served once.
 */
final class StaticFiles {
    record Entry(String dir, String root) {
    }

    private StaticFiles() {
    }

    static List<Entry> entries(Settings settings) {
        Object value = RuntimeSettings.HTTP_STATIC.read(settings);
        if (value == null || Boolean.FALSE.equals(value)) {
            return List.of();
        }
        String base = formatRoot(RuntimeSettings.HTTP_STATIC_ROOT.read(settings));
        Set<Entry> entries = new LinkedHashSet<>();
        for (Object item : value instanceof List<?> list ? list : List.of(value)) {
            if (item instanceof String dir && !dir.isEmpty()) {
                entries.add(new Entry(dir, base));
            } else if (item instanceof Map<?, ?> m && m.get("path") instanceof String dir && !dir.isEmpty()) {
                String sub = m.get("root") instanceof String r ? r : "/";
                entries.add(new Entry(dir, formatRoot(base + formatRoot(sub).substring(1))));
            }
        }
        return new ArrayList<>(entries);
    }

    /** Node-RED's formatRoot: a leading and a trailing slash. */
    private static String formatRoot(String root) {
        String r = root.startsWith("/") ? root : "/" + root;
        return r.endsWith("/") ? r : r + "/";
    }

    static void mount(Router router, Settings settings) {
        for (Entry e : entries(settings)) {
            router.route(e.root() + "*").handler(StaticHandler.create(FileSystemAccess.ROOT,
                    java.nio.file.Path.of(e.dir()).toAbsolutePath().normalize().toString())
                    .setCachingEnabled(false).setIncludeHidden(false));
        }
    }
}
