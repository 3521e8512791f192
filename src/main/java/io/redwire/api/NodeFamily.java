package io.redwire.api;

import java.util.List;

/**
 * A set of node types shipped together, found with {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/io.redwire.api.NodeFamily}. Families on the class path and plugin jars register the same
 * way; a family whose classes cannot load is skipped with a log line.
 */
public interface NodeFamily {
    /** A short name for logs and errors ("common", "http", "grpc"). */
    String name();

    /** The node types this family declares. */
    List<NodeType> types();

    /**
     * The names of the types {@link #types()} returns, known without loading their classes, so the runtime loads
     * the family only when a flow (or the editor's palette) uses one of its types. Empty (the default): unknown,
     * the family is loaded at start. May throw, like {@link #types()}, when the family cannot load.
     */
    default List<String> typeNames() {
        return List.of();
    }

    /**
     * The settings keys this family acts on (see {@link Setting}): known to the runtime, so a settings file holding
     * them gets no "not used" warning, and listed in docs/settings.md. Read without loading the family's types.
     */
    default List<Setting<?>> settings() {
        return List.of();
    }
}
