package io.redwire.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A family declared in its constructor: its name, its node types, and the classes of libraries it needs beyond
 * Redwire's own (optional dependencies an application may leave out). When one of those is missing,
 * {@link #types()} says which library to add, so the family is skipped with that warning at start rather than
 * failing when a flow uses it.
 */
public abstract class DeclaredFamily implements NodeFamily {
    private final String name;
    private final Supplier<List<NodeType>> types;
    private final Map<String, String> needs = new LinkedHashMap<>();

    /** @param types read only after the needed libraries were found (a type's class may link against them) */
    protected DeclaredFamily(String name, Supplier<List<NodeType>> types) {
        this.name = name;
        this.types = types;
    }

    /** This family needs {@code className}, which {@code library} (as a user should add it) provides. */
    protected final void needs(String className, String library) {
        needs.put(className, library);
    }

    @Override
    public final String name() {
        return name;
    }

    /** @throws IllegalStateException naming the library when a needed class is missing */
    @Override
    public final List<NodeType> types() {
        needs.forEach((className, library) -> {
            try {
                Class.forName(className, false, getClass().getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("needs " + library + " on the class path (" + className
                        + " is missing)");
            }
        });
        return types.get();
    }
}
