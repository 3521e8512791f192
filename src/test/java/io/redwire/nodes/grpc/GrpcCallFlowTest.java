package io.redwire.nodes.grpc;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * grpc-call and grpc-client-streaming nodes calling the OrderService flow over a real socket (the same grpc-server
 * config serves and is the call target, as in the seed flow). Checks node-red-contrib-grpc's msg shapes.
 */
class GrpcCallFlowTest {
    private static Harness harness;

    private static String flow() {
        String server = OrderFlows.server(0);
        return server.substring(0, server.lastIndexOf(']')) + """
                ,{"id":"ping","type":"grpc-register-function","z":"t1","server":"srv","service":"OrderService",
                  "method":"Ping","wires":[[]]},
                 {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"metadata","v":"{\\"x-trace\\":\\"t-1\\"}","vt":"json"}],
                  "payload":"{\\"id\\":\\"42\\"}","payloadType":"json","wires":[["call1"]]},
                 {"id":"i404","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":404}",
                  "payloadType":"json","wires":[["call1"]]},
                 {"id":"call1","type":"grpc-call","z":"t1","server":"srv","service":"OrderService","method":"GetOrder",
                  "chain":"","key":"","wires":[["out"]]},
                 {"id":"iWatch","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"{\\"id\\":7}",
                  "payloadType":"json","wires":[["callWatch"]]},
                 {"id":"callWatch","type":"grpc-call","z":"t1","server":"srv","service":"OrderService",
                  "method":"WatchOrder","wires":[["out"]]},
                 {"id":"iUpload","type":"inject","z":"t1","props":[{"p":"payload"}],
                  "payload":"[{\\"id\\":1},{\\"id\\":\\"2\\"}]","payloadType":"json","wires":[["callUpload"]]},
                 {"id":"callUpload","type":"grpc-call","z":"t1","server":"srv","service":"OrderService",
                  "method":"UploadOrders","wires":[["out"]]},
                 {"id":"iChat","type":"inject","z":"t1","props":[{"p":"payload"}],
                  "payload":"[{\\"order_id\\":1,\\"status\\":2},{\\"order_id\\":2,\\"status\\":\\"STATUS_CLOSED\\"}]",
                  "payloadType":"json","wires":[["callChat"]]},
                 {"id":"callChat","type":"grpc-call","z":"t1","server":"srv","service":"OrderService",
                  "method":"Chat","wires":[["out"]]},
                 {"id":"iSlow","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"deadline","v":"150","vt":"num"}],
                  "payload":"{}","payloadType":"json","wires":[["callPing"]]},
                 {"id":"callPing","type":"grpc-call","z":"t1","server":"srv","service":"OrderService",
                  "method":"Ping","deadline":"5000","wires":[["out"]]},
                 {"id":"iNope","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"service","v":"Nope","vt":"str"},
                  {"p":"method","v":"X","vt":"str"}],"payload":"{}","payloadType":"json","wires":[["callAny"]]},
                 {"id":"callAny","type":"grpc-call","z":"t1","server":"srv","wires":[["out"]]},
                 {"id":"iStream","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"topic","vt":"str"}],
                  "payload":"{\\"id\\":5}","payloadType":"json","topic":"","wires":[["stream"]]},
                 {"id":"iClose","type":"inject","z":"t1","props":[{"p":"payload"},{"p":"topic","vt":"str"}],
                  "payload":"{\\"id\\":99}","payloadType":"json","topic":"close","wires":[["stream"]]},
                 {"id":"stream","type":"grpc-client-streaming","z":"t1","server":"srv","service":"OrderService",
                  "method":"UploadOrders","wires":[["out"]]},
                 {"id":"out","type":"debug","z":"t1","complete":"true","wires":[]},
                 {"id":"c1","type":"catch","z":"t1","scope":null,"wires":[["caught"]]},
                 {"id":"caught","type":"debug","z":"t1","name":"caught","complete":"error","wires":[]}]
                """;
    }

    @BeforeAll
    static void deploy() {
        harness = new Harness();
        harness.server().engine().registry().register(JavaFunctionNode.TYPES);
        harness.deploy(flow());
    }

    @AfterAll
    static void close() {
        harness.close();
    }

    @Test
    void unaryReplyHasProtobufJsShapeAndErrorNull() throws Exception {
        harness.inject("i1");
        Map<?, ?> msg = msg(next());
        assertEquals("{\"lines\":[{\"tags\":[],\"sku\":\"A-1\",\"quantity\":2,\"price\":{\"currency\":\"EUR\","
                + "\"units\":\"12\",\"nanos\":500}}],\"scores\":[],\"big_numbers\":[\"18446744073709551615\"],"
                + "\"attributes\":{\"trace\":\"t-1\"},\"totals_by_year\":{},\"flags\":{},\"id\":\"42\","
                + "\"customer_name\":\"Ada\",\"status\":\"STATUS_OPEN\",\"priority\":\"PRIORITY_UNSPECIFIED\","
                + "\"created_at\":null,\"extra\":null,\"note\":null,\"parent_id\":null,\"ttl\":null,"
                + "\"blob\":{\"type\":\"Buffer\",\"data\":[]},\"checksum\":\"0\",\"offset\":0,\"ratio\":0,"
                + "\"attachment\":null,\"sequence\":\"0\",\"pickup_store\":\"Berlin\",\"delivery\":\"pickup_store\"}",
                Json.stringify(msg.get("payload")));
        assertTrue(msg.containsKey("error"));
        assertNull(msg.get("error"));
    }

