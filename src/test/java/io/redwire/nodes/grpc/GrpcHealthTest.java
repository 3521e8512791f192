package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.testing.ByteMarshaller;
import io.redwire.testing.Harness;

import com.google.protobuf.DynamicMessage;
import com.google.protobuf.TextFormat;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * grpc.health.v1.Health of flows/grpc-every-way.json's server, asked by a Python grpcio client whose stub is
 * generated at test time from grpc-services' health.proto: SERVING while the flows run, NOT_SERVING once a
 * graceful stop begins (while an HTTP request held in a delay node keeps the stop draining) and while a deploy
 * replaces the flows.
 */
class GrpcHealthTest {
    private static final String PYTHON = "/usr/bin/python3";
    private static final String SLOW_HTTP = """
            ,{"id":"hl-in","type":"http in","z":"ew-tab","url":"/slow","method":"get","x":1,"y":1,"wires":[["hl-wait"]]},
             {"id":"hl-wait","type":"delay","z":"ew-tab","pauseType":"delay","timeout":"4","timeoutUnits":"seconds",
              "rate":"1","nbRateUnits":"1","rateUnits":"second","randomFirst":"1","randomLast":"5",
              "randomUnits":"seconds","drop":false,"allowrate":false,"outputs":1,"x":1,"y":1,"wires":[["hl-out"]]},
             {"id":"hl-out","type":"http response","z":"ew-tab","x":1,"y":1,"wires":[]}]
            """;

    @TempDir
    Path tmp;

    private static String flow() throws Exception {
        String f = Files.readString(Path.of("flows/grpc-every-way.json")).replace("\"port\": \"5003\"",
                "\"port\": \"0\"").strip();
        return f.substring(0, f.length() - 1) + SLOW_HTTP;
    }

    @Test
    void servingWhileTheFlowsRunNotServingDuringAGracefulStop() throws Exception {
        assumePython();
        Harness h = new Harness().deploy(flow());
        boolean stopped = false;
        try {
            int port = port(h);
            assertEquals(List.of("\"\" SERVING", "library.v1.Library SERVING", "nope.Service NOT_FOUND"),
                    check(port, "", "library.v1.Library", "nope.Service"));
            assertEquals(200, h.get("/health/ready").statusCode());
            assertEquals("statuses { key: \"\" value { status: SERVING } } statuses { key: \"library.v1.Library\" "
                    + "value { status: SERVING } }", list(port));

            Watch watch = new Watch(port, "");
            assertEquals("SERVING", watch.next());
            CompletableFuture<HttpResponse<String>> held = CompletableFuture.supplyAsync(() -> {
                try {
                    return h.get("/slow");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1000); // the request now waits in the delay node, so the stop drains for ~3 s
            CompletableFuture<Void> stop = h.server().stopGracefully(20_000).toCompletionStage().toCompletableFuture();
            assertEquals("NOT_SERVING", watch.next());
            assertEquals(List.of("\"\" NOT_SERVING", "library.v1.Library NOT_SERVING"),
                    check(port, "", "library.v1.Library"));
            assertTrue(!held.isDone(), "the stop was still draining while health was asked");
            assertEquals(200, held.get(30, TimeUnit.SECONDS).statusCode());
            stop.get(30, TimeUnit.SECONDS);
            stopped = true; // the stop closed the engine and its Vert.x
            assertEquals("END UNAVAILABLE", watch.next());
            watch.close();
        } finally {
            if (!stopped) {
                h.close();
            }
        }
    }

    @Test
    void aRedeployIsNotServingUntilTheNewFlowsRun() throws Exception {
        assumePython();
        try (Harness h = new Harness().deploy(flow())) {
            Watch watch = new Watch(port(h), "library.v1.Library");
            assertEquals("SERVING", watch.next());
            h.deploy(flow());
            assertEquals("NOT_SERVING", watch.next());
            assertEquals("END UNAVAILABLE", watch.next());
            watch.close();
            assertEquals(List.of("library.v1.Library SERVING"), check(port(h), "library.v1.Library"));
        }
    }

    // ---- clients ------------------------------------------------------------------------------------------------

    private static void assumePython() throws Exception {
        Process p = new ProcessBuilder(PYTHON, "-c", "import grpc, grpc_tools").redirectErrorStream(true).start();
        assumeTrue(Files.isExecutable(Path.of(PYTHON)) && p.waitFor() == 0,
                "/usr/bin/python3 has no grpcio / grpc_tools (apt-get install python3-grpcio python3-grpc-tools)");
    }

    private static int port(Harness h) {
        return ((GrpcServerNode) h.server().engine().node("ew-srv")).port();
    }

    private Path healthProto() throws Exception {
        Path p = tmp.resolve("health.proto");
        if (!Files.exists(p)) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("grpc/health/v1/health.proto")) {
                Files.write(p, in.readAllBytes());
            }
        }
        return p;
    }

    private Process python(int port, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, "src/test/resources/grpc/health_client.py",
                healthProto().toString(), String.valueOf(port)));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private List<String> check(int port, String... services) throws Exception {
        List<String> args = new ArrayList<>(List.of("check"));
        args.addAll(List.of(services));
        Process p = python(port, args.toArray(new String[0]));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }

    /** List, which grpc-java's health.proto lacks: called raw, its answer decoded with the newer messages. */
    private static String list(int port) throws Exception {
        MethodDescriptor<byte[], byte[]> md = MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("grpc.health.v1.Health/List")
                .setRequestMarshaller(new ByteMarshaller()).setResponseMarshaller(new ByteMarshaller()).build();
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            byte[] answer = ClientCalls.blockingUnaryCall(ch, md,
                    CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]);
            var type = ProtoCompiler.compile("list.proto", """
                    syntax = "proto3";
                    message HealthCheckResponse {
                      enum ServingStatus { UNKNOWN = 0; SERVING = 1; NOT_SERVING = 2; SERVICE_UNKNOWN = 3; }
                      ServingStatus status = 1;
                    }
                    message HealthListResponse { map<string, HealthCheckResponse> statuses = 1; }
                    """, null).root().findMessageTypeByName("HealthListResponse");
            return TextFormat.printer().shortDebugString(DynamicMessage.parseFrom(type, answer));
        } finally {
            ch.shutdownNow();
        }
    }

    /** A Watch stream in a Python process; next() is the next line it prints. */
    private final class Watch {
        private final Process process;
        private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

        Watch(int port, String service) throws Exception {
            process = python(port, "watch", service);
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l; (l = r.readLine()) != null; ) {
                        lines.add(l);
                    }
                } catch (java.io.IOException ignored) {
                    // the process ended
                }
            }, "health-watch-reader");
            reader.setDaemon(true);
            reader.start();
            assertEquals("WATCHING", next());
        }

        String next() throws InterruptedException {
            String l = lines.poll(60, TimeUnit.SECONDS);
            assertNotNull(l, "the Watch client printed nothing within 60 s");
            return l;
        }

        void close() throws InterruptedException {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
