package io.redwire.runtime;

import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Setting;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Every registered node type by name. A family that declared its type names is loaded (its node classes, and the
 * libraries behind them, touched) only when one of its types is asked for: a flow of http and function nodes never
 * loads the gRPC, Thrift or MQTT classes. {@link #all()} (the editor's palette) loads them all.
 */
public final class NodeRegistry {
    private final Map<String, NodeType> types = new LinkedHashMap<>();
    private final Map<String, LazyFamily> declared = new LinkedHashMap<>();
    /** Type names in registration order: the palette's order does not depend on which family loaded first. */
    private final List<String> order = new ArrayList<>();
    /** Settings keys the families declare, with the family that declared each. */
    private final Map<String, String> settingOwners = new LinkedHashMap<>();
    private final List<Setting<?>> settings = new ArrayList<>();

    /** A family known by its type names, loaded at its first use. */
    private record LazyFamily(String name, List<String> typeNames, Supplier<List<NodeType>> load,
                              Consumer<String> problems) {
    }

    public synchronized NodeRegistry register(List<NodeType> family) {
        String clash = firstClash(family);
        if (clash != null) {
            throw new IllegalStateException("node type registered twice: " + clash);
        }
        family.forEach(t -> {
            types.put(t.type(), t);
            order.add(t.type());
        });
        return this;
    }

    /**
     * Adds the settings {@code family} declares. A key the runtime or another family declares already keeps that
     * declaration; the second is reported and ignored.
     */
    public synchronized void declareSettings(String family, List<Setting<?>> declared, Consumer<String> problems) {
        for (Setting<?> s : declared) {
            String owner = RuntimeSettings.ALL.stream().anyMatch(r -> r.key().equals(s.key())) ? "the runtime"
                    : settingOwners.get(s.key());
            if (owner != null) {
                problems.accept("node family " + family + " declares settings key '" + s.key() + "', which "
                        + owner + " declares already: ignored");
                continue;
            }
            settingOwners.put(s.key(), family);
            settings.add(s);
        }
    }

    /** The settings the registered families declared. */
    public synchronized List<Setting<?>> settings() {
        return List.copyOf(settings);
    }

    /**
     * Registers a family by its type names; {@code load} runs when one of them is first asked for. What goes wrong
     * then (the family fails to load, or returns other types than it declared) goes to {@code problems}, and the
     * types it could not give are unknown from then on.
     */
    public synchronized void declare(String family, List<String> typeNames, Supplier<List<NodeType>> load,
                                     Consumer<String> problems) {
        String clash = firstClashOfNames(typeNames);
        if (clash != null) {
            throw new IllegalStateException("node type registered twice: " + clash);
        }
        LazyFamily lazy = new LazyFamily(family, List.copyOf(typeNames), load, problems);
        typeNames.forEach(n -> declared.put(n, lazy));
        order.addAll(typeNames);
    }

    /** The first of these types whose name is registered or declared already (or repeated among them), or null. */
    public synchronized String firstClash(List<NodeType> family) {
        return firstClashOfNames(family.stream().map(NodeType::type).toList());
    }

    /** The first of these names that is registered or declared already (or repeated among them), or null. */
    public synchronized String firstClashOfNames(List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (types.containsKey(n) || declared.containsKey(n) || !seen.add(n)) {
                return n;
            }
        }
        return null;
    }

    /** The type, loading its family at the first ask; null when no family gives it. */
    public synchronized NodeType get(String type) {
        LazyFamily pending = declared.get(type);
        if (pending != null) {
            load(pending);
        }
        return types.get(type);
    }

    public boolean has(String type) {
        return get(type) != null;
    }

    /** Every type; loads every family not loaded yet. */
    public synchronized Collection<NodeType> all() {
        new LinkedHashSet<>(declared.values()).forEach(this::load);
        return order.stream().map(types::get).filter(Objects::nonNull).toList();
    }

    private void load(LazyFamily f) {
        f.typeNames().forEach(declared::remove);
        List<NodeType> loaded;
        try {
            loaded = f.load().get();
        } catch (RuntimeException | LinkageError e) {
            f.problems().accept("node family " + f.name() + " skipped: " + NodeFamilies.describe(e));
            return;
        }
        List<String> missing = new ArrayList<>(f.typeNames());
        for (NodeType t : loaded) {
            if (!missing.remove(t.type())) {
                f.problems().accept("node family " + f.name() + ": type '" + t.type()
                        + "' skipped: the family did not declare it, or declared it twice");
                continue;
            }
            types.put(t.type(), t);
        }
        if (!missing.isEmpty()) {
            f.problems().accept("node family " + f.name() + " declared types it did not give: " + missing);
        }
        StartupTimeline.mark("node family " + f.name() + " loaded");
    }
}
