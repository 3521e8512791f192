package io.redwire.nodes.core.function;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * An opaque handle for a Java object JavaScript may carry around but not look into (msg.res, unknown values):
 * it has no members, and converting it back yields the same Java object.
 */
record HostRef(Object target) implements ProxyObject {
    @Override
    public Object getMember(String key) {
        return null;
    }

    @Override
    public Object getMemberKeys() {
        return ProxyArray.fromArray();
    }

    @Override
    public boolean hasMember(String key) {
        return false;
    }

    @Override
    public void putMember(String key, Value value) {
        throw new UnsupportedOperationException("read-only value");
    }
}
