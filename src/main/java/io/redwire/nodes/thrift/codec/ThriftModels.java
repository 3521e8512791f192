package io.redwire.nodes.thrift.codec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Compiled models by IDL source, so a deploy compiles each IDL once and redeploying unchanged IDL costs nothing.
 * Process-wide (one per engine); a small LRU bounds it.
 */
public final class ThriftModels {
    private static final int CAPACITY = 32;

    private final Map<IdlSource, ThriftModel> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<IdlSource, ThriftModel> eldest) {
            return size() > CAPACITY;
        }
    };

    /** The model for this source, compiled now unless an equal source was compiled before. */
    public ThriftModel compile(IdlSource source) {
        synchronized (cache) {
            ThriftModel m = cache.get(source);
            if (m != null) {
                return m;
            }
        }
        ThriftModel m = IdlCompiler.compile(source);
        synchronized (cache) {
            cache.put(source, m);
        }
        return m;
    }
}
