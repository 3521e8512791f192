package io.redwire.msg;

/** The context stores a scope can use: the default one and the others by name (settings' contextStorage). */
public interface ContextStoreLookup {
    ContextStore defaultStore();

    /** The store with this name, or null when none is configured under it. */
    ContextStore get(String name);
}
