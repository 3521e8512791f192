package io.redwire.nodes.grpc;

import io.redwire.msg.FlowException;
import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.ByteMarshaller;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Redwire flow serving rich.v1.OrderService, called by a grpc-java client over a real socket. */
class GrpcServerFlowTest {
    private static final ProtoSchema SCHEMA = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto");
    private static Harness harness;
    private static DynamicClient client;

    @BeforeAll
    static void deploy() {
        harness = new Harness();
        harness.server().engine().registry().register(JavaFunctionNode.TYPES);
        harness.deploy(OrderFlows.server(0));
        client = new DynamicClient(SCHEMA, serverPort(harness, "srv"));
    }

    @AfterAll
    static void close() throws Exception {
        client.close();
        harness.close();
    }

    static int serverPort(Harness h, String id) {
        return ((GrpcServerNode) h.server().engine().node(id)).port();
    }

    @Test
    void unaryRequestReachesTheFlowAndItsReplyTheClient() throws Exception {
        String reply = client.withHeader("x-trace", "abc").unary("OrderService", "GetOrder", "{\"id\":\"42\"}");
        assertEquals("{\"id\":\"42\",\"customer_name\":\"Ada\",\"status\":\"STATUS_OPEN\",\"lines\":[{\"sku\":\"A-1\","
                + "\"quantity\":2,\"price\":{\"currency\":\"EUR\",\"units\":\"12\",\"nanos\":500}}],"
                + "\"attributes\":{\"trace\":\"abc\"},\"pickup_store\":\"Berlin\","
                + "\"big_numbers\":[\"18446744073709551615\"]}", reply);
    }

