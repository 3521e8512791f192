package io.redwire.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A family declared in its constructor: its name, its node types, the settings it acts on, and the classes of
 * libraries it needs beyond Redwire's own (optional dependencies an application may leave out). When one is missing,
 * {@link #types()} says which library to add, so the family is skipped with that warning at start rather than
 * failing when a flow uses it.
 */
public abstract class DeclaredFamily implements NodeFamily {
    private final String name;
    private final List<String> typeNames;
    private final Supplier<List<NodeType>> types;
    private final Map<String, String> needs = new LinkedHashMap<>();
    private final List<Setting<?>> settings = new ArrayList<>();

    /** A family loaded at start (its type names are not declared: see the other constructor). */
    protected DeclaredFamily(String name, Supplier<List<NodeType>> types) {
        this(name, List.of(), types);
    }

    /**
     * @param typeNames the names of the types {@code types} returns (a test checks they agree): the runtime loads
     *                  the node classes, and the libraries behind them, only when a flow uses one of these types
     * @param types     read only after the needed libraries were found (a type's class may link against them)
     */
    protected DeclaredFamily(String name, List<String> typeNames, Supplier<List<NodeType>> types) {
        this.name = name;
        this.typeNames = List.copyOf(typeNames);
        this.types = types;
    }

    /** This family needs {@code className}, which {@code library} (as a user should add it) provides. */
    protected final void needs(String className, String library) {
        needs.put(className, library);
    }

    /** This family acts on these settings (each a constant its nodes read them through). */
    protected final void declares(List<Setting<?>> declared) {
        settings.addAll(declared);
    }

    @Override
    public final List<Setting<?>> settings() {
        return List.copyOf(settings);
    }

    @Override
    public final String name() {
        return name;
    }

    /** @throws IllegalStateException naming the library when a needed class is missing */
    @Override
    public final List<String> typeNames() {
        checkNeeds();
        return typeNames;
    }

    /** @throws IllegalStateException naming the library when a needed class is missing */
    @Override
    public final List<NodeType> types() {
        checkNeeds();
        return types.get();
    }

    private void checkNeeds() {
        needs.forEach((className, library) -> {
            // looked up as a resource: loading the class would load part of the library a flow may never use
            if (getClass().getClassLoader().getResource(className.replace('.', '/') + ".class") == null) {
                throw new IllegalStateException("needs " + library + " on the class path (" + className
                        + " is missing)");
            }
        });
    }
}
