package io.redwire.msg;

import io.redwire.msg.ContextStore;
import io.redwire.context.ContextStores;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A context scope over a shared (cluster) map stores by value: every change is a put the map can replicate. */
class SharedContextScopeTest {
    /** Records puts, as a replicated map would send them to the other members. */
    private static final class RecordingMap extends HashMap<String, Object> {
        int puts;

        @Override
        public Object put(String key, Object value) {
            puts++;
            return super.put(key, value);
        }
    }

    /** A by-value store over one shared map, as the cluster's store is. */
    private static ContextScope sharedBy(RecordingMap shared) {
        ContextStore store = new ContextStore() {
            @Override
            public Map<String, Object> scope(String scopeId) {
                return shared;
            }

            @Override
            public boolean storesByValue() {
                return true;
            }
        };
        return new ContextScope(null, ContextStores.memoryOnly().withDefault("shared", store), "global");
    }

    @Test
    void nestedWritesStoreANewCopyOfTheTopLevelEntry() {
        RecordingMap shared = new RecordingMap();
        ContextScope scope = sharedBy(shared);
        scope.set("order", new HashMap<>(Map.of("id", 7)));
        Object first = shared.get("order");
        scope.set("order.items", List.of("a"));
        assertEquals(2, shared.puts);
        assertNotSame(first, shared.get("order"), "the nested write stored a new copy");
        assertEquals(Map.of("id", 7, "items", List.of("a")), shared.get("order"));
        assertEquals(List.of("a"), scope.get("order.items"));
    }

    @Test
    void deletesRemoveAndNullsAreKept() {
        RecordingMap shared = new RecordingMap();
        ContextScope scope = sharedBy(shared);
        scope.set("a", Map.of("b", 1, "c", 2));
        scope.delete("a.b");
        assertEquals(Map.of("c", 2), shared.get("a"));
        scope.delete("a");
        assertFalse(shared.containsKey("a"));
        scope.set("n", null);
        assertTrue(shared.containsKey("n"));
        assertNull(scope.get("n"));
    }
}
