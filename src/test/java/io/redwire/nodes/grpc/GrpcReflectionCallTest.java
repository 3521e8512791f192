package io.redwire.nodes.grpc;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;
import io.redwire.testing.PythonGrpc;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * grpc-call with no .proto: the grpc-server config says {@code "definition": "reflection"} and the calls take the
 * definition from the target's server reflection. Targets: Python grpcio serving reflection v1 or only v1alpha
 * (a reflection service of its own, as Debian has no grpcio-reflection), Python without reflection, and
 * Redwire's own grpc-server. The msgs that come back are the ones a .proto-configured call gets.
 */
class GrpcReflectionCallTest {
    private static final String PROTOS = "protos";
    @BeforeAll
    static void needPython() throws Exception {
        PythonGrpc.assume();
    }

    @Test
    void callsAPythonServerByItsReflectionV1() throws Exception {
        try (PythonGrpc.Server py = PythonGrpc.server("order_server.py", PROTOS, "v1");
             Harness h = new Harness().deploy(clientFlow(py.port()))) {
            assertPythonAnswers(h, py.port());
        }
    }

    @Test
    void fallsBackToV1alphaWhenTheServerOnlyHasThat() throws Exception {
        try (PythonGrpc.Server py = PythonGrpc.server("order_server.py", PROTOS, "v1alpha");
             Harness h = new Harness().deploy(clientFlow(py.port()))) {
            assertPythonAnswers(h, py.port());
        }
    }

    /** Every RPC kind as with the .proto, then a call by msg.service / msg.method and one the server lacks. */
    private static void assertPythonAnswers(Harness h, int port) throws Exception {
        PythonInteropTest.assertEveryRpcKind(h);

        h.inject("byMsg"); // the service by its full name, answered NOT_FOUND by the server
        Map<?, ?> failed = out(h);
        assertEquals("5 NOT_FOUND: no order 404", ((Map<?, ?>) failed.get("error")).get("message"));
        assertEquals("caught", h.nextDebug(10).name()); // the failed call also reaches the catch node

        h.inject("nope");
        DebugEvent caught = h.nextDebug(10);
        assertNotNull(caught);
        assertEquals("caught", caught.name());
        assertEquals("Error: Service Nope not in the server reflection of 127.0.0.1:" + port,
                ((Map<?, ?>) caught.value()).get("message"));
    }

    @Test
    void msgsArrivingBeforeTheDefinitionIsInWaitForItInOrder() throws Exception {
        try (PythonGrpc.Server py = PythonGrpc.server("order_server.py", PROTOS, "v1");
             Harness h = new Harness().deploy(clientFlow(py.port()))) {
            // all handed over before the definition can be in: a client stream, then three unary calls
            h.receive("stream", "{\"payload\":{\"id\":1}}", "{\"payload\":{\"id\":2}}",
                    "{\"payload\":{\"id\":3}}", "{\"topic\":\"close\"}");
            h.receive("get", "{\"payload\":{\"id\":4}}", "{\"payload\":{\"id\":5}}", "{\"payload\":{\"id\":6}}");
            Set<Object> ids = new TreeSet<>();
            List<Object> streamed = null;
            for (int i = 0; i < 4; i++) {
                Map<?, ?> reply = (Map<?, ?>) out(h).get("payload");
                if (reply.containsKey("count")) {
                    streamed = new ArrayList<>((List<?>) reply.get("ids"));
                } else {
                    ids.add(reply.get("id"));
                }
            }
            assertEquals(List.of("1", "2", "3"), streamed, "the stream's messages were written in order");
            assertEquals(Set.of("4", "5", "6"), ids, "no call was lost (the server may answer them in any order)");
        }
    }

    @Test
    void aServerWithoutReflectionIsANodeErrorSayingSo() throws Exception {
        try (PythonGrpc.Server py = PythonGrpc.server("order_server.py", PROTOS);
             Harness h = new Harness().deploy(clientFlow(py.port()))) {
            h.inject("byMsg");
            DebugEvent caught = h.nextDebug(15);
            assertNotNull(caught, "no error reached the catch node");
            Map<?, ?> error = (Map<?, ?>) caught.value();
            assertEquals("Error: 12 UNIMPLEMENTED: 127.0.0.1:" + py.port() + " does not offer server reflection "
                    + "(grpc.reflection.v1 and v1alpha are both unimplemented), so the grpc-server config needs the "
                    + ".proto", error.get("message"));
            assertEquals("UNIMPLEMENTED", error.get("code"));
        }
    }

    @Test
    void callsRedwiresOwnServerAndRefetchesForAMethodAddedSince() throws Exception {
        int port = Ports.free();
        try (Harness server = new Harness().deploy(redwireServer(port, "Get"));
             Harness h = new Harness().deploy(redwireClientFlow(port))) {
            h.inject("get");
            assertEquals(Map.of("data", "rw"), out(h).get("payload"));

            // redeployed with a second method: the definition cached lacks it, so it is fetched anew
            server.deploy(redwireServer(port, "Get", "Put"));
            h.inject("put");
            assertEquals(Map.of("data", "put"), out(h).get("payload"));
        }
    }

