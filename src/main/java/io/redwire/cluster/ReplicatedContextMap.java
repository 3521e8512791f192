package io.redwire.cluster;

import com.hazelcast.replicatedmap.ReplicatedMap;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A context scope's entries in a Hazelcast replicated map: every member holds all entries, so reads are local and
 * never block the flow loop, writes reach the other members asynchronously (milliseconds on a LAN), and a member's
 * death loses nothing. Replicated maps refuse null values, so a stored null travels as {@link Null}.
 */
final class ReplicatedContextMap extends AbstractMap<String, Object> {
    /** Stands for a stored null. */
    enum Null implements Serializable {
        VALUE
    }

    private final ReplicatedMap<String, Object> map;

    ReplicatedContextMap(ReplicatedMap<String, Object> map) {
        this.map = map;
    }

    @Override
    public Object get(Object key) {
        return fromStored(map.get(key));
    }

    @Override
    public boolean containsKey(Object key) {
        return map.containsKey(key);
    }

    @Override
    public Object put(String key, Object value) {
        return fromStored(map.put(key, value == null ? Null.VALUE : value));
    }

    @Override
    public Object remove(Object key) {
        return fromStored(map.remove(key));
    }

    @Override
    public void clear() {
        map.clear();
    }

    @Override
    public Set<String> keySet() {
        return new LinkedHashSet<>(map.keySet());
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        Set<Entry<String, Object>> entries = new LinkedHashSet<>();
        map.forEach((k, v) -> entries.add(new SimpleImmutableEntry<>(k, fromStored(v))));
        return entries;
    }

    private static Object fromStored(Object v) {
        return v == Null.VALUE ? null : v;
    }
}
