package io.redwire.nodes.grpc;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.PythonGrpc;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Interop with an independent gRPC implementation: Python grpcio (Debian's python3-grpcio, stubs made at runtime
 * with python3-grpc-tools) as client of a Redwire flow, as server for Redwire's grpc-call, and as a raw server
 * reflection client. Debian's modules import only under /usr/bin/python3.
 */
class PythonInteropTest {
    private static final Path PROTOS = Path.of("protos");

    @BeforeAll
    static void needPythonGrpc() throws Exception {
        PythonGrpc.assume();
    }

    @Test
    void pythonClientCallsARedwireFlowWithEveryRpcKind() throws Exception {
        try (Harness h = orderServer()) {
            Map<?, ?> r = (Map<?, ?>) Json.parse(PythonGrpc.run("order_client.py", port(h), PROTOS.toString()));
            assertEquals("{\"id\":\"42\",\"customer_name\":\"Ada\",\"status\":\"STATUS_OPEN\",\"lines\":[{\"sku\":\"A-1\","
                    + "\"quantity\":2,\"price\":{\"currency\":\"EUR\",\"units\":\"12\",\"nanos\":500}}],"
                    + "\"attributes\":{\"trace\":\"py-1\"},\"pickup_store\":\"Berlin\","
                    + "\"big_numbers\":[\"18446744073709551615\"]}", Json.stringify(r.get("unary")));
            assertEquals("NOT_FOUND: no order 404", r.get("unary_error"));
            assertEquals("[{\"order_id\":\"7\",\"status\":\"STATUS_OPEN\"},{\"order_id\":\"7\",\"status\":"
                    + "\"STATUS_SHIPPED\"},{\"order_id\":\"7\",\"status\":\"STATUS_CLOSED\"}]",
                    Json.stringify(r.get("server_stream")));
            assertEquals("{\"count\":\"3\",\"ids\":[\"1\",\"2\",\"3\"]}", Json.stringify(r.get("client_stream")));
            assertEquals("[{\"order_id\":\"1\",\"status\":\"STATUS_OPEN\"},{\"order_id\":\"2\",\"status\":"
                    + "\"STATUS_CLOSED\"}]", Json.stringify(r.get("bidi")));
            assertTrue(String.valueOf(r.get("unimplemented")).startsWith("UNIMPLEMENTED: "), r.toString());
            assertTrue(String.valueOf(r.get("invalid_argument")).startsWith("INVALID_ARGUMENT: "), r.toString());
            assertEquals("1", r.get("after_bad_request"));
        }
    }

    @Test
    void reflectionListsTheDynamicServicesAndServesTheirDescriptors() throws Exception {
        try (Harness h = orderServer()) {
            Map<?, ?> r = (Map<?, ?>) Json.parse(PythonGrpc.run("reflection_client.py", port(h), PROTOS.toString(),
                    "rich.v1.OrderService"));
            for (String version : List.of("v1", "v1alpha")) {
                Map<?, ?> v = (Map<?, ?>) r.get(version);
                assertEquals(List.of("grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection",
                        "rich.v1.OrderService"), v.get("services"), version);
                assertTrue(((List<?>) v.get("files")).containsAll(List.of("rich/service.proto", "rich/common.proto",
                        "google/protobuf/timestamp.proto", "google/protobuf/struct.proto")), version + ": " + v);
                assertEquals(List.of("GetOrder", "WatchOrder", "UploadOrders", "Chat", "Ping"), v.get("methods"));
                assertEquals(Map.of("rich/common.proto", true, "rich/service.proto", true), v.get("equal_to_protoc"),
                        version + ": descriptors served must equal what protoc builds");
            }
        }
    }

    @Test
    void redwireCallsAPythonServerWithEveryRpcKind() throws Exception {
        try (PythonGrpc.Server server = PythonGrpc.server("order_server.py", PROTOS.toString());
             Harness h = new Harness()) {
            h.deploy(clientFlow(server.port(), "\"protoFile\":\"rich/service.proto\""));
            assertEveryRpcKind(h);
        }
    }

