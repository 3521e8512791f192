package io.redwire.nodes.function;

import org.graalvm.polyglot.Value;

import java.util.function.Consumer;

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
     * A stored value as JS sees it. A container is converted once and put back ({@code put}) so JS sees the same
     * object next time; an unmodifiable container (a Java constant in global context) just hands out copies.
     */
    final Object toGuest(Object v, Consumer<Value> put) {
        if (!GuestValues.isContainer(v)) {
            return values.toGuest(v);
        }
        Value guest = values.toNative(v);
        try {
            put.accept(guest);
            markDirty();
        } catch (UnsupportedOperationException unmodifiable) {
            // a copy each time
        }
        return guest;
    }

    final void markDirty() {
        if (!dirty) {
            dirty = true;
            values.track(this);
        }
    }
}
