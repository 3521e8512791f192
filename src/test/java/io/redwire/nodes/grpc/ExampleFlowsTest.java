package io.redwire.nodes.grpc;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The flow files in flows/ load unchanged and work: the seed's gRPC loop and the streaming example. */
class ExampleFlowsTest {
    @Test
    void theSeedFlowRunsItsThousandUnaryCalls() throws Exception {
        assumeTrue(portFree(5001), "port 5001 (the seed's grpc-server) is in use; seed flow test skipped");
        try (Harness h = new Harness().deploy(Files.readString(Path.of("flows/seed-http-vs-grpc.flow.json")))) {
            h.inject("2e42051c498d3367");
            DebugEvent e = h.nextDebug(120);
            assertNotNull(e, "the gRPC loop did not finish");
            assertEquals("1f023ef9fb240d3f", e.id());
            assertTrue(e.value() instanceof Number ms && ms.doubleValue() > 0, String.valueOf(e.value()));
        }
    }

    @Test
    void theStreamingExampleServesAndCallsEveryKind() throws Exception {
        assumeTrue(portFree(5002), "port 5002 (the example's grpc-server) is in use; example flow test skipped");
        try (Harness h = new Harness().deploy(Files.readString(Path.of("flows/grpc-streaming.json")))) {
            h.inject("gs-i-watch");
            List<String> watch = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Map<?, ?> m = msg(h);
                watch.add(m.containsKey("payload") ? String.valueOf(((Map<?, ?>) m.get("payload")).get("status"))
                        : "complete=" + m.get("complete"));
            }
            assertEquals(List.of("STATUS_OPEN", "STATUS_SHIPPED", "STATUS_CLOSED", "complete=true"), watch);

            h.inject("gs-i-upload");
            assertEquals("{\"ids\":[\"1\",\"2\",\"3\"],\"count\":\"3\",\"total\":null}",
                    Json.stringify(msg(h).get("payload")));

            h.inject("gs-i-add");
            h.inject("gs-i-add");
            h.inject("gs-i-close");
            assertEquals("{\"ids\":[\"5\",\"5\"],\"count\":\"2\",\"total\":null}",
                    Json.stringify(msg(h).get("payload")));

            h.inject("gs-i-chat");
            assertEquals("STATUS_OPEN", ((Map<?, ?>) msg(h).get("payload")).get("status"));
            assertEquals("STATUS_CLOSED", ((Map<?, ?>) msg(h).get("payload")).get("status"));
            assertEquals(Boolean.TRUE, msg(h).get("complete"));

            h.inject("gs-i-404");
            List<String> names = new ArrayList<>(List.of(h.nextDebug(10).name(), h.nextDebug(10).name()));
            names.sort(null);
            assertEquals(List.of("errors", "replies"), names);
        }
    }

    private static Map<?, ?> msg(Harness h) throws InterruptedException {
        DebugEvent e = h.nextDebug(30);
        assertNotNull(e, "no debug output");
        assertEquals("replies", e.name());
        return (Map<?, ?>) e.value();
    }

    private static boolean portFree(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
