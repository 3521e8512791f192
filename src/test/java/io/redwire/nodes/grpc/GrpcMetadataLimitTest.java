package io.redwire.nodes.grpc;

import io.redwire.msg.Json;
import io.redwire.spi.DebugEvent;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metadata over the limit fails its own call, never the HTTP/2 connection the other calls share: a Python grpcio
 * client with 20 bidi calls open on one channel sends one call with 64 KB of metadata to a Redwire server.
 */
class GrpcMetadataLimitTest {
    static final String PROTO = """
            syntax = "proto3";
            package limits;
            message Chunk { string data = 1; }
            service Limits {
              rpc Get(Chunk) returns (Chunk);
              rpc Chat(stream Chunk) returns (stream Chunk);
            }
            """;
    private static Harness harness;

    @BeforeAll
    static void deploy() throws Exception {
        PythonGrpc.assume();
        harness = new Harness().deploy(echoServer());
    }

    @AfterAll
    static void close() {
        if (harness != null) {
            harness.close();
        }
    }

    /** Limits.Get and Limits.Chat echoed straight back on a local server with a free port. */
    static String echoServer() {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"0","server":"127.0.0.1","protoFile":%s,"localServer":true},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Get","wires":[["resp"]]},
                 {"id":"chat","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Chat","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]}]
                """.formatted(Json.stringify(PROTO));
    }

    @Test
    void oversizedRequestMetadataFailsItsCallAloneOnTheServer() throws Exception {
        String port = String.valueOf(GrpcServerFlowTest.serverPort(harness, "srv"));
        Map<?, ?> r = (Map<?, ?>) Json.parse(PythonGrpc.run("big_metadata_client.py", port, "20", "65536"));
        assertEquals(Collections.nCopies(20, "OK"), r.get("streams"), "the 20 calls sharing the connection: " + r);
        String big = String.valueOf(r.get("big"));
        assertTrue(big.startsWith("RESOURCE_EXHAUSTED: request metadata is ")
                && big.endsWith(" bytes, over the server's limit of 16384"), big);
        Map<?, ?> small = (Map<?, ?>) Json.parse(PythonGrpc.run("big_metadata_client.py", port, "1", "1000"));
        assertEquals(Map.of("big", "OK", "streams", List.of("OK")), small, "metadata under the limit is served");
    }

    @Test
    void oversizedMsgMetadataFailsItsGrpcCallAloneAndIsNotSent() throws Exception {
        try (PythonGrpc.Server python = PythonGrpc.server("slow_echo_server.py", "1.5");
             Harness h = new Harness()) {
            h.deploy(twentyCallsAndABigOne(python.port()));
            h.inject("go");
            List<String> replies = new ArrayList<>();
            String caught = null;
            for (int i = 0; i < 22; i++) {
                DebugEvent e = h.nextDebug(30);
                assertNotNull(e, "debug output " + i + " of 22 missing; so far " + replies + ", caught " + caught);
                Map<?, ?> msg = (Map<?, ?>) e.value();
                if ("caught".equals(e.name())) {
                    caught = msg.get("message") + " code " + msg.get("code");
                    assertTrue(replies.size() <= 1, "caught after other replies: " + replies);
                } else {
                    Map<?, ?> error = (Map<?, ?>) msg.get("error");
                    replies.add(error == null ? ((Map<?, ?>) msg.get("payload")).get("data") + " OK"
                            : String.valueOf(error.get("message")));
                }
            }
            assertEquals(21, replies.size(), replies.toString());
            // the server holds each call 1.5 s: failing first, the big call failed while the others were in flight
            assertTrue(replies.get(0).startsWith("8 RESOURCE_EXHAUSTED: request metadata is "),
                    "the big call fails first: " + replies);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                expected.add(i + " OK");
            }
            assertEquals(expected, replies.subList(1, 21).stream().sorted(
                    java.util.Comparator.comparingInt(s -> Integer.parseInt(s.split(" ")[0]))).toList());
            assertNotNull(caught);
            assertTrue(caught.startsWith("Error: 8 RESOURCE_EXHAUSTED: request metadata is ")
                    && caught.endsWith(" code RESOURCE_EXHAUSTED"), caught);
        }
    }

    /** 20 calls to Limits.Get on one grpc-call node, then one with 1 MB of msg.metadata; a catch node for it. */
    private static String twentyCallsAndABigOne(int port) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"py","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":%s},
                 {"id":"go","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"str",
                  "wires":[["fan"]]},
                 {"id":"fan","type":"function","z":"t1","outputs":1,"wires":[["call"]],"func":
                  "const out = []; for (let i = 0; i < 20; i++) { out.push({payload: {data: String(i)}}); } out.push({payload: {data: 'big'}, metadata: {'x-big': 'm'.repeat(1 << 20)}}); return [out];"},
                 {"id":"call","type":"grpc-call","z":"t1","server":"py","service":"Limits","method":"Get",
                  "deadline":"20000","wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","complete":"true","wires":[]},
                 {"id":"c1","type":"catch","z":"t1","scope":["call"],"wires":[["caught"]]},
                 {"id":"caught","type":"debug","z":"t1","name":"caught","complete":"error","wires":[]}]
                """.formatted(port, Json.stringify(PROTO));
    }
}
