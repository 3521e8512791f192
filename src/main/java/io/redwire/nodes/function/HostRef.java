package io.redwire.nodes.function;

/**
 * An opaque handle for a Java object JavaScript may carry around but not look into (msg.res, unknown values):
 * it has no members, and converting it back yields the same Java object.
 */
record HostRef(Object target) implements OpaqueProxy {
}
