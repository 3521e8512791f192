package io.redwire.nodes.grpc;

import io.redwire.api.DebugEvent;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.Harness;
import io.redwire.testing.TestCerts;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** grpc-server with TLS and mutual TLS, called by grpc-call nodes and by a client without a certificate. */
class GrpcTlsTest {
    @TempDir
    static Path dir;
    private static TestCerts certs;

    @BeforeAll
    static void makeCertificates() throws Exception {
        assumeTrue(TestCerts.opensslAvailable(), "/usr/bin/openssl is missing; TLS tests skipped");
        certs = TestCerts.create(dir);
    }

    private static String flow(boolean mutual, String clientChain, String clientKey) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"0","server":"127.0.0.1","protoFile":"rich/service.proto",
                  "localServer":true,"ssl":true,"selfsigned":true,"mutualTls":%s,"ca":%s,"chain":%s,"key":%s},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"GetOrder","wires":[["getFn"]]},
                 {"id":"getFn","type":"test-java-function","z":"t1","fn":"getOrder","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]},
                 {"id":"go","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":11}",
                  "payloadType":"json","wires":[["call"]]},
                 {"id":"call","type":"grpc-call","z":"t1","server":"srv","service":"OrderService","method":"GetOrder",
                  "chain":%s,"key":%s,"wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","complete":"true","wires":[]}]"""
                .formatted(mutual, Json.stringify(certs.ca()), Json.stringify(certs.serverChain()),
                        Json.stringify(certs.serverKey()), Json.stringify(clientChain), Json.stringify(clientKey));
    }

    @Test
    void tlsCallsSucceedWithTheConfigsCa() throws Exception {
        try (Harness h = harness().deploy(flow(false, "", ""))) {
            h.inject("go");
            assertEquals("11", reply(h).get("id"));
        }
    }

    @Test
    void mutualTlsAcceptsClientsWithACertificateAndRejectsOthers() throws Exception {
        try (Harness h = harness().deploy(flow(true, certs.clientChain(), certs.clientKey()))) {
            h.inject("go");
            assertEquals("11", reply(h).get("id"));

            ProtoSchema schema = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto");
            var method = schema.service("OrderService").findMethodByName("GetOrder");
            ManagedChannel anonymous = NettyChannelBuilder.forAddress("127.0.0.1", GrpcServerFlowTest.serverPort(h,
                    "srv"), TlsChannelCredentials.newBuilder().trustManager(new ByteArrayInputStream(
                    certs.ca().getBytes(StandardCharsets.US_ASCII))).build()).build();
            try {
                StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () ->
                        ClientCalls.blockingUnaryCall(anonymous, GrpcMethods.descriptor(method),
                                CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS),
                                DynamicClient.parse(method, "{\"id\":\"1\"}")));
                assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode(), e.toString());
            } finally {
                anonymous.shutdownNow();
            }
        }
    }

    @Test
    void missingTlsMaterialRefusesTheDeploy() {
        try (Harness h = harness()) {
            FlowException e = assertThrows(FlowException.class, () -> h.deploy(flow(true, "", "")));
            assertTrue(e.getMessage().contains("node call (grpc-call) field 'chain': mutual TLS needs this "
                    + "node's client certificate chain (PEM)"), e.getMessage());
            FlowException noKey = assertThrows(FlowException.class, () -> h.deploy("""
                    [{"id":"srv","type":"grpc-server","port":"0","protoFile":"rich/service.proto",
                      "localServer":true,"ssl":true,"chain":%s}]""".formatted(Json.stringify(certs.serverChain()))));
            assertEquals("node srv (grpc-server) field 'key': ssl needs the server private key (PEM)",
                    noKey.getMessage());
        }
    }

    private static Harness harness() {
        Harness h = new Harness();
        h.server().engine().registry().register(JavaFunctionNode.TYPES);
        OrderFlows.server(0); // registers the test functions
        return h;
    }

    private static Map<?, ?> reply(Harness h) throws InterruptedException {
        DebugEvent e = h.nextDebug(15);
        assertNotNull(e, "no reply");
        Map<?, ?> msg = (Map<?, ?>) e.value();
        assertEquals(null, msg.get("error"), String.valueOf(msg.get("error")));
        return (Map<?, ?>) msg.get("payload");
    }
}
