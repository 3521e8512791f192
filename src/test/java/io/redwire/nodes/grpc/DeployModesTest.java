package io.redwire.nodes.grpc;

import io.redwire.admin.AdminServer;
import io.redwire.api.Node;
import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.Ports;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Node-RED's deployment types over POST /flows, with a real grpc-java client holding a server-streaming call open:
 * the "orders" flow answers WatchOrder with one event at once and parks the call's second event in a delay node
 * (60 s) until an inject flushes it. A {@code nodes} or {@code flows} deploy that changes another flow (or, for
 * {@code nodes}, another node of the same flow) leaves the stream, the delay's queued message and the grpc-server
 * running; a {@code full} deploy restarts them all, ending the stream.
 */
class DeployModesTest {
    private static final ProtoSchema SCHEMA = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto");
    private static final String OPEN = "{\"order_id\":\"7\",\"status\":\"STATUS_OPEN\"}";
    private static final String CLOSED = "{\"order_id\":\"7\",\"status\":\"STATUS_CLOSED\"}";

    private final int port = Ports.free();
    private AdminServer admin;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        admin = new AdminServer();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        assertEquals(204, deploy("full", flows("first", "one")).statusCode());
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        admin.close();
    }

    /** Two tabs: "orders" (the stream; {@code ordersNote} is an unwired node on it), "other" ({@code otherNote}). */
    private String flows(String ordersNote, String otherNote) {
        return """
                [{"id":"orders","type":"tab","label":"orders"},
                 {"id":"other","type":"tab","label":"other"},
                 {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":"rich/service.proto",
                  "localServer":true},
                 {"id":"watch","type":"grpc-register-function","z":"orders","server":"srv","service":"OrderService",
                  "method":"WatchOrder","x":100,"y":100,"wires":[["now","hold"]]},
                 {"id":"now","type":"change","z":"orders","x":300,"y":60,"wires":[["resp"]],"rules":[{"t":"set",
                  "p":"payload","pt":"msg","to":"{\\"order_id\\":\\"7\\",\\"status\\":\\"STATUS_OPEN\\"}","tot":"json"}]},
                 {"id":"hold","type":"delay","z":"orders","pauseType":"delay","timeout":"60","timeoutUnits":"seconds",
                  "rate":"1","nbRateUnits":"1","rateUnits":"second","randomFirst":"1","randomLast":"5",
                  "randomUnits":"seconds","drop":false,"outputs":1,"x":300,"y":140,"wires":[["last"]]},
                 {"id":"release","type":"inject","z":"orders","props":[{"p":"flush","v":"true","vt":"bool"}],
                  "repeat":"","once":false,"x":100,"y":200,"wires":[["hold"]]},
                 {"id":"last","type":"change","z":"orders","x":500,"y":140,"wires":[["resp"]],"rules":[{"t":"set",
                  "p":"payload","pt":"msg","to":"{\\"order_id\\":\\"7\\",\\"status\\":\\"STATUS_CLOSED\\"}","tot":"json"},
                  {"t":"set","p":"complete","pt":"msg","to":"true","tot":"bool"}]},
                 {"id":"resp","type":"grpc-response","z":"orders","x":700,"y":100,"wires":[]},
                 {"id":"ordersNote","type":"change","z":"orders","name":"%s","x":100,"y":300,"wires":[[]],"rules":[]},
                 {"id":"otherNote","type":"change","z":"other","name":"%s","x":100,"y":100,"wires":[[]],"rules":[]}]
                """.formatted(port, ordersNote, otherNote);
    }

    private HttpResponse<String> deploy(String type, String flows) throws Exception {
        return admin.send(java.time.Duration.ofSeconds(60), "POST", "/flows", flows,
                "Node-RED-Deployment-Type", type);
    }

    /** Opens WatchOrder; returns the events the client sees ("next ..." / "completed" / "error CODE"). */
    private BlockingQueue<String> watch() throws Exception {
        Descriptors.MethodDescriptor m = SCHEMA.service("OrderService").findMethodByName("WatchOrder");
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        ClientCalls.asyncServerStreamingCall(channel.newCall(GrpcMethods.descriptor(m),
                CallOptions.DEFAULT.withDeadlineAfter(120, TimeUnit.SECONDS)), DynamicClient.parse(m, "{\"id\":\"7\"}"),
                new StreamObserver<DynamicMessage>() {
                    @Override
                    public void onNext(DynamicMessage value) {
                        events.add("next " + DynamicClient.print(value));
                    }

                    @Override
                    public void onError(Throwable t) {
                        events.add("error " + Status.fromThrowable(t).getCode());
                    }

                    @Override
                    public void onCompleted() {
                        events.add("completed");
                    }
                });
        assertEquals("next " + OPEN, events.poll(30, TimeUnit.SECONDS), "the stream's first event");
        return events;
    }

    private Node running(String id) {
        return admin.server().engine().node(id);
    }

    private void assertStreamSurvives(BlockingQueue<String> events) throws Exception {
        assertEquals(null, events.poll(300, TimeUnit.MILLISECONDS), "the stream is still open");
        assertEquals(200, admin.post("/inject/release", "").statusCode());
        assertEquals("next " + CLOSED, events.poll(30, TimeUnit.SECONDS), "the delayed event, released");
        assertEquals("completed", events.poll(30, TimeUnit.SECONDS));
    }

    @Test
    void aNodesDeployOfAnotherFlowKeepsTheStreamAndTheQueuedMessage() throws Exception {
        assertNodesDeployRestartsOnly(flows("first", "two"), "otherNote", "srv", "hold");
    }

    @Test
    void aNodesDeployOfAnUnwiredNodeOnTheSameFlowKeepsTheStream() throws Exception {
        assertNodesDeployRestartsOnly(flows("second", "one"), "ordersNote", "hold");
    }

    /** A {@code nodes} deploy of {@code flows}: {@code changed} restarts, {@code kept} run on, the stream survives. */
    private void assertNodesDeployRestartsOnly(String flows, String changed, String... kept) throws Exception {
        BlockingQueue<String> events = watch();
        Node before = running(changed);
        List<Node> keptBefore = Stream.of(kept).map(this::running).toList();
        assertEquals(204, deploy("nodes", flows).statusCode());
        assertNotSame(before, running(changed), "the changed node restarted");
        for (int i = 0; i < kept.length; i++) {
            assertSame(keptBefore.get(i), running(kept[i]), kept[i] + " kept running");
        }
        assertStreamSurvives(events);
    }

    @Test
    void aFlowsDeployRestartsOnlyTheChangedFlow() throws Exception {
        BlockingQueue<String> events = watch();
        Node hold = running("hold");
        assertEquals(204, deploy("flows", flows("first", "two")).statusCode());
        assertSame(hold, running("hold"), "the untouched flow keeps running");
        assertStreamSurvives(events);

        events = watch();
        hold = running("hold");
        Node server = running("srv");
        assertEquals(204, deploy("flows", flows("second", "two")).statusCode());
        assertNotSame(hold, running("hold"), "every node of the changed flow restarted");
        assertSame(server, running("srv"), "the grpc-server config node did not change");
        assertEquals(200, admin.post("/inject/release", "").statusCode());
        assertEquals(null, events.poll(1, TimeUnit.SECONDS), "the restarted delay lost its queued message");
    }

    @Test
    void aFullDeployRestartsEverything() throws Exception {
        BlockingQueue<String> events = watch();
        Node server = running("srv");
        Node hold = running("hold");
        assertEquals(204, deploy("full", flows("first", "two")).statusCode());
        assertNotSame(server, running("srv"));
        assertNotSame(hold, running("hold"));
        String ended = events.poll(30, TimeUnit.SECONDS);
        assertTrue(ended != null && ended.startsWith("error"), "the stream ended with the old server: " + ended);
    }

    @Test
    void aRefusedPartialDeployStopsNothing() throws Exception {
        BlockingQueue<String> events = watch();
        Node hold = running("hold");
        String broken = flows("first", "two").replace("\"type\":\"change\",\"z\":\"other\"",
                "\"type\":\"no-such-type\",\"z\":\"other\"");
        assertEquals(400, deploy("nodes", broken).statusCode());
        assertSame(hold, running("hold"));
        assertEquals("one", String.valueOf(running("otherNote").name()), "the refused change did not run");
        assertStreamSurvives(events);
    }
}
