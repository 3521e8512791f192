package io.redwire.nodes.function;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

/** A Java object JavaScript may hold and pass back but not look into: no members, and read-only. */
interface OpaqueProxy extends ProxyObject {
    @Override
    default Object getMember(String key) {
        return null;
    }

    @Override
    default Object getMemberKeys() {
        return ProxyArray.fromArray();
    }

    @Override
    default boolean hasMember(String key) {
        return false;
    }

    @Override
    default void putMember(String key, Value value) {
        throw new UnsupportedOperationException("read-only value");
    }
}