    @Test
    void failuresSetMsgErrorAndReachCatchNodes() throws Exception {
        harness.inject("i404");
        DebugEvent first = next();
        DebugEvent second = next();
        DebugEvent out = "caught".equals(first.name()) ? second : first;
        DebugEvent caught = out == first ? second : first;
        Map<?, ?> msg = msg(out);
        assertTrue(!msg.containsKey("payload"));
        assertEquals("{\"code\":5,\"details\":\"no order 404\",\"message\":\"5 NOT_FOUND: no order 404\","
                + "\"metadata\":{}}", Json.stringify(msg.get("error")));
        Map<?, ?> error = (Map<?, ?>) caught.value();
        assertEquals("Error: 5 NOT_FOUND: no order 404", error.get("message"));
        assertEquals("NOT_FOUND", error.get("code"));
    }

    @Test
    void serverStreamingRepliesComeOneByOneThenComplete() throws Exception {
        harness.inject("iWatch");
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Map<?, ?> m = msg(next());
            got.add(Json.stringify(m.get("payload")) + "|" + m.get("complete") + "|" + m.get("error"));
        }
        assertEquals(List.of("{\"order_id\":\"7\",\"status\":\"STATUS_OPEN\",\"at\":null}|null|null",
                "{\"order_id\":\"7\",\"status\":\"STATUS_SHIPPED\",\"at\":null}|null|null",
                "{\"order_id\":\"7\",\"status\":\"STATUS_CLOSED\",\"at\":null}|null|null",
                "null|true|null"), got);
    }

    @Test
    void anArrayPayloadIsTheRequestStreamOfClientStreamingAndBidiMethods() throws Exception {
        harness.inject("iUpload");
        assertEquals("{\"ids\":[\"1\",\"2\"],\"count\":\"2\",\"total\":null}", Json.stringify(msg(next()).get("payload")));
        harness.inject("iChat");
        assertEquals("{\"order_id\":\"1\",\"status\":\"STATUS_SHIPPED\",\"at\":null}",
                Json.stringify(msg(next()).get("payload")));
        assertEquals("{\"order_id\":\"2\",\"status\":\"STATUS_CLOSED\",\"at\":null}",
                Json.stringify(msg(next()).get("payload")));
        assertEquals(Boolean.TRUE, msg(next()).get("complete"));
    }

    @Test
    void msgDeadlineOverridesTheNodesAndExpiredCallsFail() throws Exception {
        long t0 = System.nanoTime();
        harness.inject("iSlow");
        Map<?, ?> error = null;
        for (int i = 0; i < 2; i++) {
            DebugEvent e = next();
            if (!"caught".equals(e.name())) {
                error = (Map<?, ?>) msg(e).get("error");
            }
        }
        assertNotNull(error);
        assertEquals(4, error.get("code"));
        assertTrue(System.nanoTime() - t0 < 3_000_000_000L, "the msg deadline (150 ms) applies, not the node's");
    }

    @Test
    void unknownServicesAreReportedToCatchNodes() throws Exception {
        harness.inject("iNope");
        DebugEvent e = next();
        assertEquals("caught", e.name());
        assertEquals("Error: Service Nope not in proto file", ((Map<?, ?>) e.value()).get("message"));
    }

    @Test
    void clientStreamingNodeWritesEachMsgAndAnswersTheOpenerOnClose() throws Exception {
        harness.inject("iStream");
        harness.inject("iStream");
        harness.inject("iClose");
        Map<?, ?> msg = msg(next());
        assertEquals("{\"ids\":[\"5\",\"5\"],\"count\":\"2\",\"total\":null}", Json.stringify(msg.get("payload")));
        assertEquals("", msg.get("topic"), "the reply comes in the msg that opened the stream");
    }

    @Test
    void callNodesOfOneTargetShareOneChannel() throws Exception {
        harness.inject("i1");
        next();
        harness.inject("iWatch");
        for (int i = 0; i < 4; i++) {
            next();
        }
        assertEquals(1, harness.server().engine().shared(ClientPool.class, () -> null).size());
    }

    private static DebugEvent next() throws InterruptedException {
        DebugEvent e = harness.nextDebug(10);
        assertNotNull(e, "no debug output");
        return e;
    }

    private static Map<?, ?> msg(DebugEvent e) {
        return (Map<?, ?>) e.value();
    }
}