    /** What {@link #clientFlow}'s injects bring back from order_server.py, every RPC kind in turn. */
    static void assertEveryRpcKind(Harness h) throws Exception {
        h.inject("unary");
        Map<?, ?> unary = msg(h);
        assertEquals("{\"lines\":[{\"tags\":[],\"sku\":\"B-2\",\"quantity\":1,\"price\":null}],\"scores\":[3,1],"
                + "\"big_numbers\":[\"18446744073709551615\"],\"attributes\":{\"trace\":\"rw-1\"},"
                + "\"totals_by_year\":{},\"flags\":{},\"id\":\"42\",\"customer_name\":\"Py\","
                + "\"status\":\"STATUS_OPEN\",\"priority\":\"PRIORITY_UNSPECIFIED\",\"created_at\":null,"
                + "\"extra\":null,\"note\":null,\"parent_id\":null,\"ttl\":null,"
                + "\"blob\":{\"type\":\"Buffer\",\"data\":[]},\"checksum\":\"0\",\"offset\":0,\"ratio\":0,"
                + "\"attachment\":null,\"sequence\":\"0\",\"ship_to\":{\"street_line\":\"\",\"city\":\"Oslo\","
                + "\"zip_code\":\"\"},\"delivery\":\"ship_to\"}", Json.stringify(unary.get("payload")));

        h.inject("notFound");
        Map<?, ?> failed = msg(h);
        assertEquals(5, ((Map<?, ?>) failed.get("error")).get("code"));
        assertEquals("5 NOT_FOUND: no order 404", ((Map<?, ?>) failed.get("error")).get("message"));

        h.inject("watch");
        List<Object> events = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Map<?, ?> m = msg(h);
            events.add(m.get("complete") != null ? "complete" : ((Map<?, ?>) m.get("payload")).get("status"));
        }
        assertEquals(List.of("STATUS_OPEN", "STATUS_SHIPPED", "STATUS_CLOSED", "complete"), events);

        h.inject("upload");
        assertEquals("{\"ids\":[\"1\",\"2\",\"3\"],\"count\":\"3\",\"total\":null}",
                Json.stringify(msg(h).get("payload")));

        h.inject("chat");
        assertEquals("STATUS_SHIPPED", ((Map<?, ?>) msg(h).get("payload")).get("status"));
        assertEquals("STATUS_CLOSED", ((Map<?, ?>) msg(h).get("payload")).get("status"));
        assertEquals(Boolean.TRUE, msg(h).get("complete"));
    }

    /** grpc-call nodes for each RPC kind of order_server.py on {@code port}; {@code definition}: config fields. */
    static String clientFlow(int port, String definition) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"py","type":"grpc-server","port":"%d","server":"127.0.0.1",%s,"localServer":false},
                 {"id":"unary","type":"inject","z":"t1","props":[{"p":"payload"},
                  {"p":"metadata","v":"{\\"x-trace\\":\\"rw-1\\"}","vt":"json"}],"payload":"{\\"id\\":42}",
                  "payloadType":"json","wires":[["get"]]},
                 {"id":"notFound","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":404}",
                  "payloadType":"json","wires":[["get"]]},
                 {"id":"get","type":"grpc-call","z":"t1","server":"py","service":"OrderService","method":"GetOrder",
                  "wires":[["out"]]},
                 {"id":"watch","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":7}",
                  "payloadType":"json","wires":[["watchCall"]]},
                 {"id":"watchCall","type":"grpc-call","z":"t1","server":"py","service":"OrderService",
                  "method":"WatchOrder","wires":[["out"]]},
                 {"id":"upload","type":"inject","z":"t1","props":[{"p":"payload"}],
                  "payload":"[{\\"id\\":1},{\\"id\\":2},{\\"id\\":3}]","payloadType":"json","wires":[["uploadCall"]]},
                 {"id":"uploadCall","type":"grpc-call","z":"t1","server":"py","service":"OrderService",
                  "method":"UploadOrders","wires":[["out"]]},
                 {"id":"chat","type":"inject","z":"t1","props":[{"p":"payload"}],
                  "payload":"[{\\"order_id\\":1,\\"status\\":\\"STATUS_SHIPPED\\"},{\\"order_id\\":2,\\"status\\":3}]",
                  "payloadType":"json","wires":[["chatCall"]]},
                 {"id":"chatCall","type":"grpc-call","z":"t1","server":"py","service":"OrderService",
                  "method":"Chat","wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","complete":"true","wires":[]}]""".formatted(port, definition);
    }

    private static Harness orderServer() {
        Harness h = new Harness();
        h.server().engine().registry().register(JavaFunctionNode.TYPES);
        return h.deploy(OrderFlows.server(0));
    }

    private static String port(Harness h) {
        return String.valueOf(GrpcServerFlowTest.serverPort(h, "srv"));
    }

    private static Map<?, ?> msg(Harness h) throws InterruptedException {
        DebugEvent e = h.nextDebug(10);
        assertNotNull(e, "no debug output");
        return (Map<?, ?>) e.value();
    }
}
