package io.redwire.cluster;

import com.hazelcast.replicatedmap.ReplicatedMap;
import io.redwire.msg.CircularMarkers;
import io.vertx.core.WorkerExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A context scope's entries in a Hazelcast replicated map: every member holds all entries, so reads are local, and
 * a member's death loses nothing. A replicated map's put waits for the partition owner (a network round trip), so
 * writes never run on the flow loop: they are queued on one ordered writer thread, and until the map has taken a
 * write this member reads it from {@code pending}, so a set is seen by the next get at once. Replicated maps refuse
 * null values, so a stored null travels as {@link Null}. A value that refers to itself is shared without the
 * references closing its circles, as the localfilesystem store writes it.
 */
final class ReplicatedContextMap extends AbstractMap<String, Object> {
    private static final Logger LOG = LoggerFactory.getLogger("redwire.cluster");

    /** Stands for a stored null. */
    enum Null implements Serializable {
        VALUE
    }

    /** A removal the map has not taken yet; never leaves this process. */
    private static final Object REMOVED = new Object();

    private final ReplicatedMap<String, Object> map;
    private final WorkerExecutor writer;
    private final Map<String, Object> pending = new ConcurrentHashMap<>();
    /** Keys whose last write could not be stored as it was (warned once). Touched by the writer only. */
    private final Set<String> refused = new HashSet<>();
    private final String name;

    ReplicatedContextMap(ReplicatedMap<String, Object> map, WorkerExecutor writer) {
        this.map = map;
        this.writer = writer;
        this.name = map.getName();
    }

    @Override
    public Object get(Object key) {
        Object queued = pending.get(key);
        return fromStored(queued != null ? queued : map.get(key));
    }

    @Override
    public boolean containsKey(Object key) {
        Object queued = pending.get(key);
        return queued != null ? queued != REMOVED : map.containsKey(key);
    }

    @Override
    public Object put(String key, Object value) {
        Object previous = get(key);
        write(key, value == null ? Null.VALUE : value);
        return previous;
    }

    @Override
    public Object remove(Object key) {
        Object previous = get(key);
        if (key instanceof String k) {
            write(k, REMOVED);
        }
        return previous;
    }

    @Override
    public void clear() {
        keySet().forEach(this::remove);
    }

    @Override
    public Set<String> keySet() {
        return snapshot().keySet();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return snapshot().entrySet();
    }

    /** The map's entries with this member's queued writes applied. */
    private Map<String, Object> snapshot() {
        Map<String, Object> entries = new LinkedHashMap<>();
        map.forEach((k, v) -> entries.put(k, fromStored(v)));
        pending.forEach((k, v) -> {
            if (v == REMOVED) {
                entries.remove(k);
            } else {
                entries.put(k, fromStored(v));
            }
        });
        return entries;
    }

    private void write(String key, Object stored) {
        pending.put(key, stored);
        writer.executeBlocking(() -> {
            try {
                if (stored == REMOVED) {
                    map.remove(key);
                } else {
                    map.put(key, stored);
                }
                refused.remove(key);
            } catch (RuntimeException | StackOverflowError e) {
                storeWithoutCircles(key, stored, e);
            } finally {
                pending.remove(key, stored);
            }
            return null;
        });
    }

    /**
     * A value Hazelcast could not serialise: one that refers to itself (its serialisers recurse round the circle)
     * is stored without the references closing its circles, as the localfilesystem store writes it; warned once
     * per key until the key is stored whole again.
     */
    private void storeWithoutCircles(String key, Object stored, Throwable e) {
        String problem;
        try {
            Object decycled = CircularMarkers.withoutCircles(stored);
            map.put(key, decycled);
            problem = "contains a circular reference that cannot be shared; stored without it";
        } catch (RuntimeException | StackOverflowError still) {
            problem = "could not be stored: " + e;
        }
        if (refused.add(key)) {
            LOG.warn("Shared context {}: key '{}' {}", name, key, problem);
        }
    }

    private static Object fromStored(Object v) {
        return v == Null.VALUE ? null : v;
    }
}
