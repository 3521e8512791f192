package io.redwire.nodes.function;

/**
 * A Java message container (the input msg, a context value, msg.req) that JavaScript sees live, as a proxy.
 * Reading a nested object converts it to a native JS value once and stores that value back, so the guest keeps
 * object identity and full JS semantics below the root; {@link #materialize()} turns stored JS values back into
 * message values before anything on the Java side reads the container again.
 */
abstract class GuestRoot<T> {
    final GuestValues values;
    /** The Java container behind the proxy. */
    final T target;
    private boolean dirty;
    /** The input msg of a running invocation keeps its JS values until it is sent or the body settles. */
    boolean held;

    GuestRoot(GuestValues values, T target) {
        this.values = values;
        this.target = target;
    }

    /** Converts stored JS values in place; returns the container. */
    final Object materialize() {
        if (dirty) {
            dirty = false;
            convertStored();
        }
        return target;
    }

    /** A deep copy as message values (cloneMessage). */
    abstract Object copy();

    abstract void convertStored();

    final boolean isDirty() {
        return dirty;
    }

    /**
     * Keeps a converted value in the container so JS sees the same object next time; an unmodifiable container
     * (a Java constant in global context) just hands out copies.
     */
    static boolean storeBack(Runnable put) {
        try {
            put.run();
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    final void markDirty() {
        if (!dirty) {
            dirty = true;
            values.track(this);
        }
    }
}
