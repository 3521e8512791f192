package io.redwire.bench.floor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.DynamicMessage;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientResponse;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench's floor programs run and report a number per set (scripts/bench-vs-nodered.sh reads these lines). */
class FloorProgramsSmokeTest {
    private static final String PER_SET = "(http|grpc|js) per-set ms:( \\d+\\.\\d)+\\n";

    private interface Program {
        void run(Floor f, PrintStream out) throws Exception;
    }

    private static String report(Program p) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        p.run(Floor.of(new String[] {"2", "50"}), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).replace("\r", "");
    }

    @Test
    void theLoopFloorsPrintOneTimePerSet() throws Exception {
        for (Program p : List.<Program>of(HttpLoopFloor::run, GrpcLoopFloor::run, JsFunctionFloor::run)) {
            String line = report(p);
            assertTrue(line.matches(PER_SET), line);
            assertEquals(2, line.trim().split(":")[1].trim().split(" ").length, line);
        }
    }

    @Test
    void theBodyFloorAnswersTheBodyItWasSent() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            HttpServer server = JsonBodyFloor.serve(vertx, 0);
            String body = JsonBodyFloor.body();
            assertTrue(body.length() > 70_000 && body.length() < 76_000, "body of " + body.length() + " bytes");
            ObjectMapper json = new ObjectMapper();
            for (String path : List.of("/big", "/big?changes=100")) { // the 1- and 100-change rows' floor
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.actualPort() + path)).header("content-type",
                        "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), path);
                assertEquals(json.readTree(body), json.readTree(r.body()), path);
            }
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void theGrpcServerFloorAnswersSayHello() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            HelloGreeter hello = new HelloGreeter();
            HttpServer server = hello.serve(vertx, 0);
            Buffer reply = GrpcClient.client(vertx).request(SocketAddress.inetSocketAddress(server.actualPort(),
                    "127.0.0.1")).compose(r -> {
                        r.fullMethodName("hello.Greeter/SayHello");
                        r.end(hello.requestBytes());
                        return r.response();
                    }).compose(GrpcClientResponse::last).await();
            DynamicMessage m = HelloGreeter.parse(hello.reply, reply);
            assertEquals("OK!", m.getField(hello.reply.findFieldByName("message")));
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void theHundredChangeFloorSetsTheTopicOnEachStep() {
        java.util.Map<String, Object> msg = new java.util.HashMap<>(java.util.Map.of("payload", List.of(1)));
        assertEquals("step 99", JsonBodyFloor.passThrough(msg, 100).get("topic"));
        assertEquals(List.of(1), msg.get("payload"));
    }

    @Test
    void theStartUpFloorStartsAndExits() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Dpolyglot.engine.WarnInterpreterOnly=false", "-cp",
                System.getProperty("java.class.path"), StartupFloor.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the start-up floor did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("Started floor (port "), out);
    }
}
