package io.redwire.nodes.thrift;

import io.redwire.api.DebugEvent;
import io.redwire.embed.Server;
import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.thrift.TestFlows.boundPort;
import static io.redwire.nodes.thrift.TestFlows.call;
import static io.redwire.nodes.thrift.TestFlows.debug;
import static io.redwire.nodes.thrift.TestFlows.inject;
import static io.redwire.nodes.thrift.TestFlows.node;
import static io.redwire.nodes.thrift.TestFlows.register;
import static io.redwire.nodes.thrift.TestFlows.to;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redwire against Apache Thrift's own Python implementation (code generated at test time). A Python client calls
 * a Redwire flow that serves each method by calling a Python server, so every value crosses Redwire's decoder
 * and encoder on both its server and its client side.
 */
class ThriftPythonInteropTest {
    private static final List<String> TINYCALC = List.of("sum", "subtract");
    private static final List<String> INVENTORY = List.of("ping", "put", "find", "all", "index", "log", "clear");

    /** S: Redwire serving idlFile on a free port; U: the Python server as target; plus the proxy nodes. */
    private static String proxyFlow(String idlFile, String service, List<String> methods, String protocol,
                                    String transport, int upstreamPort, Map<String, Object>... extra) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        nodes.add(node("S", "thrift-server", "port", 0, "idlFile", idlFile, "protocol", protocol,
                "transport", transport, "localServer", true));
        nodes.add(node("U", "thrift-server", "port", upstreamPort, "idlFile", idlFile, "protocol", protocol,
                "transport", transport));
        nodes.addAll(PythonPeer.proxy(service, methods));
        nodes.addAll(List.of(extra));
        @SuppressWarnings("unchecked")
        Map<String, Object>[] all = nodes.toArray(new Map[0]);
        return TestFlows.flow(all);
    }

    @ParameterizedTest
    @CsvSource({"binary,buffered", "binary,framed", "compact,buffered", "compact,framed", "json,buffered",
        "json,framed", "binary,http", "compact,http", "json,http"})
    void aPythonClientCallsTinyCalcThroughARedwireFlowToAPythonServer(String protocol, String transport)
            throws Exception {
        try (PythonPeer.Server py = PythonPeer.server("tinycalc", protocol, transport);
             Harness h = new Harness().deploy(proxyFlow("tinycalc.thrift", "TinyCalc", TINYCALC, protocol,
                     transport, py.port()))) {
            Map<String, Object> r = PythonPeer.client("tinycalc", protocol, transport, boundPort(h, "S"),
                    "tinycalc");
            assertEquals(1.5 + 2.25, ((Number) r.get("sum")).doubleValue());
            assertEquals(10 - 0.1, ((Number) r.get("subtract")).doubleValue());
            assertEquals(0.1 + 0.2, ((Number) r.get("tenths")).doubleValue());
            assertEquals(-Double.MAX_VALUE - Double.MIN_VALUE, ((Number) r.get("extremes")).doubleValue());
        }
    }

    @ParameterizedTest
    @CsvSource({"binary,buffered", "binary,framed", "compact,buffered", "compact,framed", "json,buffered",
        "json,framed", "binary,http", "compact,http", "json,http"})
    void aPythonClientUsesARicherServiceThroughRedwire(String protocol, String transport) throws Exception {
        try (PythonPeer.Server py = PythonPeer.server("inventory", protocol, transport);
             Harness h = new Harness().deploy(proxyFlow("inventory.thrift", "Inventory", INVENTORY, protocol,
                     transport, py.port(), node("catch", "catch", "wires", to("caught")), debug("caught")))) {
            Map<String, Object> r = PythonPeer.client("inventory", protocol, transport, boundPort(h, "S"),
                    "inventory");
            assertEquals(true, r.get("put_equal"), "the item came back equal: " + r.get("put"));
            assertEquals(Json.parse("""
                    {"id": 1099511627777, "name": "widget \\u2603", "color": 5, "prices": [1.5, -0.25, 1e300],
                     "tags": ["a", "b"], "stock": {"berlin": 3}, "photo": [0, 1, 255],
                     "audit": {"by": "me", "at": 1700000000000}, "active": false, "shelves": {"3": [1, 5]},
                     "small": -5, "medium": 300}"""), r.get("put"));
            Object defaults = Json.parse("{\"id\": 7, \"name\": \"unnamed\", \"color\": 2, \"active\": true}");
            assertEquals(defaults, r.get("defaults"));
            assertEquals(defaults, r.get("find_by_name"));
            assertEquals(Map.of("what", "missing", "code", 404), r.get("not_found"));
            assertEquals(List.of(7, 1099511627777L), r.get("all"));
            assertEquals(Json.parse("{\"widget\": [1099511627777], \"unnamed\": [7], \"none\": []}"), r.get("index"));
            assertEquals("hi|hello,world", r.get("ping"), "both oneway calls arrived, in order, before ping");
            assertEquals(0, r.get("after_clear"));

            DebugEvent caught = h.nextDebug(5);
            assertNotNull(caught, "the declared exception reached the catch node");
            Map<?, ?> msg = (Map<?, ?>) caught.value();
            assertEquals("NotFound: {\"what\":\"missing\",\"code\":404}",
                    ((Map<?, ?>) msg.get("error")).get("message"));
            assertEquals(Map.of("name", "NotFound", "message", "{\"what\":\"missing\",\"code\":404}",
                    "code", "notFound", "fields", Map.of("what", "missing", "code", 404)), msg.get("_error"));
        }
    }

    @Test
    void aRedwireFlowCallsAPythonServerAndGetsTypedValues() throws Exception {
        try (PythonPeer.Server py = PythonPeer.server("inventory", "compact", "framed")) {
            String flows = TestFlows.flow(
                    node("U", "thrift-server", "port", py.port(), "idlFile", "inventory.thrift",
                            "protocol", "compact", "transport", "framed"),
                    node("C", "thrift-server", "port", py.port(), "protocol", "compact", "transport", "framed",
                            "idl", "include \"inventory.thrift\"\nservice More extends inventory.Inventory "
                                    + "{ void nope() }\n"),
                    inject("put", """
                            {"item": {"id": 42, "name": "bolt", "color": "RED", "photo": {"type": "Buffer",
                             "data": [1, 2, 250]}, "shelves": {"2": ["BLUE"]}, "audit": {"by": "x",
                             "at": "9007199254740993"}}}""", "callPut"),
                    inject("find", "{\"key\": {\"name\": \"missing\"}}", "callFind"),
                    inject("nope", "{}", "callNope"),
                    call("callPut", "U", "Inventory", "put", "out"),
                    call("callFind", "U", "Inventory", "find", "out"),
                    call("callNope", "C", "More", "nope", "out"),
                    debug("out"));
            try (Harness h = new Harness().deploy(flows)) {
                h.inject("put");
                Map<?, ?> item = (Map<?, ?>) ((Map<?, ?>) h.nextDebug(10).value()).get("payload");
                assertEquals(42L, item.get("id"));
                assertEquals("RED", item.get("color"));
                assertEquals(true, item.get("active"), "the IDL default, filled in by the Python side");
                assertArrayEquals(new byte[]{1, 2, (byte) 250}, (byte[]) item.get("photo"));
                assertEquals(Map.of("2", List.of("BLUE")), item.get("shelves"));
                assertEquals(9007199254740993L, ((Map<?, ?>) item.get("audit")).get("at"));

                h.inject("find");
                Map<?, ?> notFound = (Map<?, ?>) ((Map<?, ?>) h.nextDebug(10).value()).get("error");
                assertEquals(Map.of("what", "missing", "code", 404), notFound.get("fields"));
                assertEquals("NotFound", notFound.get("name"));

                h.inject("nope");
                Map<?, ?> unknown = (Map<?, ?>) ((Map<?, ?>) h.nextDebug(10).value()).get("error");
                assertEquals(Map.of("name", "TApplicationException", "code", "UNKNOWN_METHOD",
                        "message", "Unknown function nope"), unknown);
            }
        }
    }

    @Test
    void badInputGetsClearAnswersAndOtherConnectionsCarryOn() throws Exception {
        try (PythonPeer.Server calc = PythonPeer.server("tinycalc", "binary", "buffered");
             PythonPeer.Server inv = PythonPeer.server("inventory", "binary", "buffered");
             Harness h = new Harness().deploy(TestFlows.flow(
                     node("S", "thrift-server", "port", 0, "idlFile", "tinycalc.thrift", "localServer", true),
                     node("U", "thrift-server", "port", calc.port(), "idlFile", "tinycalc.thrift"),
                     node("S2", "thrift-server", "port", 0, "idlFile", "inventory.thrift", "localServer", true),
                     node("U2", "thrift-server", "port", inv.port(), "idlFile", "inventory.thrift"),
                     register("reg", "S", "TinyCalc", "sum", "call"),
                     call("call", "U", "TinyCalc", "sum", "resp"),
                     register("regSub", "S", "TinyCalc", "subtract", "callSub"),
                     call("callSub", "U", "TinyCalc", "subtract", "resp"),
                     register("reg2", "S2", "Inventory", "ping", "call2"),
                     call("call2", "U2", "Inventory", "ping", "resp"),
                     node("resp", "thrift-response")))) {
            int port = boundPort(h, "S");
            Map<String, Object> wrong = PythonPeer.client("tinycalc", "binary", "buffered", port, "wrong_types");
            assertEquals(7, wrong.get("type"), "PROTOCOL_ERROR");
            assertEquals("arguments of TinyCalc.sum do not match the IDL: sum_args.a: expected double, got string",
                    wrong.get("message"));
            assertEquals(3.0, wrong.get("then"), "the same connection still works");

            Map<String, Object> unknown = PythonPeer.client("inventory", "binary", "buffered", boundPort(h, "S2"),
                    "unknown");
            assertEquals(1, unknown.get("type"), "UNKNOWN_METHOD");
            assertEquals("Invalid method name: 'nope'", unknown.get("message"));
            assertEquals("still here|", unknown.get("then"));

            try (Socket garbage = new Socket("127.0.0.1", port)) {
                OutputStream out = garbage.getOutputStream();
                out.write(new byte[]{(byte) 0x80, 1, 0, 1, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff});
                out.write("garbage".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                garbage.setSoTimeout(5000);
                assertEquals(-1, garbage.getInputStream().read(), "the server closed the garbage connection");
            }
            Map<String, Object> after = PythonPeer.client("tinycalc", "binary", "buffered", port, "tinycalc");
            assertEquals(3.75, after.get("sum"));
            assertTrue(JsValues.deepEquals(0.1 + 0.2, after.get("tenths")));
        }
    }
}
