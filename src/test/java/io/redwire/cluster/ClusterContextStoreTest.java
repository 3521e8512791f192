package io.redwire.cluster;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.redwire.testing.Ports;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared context store on a real (one-member) Hazelcast: writes queued off the caller, read back at once. */
class ClusterContextStoreTest {
    private static HazelcastInstance hazelcast;
    private static Vertx vertx;

    @BeforeAll
    static void start() {
        hazelcast = Hazelcast.newHazelcastInstance(ClusterVertx.hazelcastConfig(
                new ClusterOptions("127.0.0.1", Ports.free(), List.of())));
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close();
        hazelcast.shutdown();
    }

    @Test
    void aWriteIsReadBackAtOnceAndReachesTheSharedMapInOrder() throws Exception {
        ClusterContextStore store = new ClusterContextStore(vertx, hazelcast, false);
        Map<String, Object> global = store.scope("global");
        for (int i = 0; i < 200; i++) {
            global.put("n", i);
            assertEquals(i, global.get("n"));
        }
        global.put("gone", "x");
        global.remove("gone");
        assertFalse(global.containsKey("gone"));
        global.put("nothing", null);
        assertTrue(global.containsKey("nothing"));
        assertNull(global.get("nothing"));
        assertEquals(Map.of("n", 199), Map.of("n", global.get("n")));

        store.flush().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Map<String, Object> shared = hazelcast.getReplicatedMap("redwire.context.global");
        assertEquals(199, shared.get("n"), "the last of 200 ordered writes is the one stored");
        assertFalse(shared.containsKey("gone"));
        assertEquals(ReplicatedContextMap.Null.VALUE, shared.get("nothing"));
        assertEquals(java.util.Set.of("n", "nothing"), global.keySet());
    }

    @Test
    void nodeScopesStayInThisProcess() {
        ClusterContextStore store = new ClusterContextStore(vertx, hazelcast, false);
        store.scope("n1:f1").put("k", 1);
        store.scope("f1").put("k", 2);
        assertFalse(hazelcast.getReplicatedMap("redwire.context.n1:f1").containsKey("k"));
        assertFalse(hazelcast.getReplicatedMap("redwire.context.f1").containsKey("k"),
                "flow context is shared only when asked");
    }

    @Test
    void aValueThatRefersToItselfIsSharedWithoutItsCirclesAndTheOtherKeysAsTheyAre() throws Exception {
        ClusterContextStore store = new ClusterContextStore(vertx, hazelcast, true);
        Map<String, Object> flow = store.scope("../..");
        Map<String, Object> cyc = new java.util.LinkedHashMap<>();
        cyc.put("a", 1);
        cyc.put("self", cyc);
        flow.put("cyc", cyc);
        flow.put("ok", 5);
        store.flush().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Map<String, Object> shared = hazelcast.getReplicatedMap("redwire.context.../..");
        assertEquals(Map.of("a", 1), shared.get("cyc"), "as the localfilesystem store writes it");
        assertEquals(5, shared.get("ok"));
        assertEquals(Map.of("a", 1), flow.get("cyc"));
    }
}
