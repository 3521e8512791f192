package io.redwire.admin;

import io.redwire.api.NodeFamily;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Node-RED's read-only "examples" library: the example flows node modules ship, listed as module → folders → flows,
 * as the editor's Import → Examples tree shows them. Redwire's families are one module, {@code redwire}, with a
 * folder per family holding the {@code .json} files of the family's {@code examples/} resources (beside its
 * {@link NodeFamily} class); an entry is named by its file name without {@code .json}, as in Node-RED.
 */
final class ExampleFlows {
    static final String MODULE = "redwire";

    /** family → example name → resource path; read once, on first use. */
    private volatile Map<String, Map<String, String>> index;
    private final ClassLoader loader;

    ExampleFlows(ClassLoader loader) {
        this.loader = loader;
    }

    /**
     * The listing or flow at {@code path} (no leading slash): the modules for "", a module's families, a family's
     * {@code [{fn}]}, or a flow's JSON text; null when nothing is there.
     */
    Object get(String path) throws IOException {
        String[] parts = path.replaceAll("/+$", "").split("/", 3);
        if (path.isEmpty()) {
            return List.of(MODULE);
        }
        if (!parts[0].equals(MODULE)) {
            return null;
        }
        Map<String, Map<String, String>> families = index();
        if (parts.length == 1) {
            return new ArrayList<>(families.keySet());
        }
        Map<String, String> flows = families.get(parts[1]);
        if (flows == null) {
            return null;
        }
        if (parts.length == 2) {
            return flows.keySet().stream().map(fn -> Map.of("fn", fn)).toList();
        }
        String resource = flows.get(parts[2]);
        if (resource == null) {
            return null;
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Map<String, Map<String, String>> index() throws IOException {
        Map<String, Map<String, String>> built = index;
        if (built == null) {
            built = new TreeMap<>();
            for (ServiceLoader.Provider<NodeFamily> p : ServiceLoader.load(NodeFamily.class, loader).stream()
                    .toList()) {
                String dir = p.type().getPackageName().replace('.', '/') + "/examples/";
                Map<String, String> flows = new TreeMap<>();
                for (String file : jsonFilesIn(dir)) {
                    flows.put(file.substring(0, file.length() - ".json".length()), dir + file);
                }
                if (!flows.isEmpty()) {
                    String family = dir.substring(0, dir.length() - "/examples/".length());
                    built.put(family.substring(family.lastIndexOf('/') + 1), flows);
                }
            }
            index = built;
        }
        return built;
    }

    /** The names of the {@code .json} files directly in a class path folder, from a directory or a jar. */
    private List<String> jsonFilesIn(String dir) throws IOException {
        List<String> names = new ArrayList<>();
        Enumeration<URL> urls = loader.getResources(dir);
        while (urls.hasMoreElements()) {
            URL url = urls.nextElement();
            if (url.getProtocol().equals("file")) {
                try (Stream<Path> s = Files.list(Path.of(url.toURI()))) {
                    s.map(p -> p.getFileName().toString()).forEach(names::add);
                } catch (URISyntaxException | UncheckedIOException e) {
                    throw new IOException("cannot list " + url + ": " + e.getMessage(), e);
                }
            } else if (url.openConnection() instanceof JarURLConnection jar) {
                jar.setUseCaches(false);
                try (JarFile file = jar.getJarFile()) {
                    for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                        String name = e.nextElement().getName();
                        if (name.startsWith(dir) && name.indexOf('/', dir.length()) < 0) {
                            names.add(name.substring(dir.length()));
                        }
                    }
                }
            }
        }
        return names.stream().filter(n -> n.endsWith(".json") && !n.startsWith(".")).distinct().sorted().toList();
    }
}