    @Test
    void theEditorListsTheServicesOfTheTargetsReflection() throws Exception {
        try (PythonGrpc.Server py = PythonGrpc.server("order_server.py", PROTOS, "v1");
             PythonGrpc.Server bare = PythonGrpc.server("order_server.py", PROTOS);
             Harness h = new Harness()) {
            HttpResponse<String> r = outline(h, py.port());
            assertEquals(200, r.statusCode(), r.body());
            Map<?, ?> service = (Map<?, ?>) ((List<?>) ((Map<?, ?>) Json.parse(r.body())).get("services")).get(0);
            assertEquals("OrderService", service.get("name"));
            assertEquals(Map.of("name", "WatchOrder", "kind", "server streaming"),
                    ((List<?>) service.get("methods")).get(1));

            HttpResponse<String> none = outline(h, bare.port());
            assertEquals(502, none.statusCode(), none.body());
            assertTrue(none.body().contains("does not offer server reflection"), none.body());
        }
    }

    private static HttpResponse<String> outline(Harness h, int port) throws Exception {
        String config = "{\"type\":\"grpc-server\",\"server\":\"127.0.0.1\",\"port\":\"" + port
                + "\",\"definition\":\"reflection\"}";
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(h.url("/redwire/idl/grpc")))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(config))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<?, ?> out(Harness h) throws InterruptedException {
        DebugEvent e = h.nextDebug(15);
        assertNotNull(e, "no debug output");
        assertTrue(!"caught".equals(e.name()), () -> "expected a reply, got " + e.value());
        return (Map<?, ?>) e.value();
    }

    /**
     * PythonInteropTest's flow with its definition from server reflection, plus a grpc-call that takes its method
     * from the msg and a catch node for it alone.
     */
    private static String clientFlow(int port) {
        String calls = PythonInteropTest.clientFlow(port, "\"definition\":\"reflection\"");
        return calls.substring(0, calls.lastIndexOf(']')) + """
                ,{"id":"byMsg","type":"inject","z":"t1","props":[{"p":"payload"},
                  {"p":"service","v":"rich.v1.OrderService","vt":"str"},{"p":"method","v":"GetOrder","vt":"str"}],
                  "payload":"{\\"id\\":404}","payloadType":"json","wires":[["any"]]},
                 {"id":"nope","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"service","v":"Nope","vt":"str"},
                  {"p":"method","v":"X","vt":"str"}],"payload":"{}","payloadType":"json","wires":[["any"]]},
                 {"id":"any","type":"grpc-call","z":"t1","server":"py","wires":[["named"]]},
                 {"id":"stream","type":"grpc-client-streaming","z":"t1","server":"py","service":"OrderService",
                  "method":"UploadOrders","wires":[["named"]]},
                 {"id":"named","type":"debug","z":"t1","name":"out","complete":"true","wires":[]},
                 {"id":"c1","type":"catch","z":"t1","scope":["any"],"wires":[["caught"]]},
                 {"id":"caught","type":"debug","z":"t1","name":"caught","complete":"error","wires":[]}]
                """;
    }

    /** A Redwire grpc-server on {@code port} serving {@code methods} of refl.Served by echoing the request. */
    private static String redwireServer(int port, String... methods) {
        StringBuilder rpcs = new StringBuilder();
        StringBuilder nodes = new StringBuilder();
        for (String m : methods) {
            rpcs.append(" rpc ").append(m).append("(Ping) returns (Ping);");
            nodes.append(",{\"id\":\"r").append(m).append("\",\"type\":\"grpc-register-function\",\"z\":\"t1\","
                    + "\"server\":\"srv\",\"service\":\"Served\",\"method\":\"").append(m)
                    .append("\",\"wires\":[[\"resp\"]]}");
        }
        String proto = "syntax = \"proto3\"; package refl; message Ping { string data = 1; } service Served {"
                + rpcs + " }";
        return "[{\"id\":\"t1\",\"type\":\"tab\"},{\"id\":\"srv\",\"type\":\"grpc-server\",\"port\":\"" + port
                + "\",\"server\":\"127.0.0.1\",\"localServer\":true,\"protoFile\":" + Json.stringify(proto) + "}"
                + nodes + ",{\"id\":\"resp\",\"type\":\"grpc-response\",\"z\":\"t1\",\"wires\":[]}]";
    }

    private static String redwireClientFlow(int port) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"rw","type":"grpc-server","port":"%d","server":"127.0.0.1","definition":"reflection"},
                 {"id":"get","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"data\\":\\"rw\\"}",
                  "payloadType":"json","wires":[["getCall"]]},
                 {"id":"getCall","type":"grpc-call","z":"t1","server":"rw","service":"Served","method":"Get",
                  "wires":[["out"]]},
                 {"id":"put","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"data\\":\\"put\\"}",
                  "payloadType":"json","wires":[["putCall"]]},
                 {"id":"putCall","type":"grpc-call","z":"t1","server":"rw","service":"Served","method":"Put",
                  "wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","name":"out","complete":"true","wires":[]},
                 {"id":"c1","type":"catch","z":"t1","scope":null,"wires":[["caught"]]},
                 {"id":"caught","type":"debug","z":"t1","name":"caught","complete":"error","wires":[]}]
                """.formatted(port);
    }
}