    @Test
    void msgErrAnswersWithThatStatus() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> client.unary("OrderService", "GetOrder", "{\"id\":\"404\"}"));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertEquals("no order 404", e.getStatus().getDescription());
    }

    @Test
    void serverStreamingSendsEachReplyAndEndsOnComplete() throws Exception {
        assertEquals(List.of("{\"order_id\":\"7\",\"status\":\"STATUS_OPEN\"}",
                        "{\"order_id\":\"7\",\"status\":\"STATUS_SHIPPED\"}",
                        "{\"order_id\":\"7\",\"status\":\"STATUS_CLOSED\"}"),
                client.serverStream("OrderService", "WatchOrder", "{\"id\":\"7\"}"));
    }

    @Test
    void clientStreamingMessagesEnterTheFlowOneByOneAndEndOfStreamToo() throws Exception {
        assertEquals(List.of("{\"count\":\"3\",\"ids\":[\"1\",\"2\",\"3\"]}"), client.stream("OrderService",
                "UploadOrders", List.of("{\"id\":\"1\"}", "{\"id\":\"2\"}", "{\"id\":\"3\"}")));
    }

    @Test
    void bidiStreamEchoesEveryMessageAndEndsWhenTheClientDoes() throws Exception {
        List<String> events = List.of("{\"order_id\":\"1\",\"status\":\"STATUS_OPEN\"}",
                "{\"order_id\":\"2\",\"status\":\"STATUS_CLOSED\"}");
        assertEquals(events, client.stream("OrderService", "Chat", events));
        assertEquals(List.of(), client.stream("OrderService", "Chat", List.of()));
    }

    @Test
    void methodsWithoutHandlerAndUnknownMethodsAreUnimplemented() {
        StatusRuntimeException noHandler = assertThrows(StatusRuntimeException.class,
                () -> client.unary("OrderService", "Ping", "{}"));
        assertEquals(Status.Code.UNIMPLEMENTED, noHandler.getStatus().getCode());
        StatusRuntimeException unknown = assertThrows(StatusRuntimeException.class,
                () -> raw("rich.v1.OrderService/Nope", new byte[0]));
        assertEquals(Status.Code.UNIMPLEMENTED, unknown.getStatus().getCode());
    }

    @Test
    void aRequestThatDoesNotParseIsInvalidArgumentAndTheServerKeepsServing() throws Exception {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> raw("rich.v1.OrderService/GetOrder", new byte[] {0x08, (byte) 0xff}));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertTrue(client.unary("OrderService", "GetOrder", "{\"id\":\"1\"}").startsWith("{\"id\":\"1\""));
    }

    @Test
    void aSecondServerOnTheSamePortIsRefusedAndTheRunningFlowsStay() throws Exception {
        int port = serverPort(harness, "srv");
        try (Harness other = new Harness()) {
            other.server().engine().registry().register(JavaFunctionNode.TYPES);
            FlowException e = assertThrows(FlowException.class, () -> other.deploy(OrderFlows.server(port)));
            assertTrue(e.getMessage().contains("port " + port + " on 127.0.0.1 is already in use"), e.getMessage());
        }
        assertTrue(client.unary("OrderService", "GetOrder", "{\"id\":\"2\"}").startsWith("{\"id\":\"2\""));
    }

    @Test
    void aRedeployReleasesThePortAndCancelsOpenCalls() throws Exception {
        int port = Ports.free();
        String silent = """
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":"rich/service.proto",
                  "localServer":true},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"GetOrder","wires":[[]]}]""".formatted(port);
        try (Harness h = new Harness(); DynamicClient c = new DynamicClient(SCHEMA, port)) {
            h.server().engine().registry().register(JavaFunctionNode.TYPES);
            h.deploy(silent);
            Thread pending = new Thread(() -> { });
            StatusRuntimeException[] seen = new StatusRuntimeException[1];
            pending = new Thread(() -> {
                try {
                    c.unary("OrderService", "GetOrder", "{\"id\":\"9\"}");
                } catch (Exception e) {
                    seen[0] = DynamicClient.statusOf(e);
                }
            });
            pending.start();
            Thread.sleep(300); // the call is now waiting inside the flow, which never answers
            h.deploy(OrderFlows.server(port));
            pending.join(5000);
            assertEquals(Status.Code.UNAVAILABLE, seen[0].getStatus().getCode(), String.valueOf(seen[0]));
            assertTrue(c.unary("OrderService", "GetOrder", "{\"id\":\"3\"}").startsWith("{\"id\":\"3\""));
        }
    }

    @Test
    void aProtoSyntaxErrorRefusesTheDeployWithFileLineAndColumn() throws Exception {
        try (Harness h = new Harness()) {
            h.server().engine().registry().register(JavaFunctionNode.TYPES);
            h.deploy(OrderFlows.server(0));
            int port = serverPort(h, "srv");
            FlowException e = assertThrows(FlowException.class, () -> h.deploy("""
                    [{"id":"t1","type":"tab"},
                     {"id":"bad","type":"grpc-server","port":"0","localServer":true,
                      "protoFile":"syntax = \\"proto3\\";\\nmessage A {\\n  int32 a = 1\\n}\\n"}]"""));
            assertEquals("node bad (grpc-server) field 'protoFile': protoFile.proto:4:1: syntax error: "
                    + "expected ';' but was '}'", e.getMessage());
            try (DynamicClient c = new DynamicClient(SCHEMA, port)) {
                assertTrue(c.unary("OrderService", "GetOrder", "{\"id\":\"5\"}").startsWith("{\"id\":\"5\""));
            }
        }
    }

    /** Calls a method by name with raw request bytes, as a client with another schema (or a broken one) would. */
    private static void raw(String fullMethod, byte[] body) throws Exception {
        MethodDescriptor<byte[], byte[]> md = MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(fullMethod)
                .setRequestMarshaller(new ByteMarshaller()).setResponseMarshaller(new ByteMarshaller()).build();
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", serverPort(harness, "srv")).usePlaintext()
                .build();
        try {
            ClientCalls.blockingUnaryCall(ch, md, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), body);
        } finally {
            ch.shutdownNow();
        }
    }
}
