package io.redwire.runtime;

import io.redwire.api.NodeFamily;
import io.redwire.api.NodeType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * Finds node families with {@link ServiceLoader} and registers their types. A family that cannot load (a missing
 * class, a throwing constructor, a type that already exists) is reported by name and skipped; the others register.
 * A family that declares its type names is registered by them and loaded at its first use ({@link NodeRegistry}).
 */
public final class NodeFamilies {
    private static final int MAX_FAILURES = 100; // ServiceLoader's recovery after an error is best effort only

    private NodeFamilies() {
    }

    /** The runtime's own types plus every family on the class path of {@code loader}. */
    public static NodeRegistry discover(ClassLoader loader, Consumer<String> problems) {
        NodeRegistry registry = new NodeRegistry().register(SubflowPorts.types());
        load(registry, loader, false, "class path", problems);
        return registry;
    }

    /**
     * Registers the families {@code loader} declares.
     *
     * @param ownOnly only the families whose classes this loader defines itself (a plugin jar's loader also sees
     *                its parent's families, which are registered already)
     * @param source  where the families come from, for messages (a jar's file name)
     * @return the names of the families registered
     */
    public static List<String> load(NodeRegistry registry, ClassLoader loader, boolean ownOnly, String source,
                                    Consumer<String> problems) {
        List<String> loaded = new ArrayList<>();
        Iterator<ServiceLoader.Provider<NodeFamily>> it = ServiceLoader.load(NodeFamily.class, loader).stream()
                .iterator();
        int failures = 0;
        while (failures < MAX_FAILURES) {
            ServiceLoader.Provider<NodeFamily> provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
                if (ownOnly && provider.type().getClassLoader() != loader) {
                    continue;
                }
            } catch (ServiceConfigurationError | LinkageError e) {
                failures++;
                problems.accept("node family from " + source + " skipped: " + describe(e));
                continue;
            }
            String name = provider.type().getName();
            try {
                NodeFamily family = provider.get();
                name = family.name() + " (" + provider.type().getName() + ")";
                List<String> names = family.typeNames();
                List<NodeType> types = names.isEmpty() ? family.types() : List.of(); // undeclared: load now
                String clash = names.isEmpty() ? registry.firstClash(types) : registry.firstClashOfNames(names);
                if (clash != null) {
                    problems.accept("node family " + name + " from " + source + " skipped: node type '" + clash
                            + "' already exists");
                    continue;
                }
                if (names.isEmpty()) {
                    registry.register(types);
                } else {
                    String label = name + " from " + source;
                    registry.declare(label, names, family::types, problems);
                }
                registry.declareSettings(family.name(), family.settings(), problems);
                loaded.add(family.name());
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                failures++;
                problems.accept("node family " + name + " from " + source + " skipped: " + describe(e));
            }
        }
        return loaded;
    }

    static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (root != e) {
            text += " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        } else if (e instanceof LinkageError) {
            text = e.getClass().getSimpleName() + ": " + text;
        }
        return text;
    }
}
