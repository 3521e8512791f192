package io.redwire.nodes.grpc;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.PythonGrpc;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metadata over the limit fails its own call, never the HTTP/2 connection the other calls share, with Python
 * grpcio as the peer: as client, 20 bidi calls open on one channel and one call with 64 KB of metadata to a Redwire
 * server; as server, holding 20 grpc-calls in flight while a 21st carries 1 MB of msg.metadata.
 */
class GrpcMetadataLimitTest {
    @BeforeAll
    static void needPython() throws Exception {
        PythonGrpc.assume();
    }

    @Test
    void oversizedRequestMetadataFailsItsCallAloneOnTheServer() throws Exception {
        try (Harness h = new Harness().deploy(HostileGrpcFlows.echoServer(0))) {
            String port = String.valueOf(GrpcServerFlowTest.serverPort(h, "srv"));
            Map<?, ?> r = (Map<?, ?>) Json.parse(PythonGrpc.run("big_metadata_client.py", port, "20", "65536"));
            assertEquals(Collections.nCopies(20, "OK"), r.get("streams"), "the 20 calls sharing the connection: " + r);
            String big = String.valueOf(r.get("big"));
            assertTrue(big.startsWith("RESOURCE_EXHAUSTED: request metadata is ")
                    && big.endsWith(" bytes, over the server's limit of 16384"), big);
            Map<?, ?> small = (Map<?, ?>) Json.parse(PythonGrpc.run("big_metadata_client.py", port, "1", "1000"));
            assertEquals(Map.of("big", "OK", "streams", List.of("OK")), small, "metadata under the limit is served");
        }
    }

    @Test
    void oversizedMsgMetadataFailsItsGrpcCallAloneAndIsNotSent() throws Exception {
        try (PythonGrpc.Server python = PythonGrpc.server("slow_echo_server.py", "1.5");
             Harness h = new Harness().deploy(HostileGrpcFlows.twentyCallsAndABigOne(python.port()))) {
            HttpResponse<String> answer = h.get(HostileGrpcFlows.CLIENT_PATH);
            assertEquals(200, answer.statusCode(), answer.body());
            Map<?, ?> r = (Map<?, ?>) Json.parse(answer.body());
            List<?> replies = (List<?>) r.get("replies");
            // the server holds each call 1.5 s: failing first, the big call failed while the others were in flight
            assertTrue(String.valueOf(replies.get(0)).startsWith("8 RESOURCE_EXHAUSTED: request metadata is "),
                    "the big call fails first: " + r);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                expected.add(i + " OK");
            }
            assertEquals(expected, replies.subList(1, replies.size()).stream().map(String::valueOf)
                    .sorted(Comparator.comparingInt(s -> Integer.parseInt(s.split(" ")[0]))).toList(), r.toString());
            List<?> caught = (List<?>) r.get("caught");
            assertEquals(1, caught.size(), r.toString());
            assertTrue(String.valueOf(caught.get(0)).startsWith("Error: 8 RESOURCE_EXHAUSTED: request metadata is ")
                    && String.valueOf(caught.get(0)).endsWith(" / RESOURCE_EXHAUSTED"), r.toString());
        }
    }
}
