package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.redwire.api.DebugEvent;
import io.redwire.api.Node;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;
import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a hostile or broken peer cannot do to a gRPC server or client: oversized messages (also gzip bombs), a client
 * that stops reading, more streams than allowed, rapid resets, a peer that dies mid-stream, a server that hangs.
 */
class GrpcLimitsTest {
    private static final String PROTO = """
            syntax = "proto3";
            package limits;
            message Chunk { string data = 1; }
            service Limits {
              rpc Get(Chunk) returns (Chunk);
              rpc Chat(stream Chunk) returns (stream Chunk);
              rpc Flood(Chunk) returns (stream Chunk);
            }
            """;
    private static final ProtoSchema SCHEMA = ProtoCompiler.compile("limits.proto", PROTO, null);
    private static final String CHAT = "/limits.Limits/Chat";
    private static Harness harness;
    private static ServerSocket hung;
    private static ServerSocket dying;
    private static Thread dyingPeer;
    private static int port;

    @BeforeAll
    static void deploy() throws Exception {
        hung = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress()); // accepts, never answers
        dying = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        dyingPeer = new Thread(GrpcLimitsTest::acceptReadAndDie, "dying-peer");
        dyingPeer.setDaemon(true);
        dyingPeer.start();
        JavaFunctionNode.FUNCTIONS.put("flood", GrpcLimitsTest::flood);
        harness = new Harness();
        harness.server().engine().registry().register(JavaFunctionNode.TYPES);
        harness.deploy("""
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"0","server":"127.0.0.1","protoFile":%s,
                  "localServer":true},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Get","wires":[["resp"]]},
                 {"id":"chat","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Chat","wires":[["resp"]]},
                 {"id":"flood","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Flood","wires":[["floodFn"]]},
                 {"id":"floodFn","type":"test-java-function","z":"t1","fn":"flood","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]},
                 {"id":"hung","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":"rich/service.proto"},
                 {"id":"dying","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":"rich/service.proto"},
                 {"id":"iHung","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":\\"1\\"}",
                  "payloadType":"json","wires":[["callHung"]]},
                 {"id":"callHung","type":"grpc-call","z":"t1","server":"hung","service":"OrderService",
                  "method":"GetOrder","deadline":"300","wires":[["out"]]},
                 {"id":"iDying","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":\\"1\\"}",
                  "payloadType":"json","wires":[["callDying"]]},
                 {"id":"callDying","type":"grpc-call","z":"t1","server":"dying","service":"OrderService",
                  "method":"GetOrder","deadline":"20000","wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","complete":"true","wires":[]}]
                """.formatted(Json.stringify(PROTO), hung.getLocalPort(), dying.getLocalPort()));
        port = GrpcServerFlowTest.serverPort(harness, "srv");
    }

    @AfterAll
    static void close() throws Exception {
        harness.close();
        hung.close();
        dying.close();
    }

    /** Flood answered with 3000 chunks of 10 kB each (30 MB), far more than a non-reading client holds. */
    @SuppressWarnings("unchecked")
    private static Object flood(Node node, Map<String, Object> msg) {
        List<Object> out = new ArrayList<>();
        String big = "x".repeat(10_000);
        for (int i = 0; i < 3000; i++) {
            Map<String, Object> m = Messages.cloneMessage(msg);
            m.put("payload", Map.of("data", big));
            out.add(m);
        }
        return List.of(out);
    }

    /** Accepts one connection, reads the client's first bytes, then closes it: a server dying mid-call. */
    private static void acceptReadAndDie() {
        try (Socket s = dying.accept()) {
            s.getInputStream().read(new byte[64]);
        } catch (Exception ignored) {
            // the test's close ends it
        }
    }

    @Test
    void aMessageOverFourMegabytesIsResourceExhaustedAndTheServerKeepsServing() throws Exception {
        try (DynamicClient c = new DynamicClient(SCHEMA, port)) {
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                    () -> c.unary("Limits", "Get", "{\"data\":\"" + "a".repeat(5 << 20) + "\"}"));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.toString());
            assertEquals("{\"data\":\"ok\"}", c.unary("Limits", "Get", "{\"data\":\"ok\"}"));
        }
    }

    @Test
    void aGzippedMessageIsMeasuredAfterInflating() throws Exception {
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            Descriptors.MethodDescriptor m = SCHEMA.service("Limits").findMethodByName("Get");
            DynamicMessage bomb = DynamicClient.parse(m, "{\"data\":\"" + "a".repeat(5 << 20) + "\"}");
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> ClientCalls.blockingUnaryCall(
                    ch, GrpcMethods.descriptor(m), CallOptions.DEFAULT.withCompression("gzip")
                            .withDeadlineAfter(20, TimeUnit.SECONDS), bomb));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.toString());
            assertTrue(e.getStatus().getDescription().contains("once decompressed"), e.toString());
        } finally {
            ch.shutdownNow();
        }
    }

    @Test
    void aClientThatStopsReadingRepliesIsSlowedByFlowControl() throws Exception {
        // a 64 kB receive window: the server's echoes fill it after 64 messages
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .flowControlWindow(65_535).build();
        try {
            Descriptors.MethodDescriptor m = SCHEMA.service("Limits").findMethodByName("Chat");
            DynamicMessage chunk = DynamicClient.parse(m, "{\"data\":\"" + "e".repeat(1000) + "\"}");
            ClientCall<DynamicMessage, DynamicMessage> call = ch.newCall(GrpcMethods.descriptor(m), CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
            }, new Metadata()); // and never call.request(n): the echoes are never read
            waitFor(call::isReady, 10);
            long sent = 0;
            long lastProgress = System.nanoTime();
            long t0 = lastProgress;
            while (System.nanoTime() - lastProgress < 2_000_000_000L && System.nanoTime() - t0 < 30_000_000_000L) {
                if (call.isReady()) {
                    call.sendMessage(chunk);
                    sent++;
                    lastProgress = System.nanoTime();
                } else {
                    Thread.sleep(1);
                }
            }
            assertTrue(System.nanoTime() - lastProgress >= 2_000_000_000L, "the client's sends never stopped");
            // 64 kB of unread echoes, the server's 1 MB stream window and a few queued messages: about 1.2 MB
            assertTrue(sent > 64 && sent < 3000, "sent " + sent + " kB before being held back");
            try (DynamicClient c = new DynamicClient(SCHEMA, port)) {
                assertEquals("{\"data\":\"still\"}", c.unary("Limits", "Get", "{\"data\":\"still\"}"));
            }
            call.cancel("done", null);
        } finally {
            ch.shutdownNow();
        }
    }

    @Test
    void aServerStreamNobodyReadsIsCancelledWithACountedWarning() throws Exception {
        DynamicServer server = ((GrpcServerNode) harness.server().engine().node("srv")).localServer();
        long before = server.notReadingCancels();
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            Descriptors.MethodDescriptor m = SCHEMA.service("Limits").findMethodByName("Flood");
            ClientCall<DynamicMessage, DynamicMessage> call = ch.newCall(GrpcMethods.descriptor(m), CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
            }, new Metadata());
            call.sendMessage(DynamicClient.parse(m, "{}"));
            call.halfClose(); // and never reads
            waitFor(() -> server.notReadingCancels() == before + 1, 20);
            waitFor(() -> server.openCalls() == 0, 5);
        } finally {
            ch.shutdownNow();
        }
    }

    @Test
    void streamsBeyondOneHundredPerConnectionAreRefused() throws Exception {
        try (RawH2 h2 = new RawH2(port)) {
            h2.handshake(); // the limit holds once the client has acknowledged the server's settings
            for (int i = 0; i < 110; i++) {
                h2.headers(1 + 2 * i, CHAT, false); // bidi calls the echo flow keeps open
            }
            h2.flush();
            int refused = 0;
            for (RawH2.Frame f; (f = h2.read(2000)) != null; ) {
                if (f.type() == RawH2.RST_STREAM && f.errorCode() == 0x7) {
                    refused++;
                }
            }
            assertEquals(GrpcTransport.MAX_CONCURRENT_STREAMS, h2.maxConcurrentStreams());
            assertEquals(10, refused, "REFUSED_STREAM for each stream past the limit");
        }
    }

    @Test
    void rapidResetsEndTheConnectionAndOthersKeepBeingServed() throws Exception {
        try (RawH2 h2 = new RawH2(port)) {
            try {
                for (int i = 0; i < 300; i++) { // past the 200 the server allows, in one write (~10 KB)
                    h2.headers(1 + 2 * i, CHAT, false);
                    h2.reset(1 + 2 * i, 0x8);
                }
                h2.flush();
            } catch (java.net.SocketException cut) {
                // the server may close the connection before all resets are written: that is the protection
            }
            int goaway = -1;
            for (RawH2.Frame f; (f = h2.read(3000)) != null; ) {
                if (f.type() == RawH2.GOAWAY) {
                    goaway = f.errorCode();
                }
            }
            // the server sends GOAWAY ENHANCE_YOUR_CALM and closes; when it closes with resets still unread, the
            // kernel answers with a TCP reset that can discard the GOAWAY before it is read: then the cut is the proof
            assertTrue(goaway == 0xb || goaway == -1 && h2.endedByPeer(),
                    "GOAWAY ENHANCE_YOUR_CALM or a cut connection, got GOAWAY " + goaway + ", ended by server: "
                            + h2.endedByPeer());
        }
        try (DynamicClient c = new DynamicClient(SCHEMA, port)) {
            assertEquals("{\"data\":\"3\"}", c.unary("Limits", "Get", "{\"data\":\"3\"}"));
        }
    }

    @Test
    void aClientThatDiesMidStreamLeavesNoCallOpen() throws Exception {
        DynamicServer server = ((GrpcServerNode) harness.server().engine().node("srv")).localServer();
        RawH2 h2 = new RawH2(port);
        h2.headers(1, CHAT, false);
        h2.message(1, DynamicClient.parse(SCHEMA.service("Limits").findMethodByName("Chat"),
                "{\"data\":\"1\"}").toByteArray(), false);
        h2.flush();
        waitFor(() -> server.openCalls() >= 1, 10);
        h2.close();
        waitFor(() -> server.openCalls() == 0, 10);
    }

    @Test
    void aCallToAServerThatHangsEndsAtItsDeadline() throws Exception {
        long t0 = System.nanoTime();
        harness.inject("iHung");
        Map<?, ?> error = errorOf(harness.nextDebug(10));
        assertEquals(4, error.get("code"), String.valueOf(error));
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
    }

    @Test
    void aServerThatDiesMidCallIsUnavailable() throws Exception {
        harness.inject("iDying");
        Map<?, ?> error = errorOf(harness.nextDebug(15));
        assertEquals(14, error.get("code"), String.valueOf(error));
    }

    private static Map<?, ?> errorOf(DebugEvent e) {
        assertNotNull(e, "no debug output");
        Map<?, ?> msg = (Map<?, ?>) e.value();
        assertNull(msg.get("payload"));
        return (Map<?, ?>) msg.get("error");
    }

    private static void waitFor(BooleanSupplier condition, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "condition not met within " + seconds + " s");
            Thread.sleep(20);
        }
    }
}
