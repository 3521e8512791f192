package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.testing.Harness;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * flows/bench-grpc-vs-rest.json (scripts/bench-grpc-vs-rest.sh's target) answers both transports as the benchmark
 * client expects, so the benchmark flow cannot rot. Its grpc-server runs on a free port instead of 5003.
 */
class BenchFlowTest {
    private static Harness harness;
    private static DynamicClient grpc;

    @BeforeAll
    static void deploy() throws Exception {
        String flow = Files.readString(Path.of("flows/bench-grpc-vs-rest.json"));
        String onFreePort = flow.replace("\"port\": \"5003\"", "\"port\": \"0\"");
        assertNotEquals(flow, onFreePort, "the flow's grpc-server no longer says port 5003");
        harness = new Harness().deploy(onFreePort);
        grpc = new DynamicClient(ProtoCompiler.compileFile(Path.of("protos"), "bench.proto"),
                GrpcServerFlowTest.serverPort(harness, "bgr-srv"));
    }

    @AfterAll
    static void close() throws Exception {
        grpc.close();
        harness.close();
    }

    @Test
    void unaryEchoesOverBothTransports() throws Exception {
        assertEquals("{\"id\":7,\"name\":\"seven\"}", grpc.unary("Bench", "Unary", "{\"id\":7,\"name\":\"seven\"}"));
        assertEquals("{\"id\":7,\"name\":\"seven\"}",
                ok(200, postJson("/bench/item", "{\"id\":7,\"name\":\"seven\"}")));
    }

    @Test
    void fiveItemsAsAStreamAndAsAJsonArray() throws Exception {
        assertEquals(List.of("{\"name\":\"item\"}", "{\"id\":1,\"name\":\"item\"}", "{\"id\":2,\"name\":\"item\"}",
                        "{\"id\":3,\"name\":\"item\"}", "{\"id\":4,\"name\":\"item\"}"), // proto3 JSON omits id 0
                grpc.serverStream("Bench", "Stream", "{\"count\":5}"));
        assertEquals("[{\"id\":0,\"name\":\"item\"},{\"id\":1,\"name\":\"item\"},{\"id\":2,\"name\":\"item\"},"
                + "{\"id\":3,\"name\":\"item\"},{\"id\":4,\"name\":\"item\"}]",
                ok(200, harness.get("/bench/items?count=5")));
    }

    @Test
    void asyncStreamEchoesEachItemAndEndsWithTheClient() throws Exception {
        assertEquals(List.of("{\"id\":1,\"name\":\"a\"}", "{\"id\":2,\"name\":\"b\"}"), grpc.stream("Bench",
                "AsyncStream", List.of("{\"id\":1,\"name\":\"a\"}", "{\"id\":2,\"name\":\"b\"}")));
    }

    @Test
    void aValidUserIsCreatedOverBothTransports() throws Exception {
        String user = "{\"name\":\"Ada\",\"email\":\"ada@example.org\",\"age\":36}";
        assertTrue(grpc.unary("Bench", "CreateUser", user).matches("\\{\"id\":\\d+,\"name\":\"Ada\"}"));
        assertTrue(ok(201, postJson("/bench/users", user)).matches("\\{\"id\":\\d+,\"name\":\"Ada\"}"));
    }

    @Test
    void anInvalidUserIsRefusedNamingTheBadFields() throws Exception {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> grpc.unary("Bench", "CreateUser",
                "{\"name\":\"Ada\",\"email\":\"not-an-email\",\"age\":36}"));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertEquals("invalid: email", e.getStatus().getDescription());
        assertEquals("{\"error\":\"invalid: name, age\"}",
                ok(400, postJson("/bench/users", "{\"name\":\"\",\"email\":\"ada@example.org\",\"age\":151}")));
    }

    private static HttpResponse<String> postJson(String path, String json) throws Exception {
        return harness.post(path, "application/json", json);
    }

    private static String ok(int status, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        return response.body();
    }
}
