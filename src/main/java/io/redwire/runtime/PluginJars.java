package io.redwire.runtime;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Node families from plugin jars: every {@code *.jar} in the given directories gets a class loader of its own (parent:
 * Redwire's) and registers the {@link io.redwire.api.NodeFamily} services it declares. A jar that cannot be read or
 * declares no family is reported by name; the loaders stay open for the process's lifetime.
 */
public final class PluginJars {
    private PluginJars() {
    }

    /** @return the families registered, as "name (jar)" */
    public static List<String> load(NodeRegistry registry, List<Path> dirs, Consumer<String> problems) {
        List<String> loaded = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            for (Path jar : jars(dir, problems)) {
                String source = jar.getFileName().toString();
                URLClassLoader loader;
                try {
                    loader = new URLClassLoader("plugin " + source, new URL[] {jar.toUri().toURL()},
                            PluginJars.class.getClassLoader());
                } catch (MalformedURLException e) {
                    problems.accept("plugin " + jar + " skipped: " + e.getMessage());
                    continue;
                }
                List<String> families = NodeFamilies.load(registry, loader, true, source, problems);
                if (families.isEmpty()) {
                    problems.accept("plugin " + jar + " registered no node family (it needs "
                            + "META-INF/services/io.redwire.api.NodeFamily)");
                    close(loader);
                }
                families.forEach(f -> loaded.add(f + " (" + source + ")"));
            }
        }
        return loaded;
    }

    private static List<Path> jars(Path dir, Consumer<String> problems) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                    .sorted().toList();
        } catch (IOException e) {
            problems.accept("node directory " + dir + " cannot be read: " + e.getMessage());
            return List.of();
        }
    }

    private static void close(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException ignored) {
            // nothing was loaded from it
        }
    }
}
