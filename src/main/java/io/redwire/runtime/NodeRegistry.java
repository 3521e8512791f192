package io.redwire.runtime;

import io.redwire.spi.NodeType;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every registered node type by name. */
public final class NodeRegistry {
    private final Map<String, NodeType> types = new LinkedHashMap<>();

    public NodeRegistry register(List<NodeType> family) {
        for (NodeType t : family) {
            if (types.putIfAbsent(t.type(), t) != null) {
                throw new IllegalStateException("node type registered twice: " + t.type());
            }
        }
        return this;
    }

    /** The first of these types whose name is registered already (or repeated among them), or null. */
    public String firstClash(List<NodeType> family) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (NodeType t : family) {
            if (types.containsKey(t.type()) || !seen.add(t.type())) {
                return t.type();
            }
        }
        return null;
    }

    public NodeType get(String type) {
        return types.get(type);
    }

    public boolean has(String type) {
        return types.containsKey(type);
    }

    public Collection<NodeType> all() {
        return types.values();
    }
}
