package io.redwire.nodes.thrift;

import io.redwire.api.DebugEvent;
import io.redwire.js.JsValues;
import io.redwire.msg.FlowException;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static io.redwire.nodes.thrift.TestFlows.boundPort;
import static io.redwire.nodes.thrift.TestFlows.call;
import static io.redwire.nodes.thrift.TestFlows.callers;
import static io.redwire.nodes.thrift.TestFlows.debug;
import static io.redwire.nodes.thrift.TestFlows.flow;
import static io.redwire.nodes.thrift.TestFlows.inject;
import static io.redwire.nodes.thrift.TestFlows.node;
import static io.redwire.nodes.thrift.TestFlows.register;
import static io.redwire.nodes.thrift.TestFlows.resource;
import static io.redwire.nodes.thrift.TestFlows.setMsg;
import static io.redwire.nodes.thrift.TestFlows.to;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Redwire serving and calling itself: the four node types, their errors, and the server's robustness. */
class ThriftNodesTest {
    private static final String ECHO = resource("echo.thrift");

    private static Map<String, Object> server(String id, String protocol, String transport) {
        return node(id, "thrift-server", "port", 0, "idl", ECHO, "protocol", protocol, "transport", transport,
                "localServer", true);
    }

    /** inject → thrift-call (S, service, method) → debug "out"; catch → debug "caught"; pair served by a flow. */
    private static String callFlow(Map<String, Object> serverNode, String service, String method, String payload,
                                   long timeout) {
        return flow(serverNode,
                register("reg", "S", "Child", "pair", "resp"),
                node("resp", "thrift-response"),
                inject("go", payload, "call"),
                node("call", "thrift-call", "server", "S", "service", service, "method", method,
                        "timeout", timeout, "wires", to("out")),
                debug("out"),
                node("catch", "catch", "wires", to("caught")),
                debug("caught"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> value(DebugEvent e) {
        assertNotNull(e, "no debug message");
        return (Map<String, Object>) e.value();
    }

    @ParameterizedTest
    @CsvSource({"binary,buffered", "binary,framed", "compact,buffered", "compact,framed", "json,buffered",
        "json,framed"})
    void aFlowServesAnInheritedMethodToAFlowOverEveryProtocolAndTransport(String protocol, String transport)
            throws Exception {
        Map<String, Object> s = (server("S", protocol, transport));
        try (Harness h = new Harness().deploy(callFlow(s, "Child", "pair", "{\"a\":1.5,\"b\":-2}", 5000))) {
            for (int i = 0; i < 3; i++) {
                h.inject("go");
                Map<String, Object> msg = value(h.nextDebug(5));
                assertTrue(JsValues.deepEquals(Map.of("a", 1.5, "b", -2.0), msg.get("payload")), msg.toString());
                assertTrue(msg.containsKey("error") && msg.get("error") == null);
            }
        }
    }

    @Test
    void unknownAndUnservedMethodsAnswerUnknownMethodAndTheServerKeepsServing() throws Exception {
        int port = Ports.free();
        String clientIdl = ECHO.replace("void nothing()", "void nothing(),\n  i32 missing()");
        String flows = flow(callers("C", "Echo", "missing", "{}", "nothing", "{}", "pair", "{\"a\":1,\"b\":2}"),
                node("S", "thrift-server", "port", port, "idl", ECHO, "localServer", true),
                node("C", "thrift-server", "port", port, "idl", clientIdl),
                register("reg", "S", "Echo", "pair", "resp"),
                node("resp", "thrift-response"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("missing");
            assertEquals(Map.of("name", "TApplicationException", "code", "UNKNOWN_METHOD",
                    "message", "Invalid method name: 'missing'"), value(h.nextDebug(5)).get("error"));
            h.inject("nothing");
            assertEquals("Invalid method name: 'nothing' (declared in Echo but no flow serves it)",
                    ((Map<?, ?>) value(h.nextDebug(5)).get("error")).get("message"));
            h.inject("pair");
            assertEquals(Map.of("a", 1.0, "b", 2.0), value(h.nextDebug(5)).get("payload"));
        }
    }

    @Test
    void aCallNobodyAnswersTimesOutAndTheNextCallGetsAFreshConnection() throws Exception {
        String flows = flow(server("S", "binary", "buffered"),
                node("again", "thrift-register-function", "server", "S", "service", "Child", "method", "again"),
                register("reg", "S", "Child", "pair", "resp"),
                node("resp", "thrift-response"),
                inject("slow", "{\"a\":1,\"b\":2}", "callAgain"),
                inject("fast", "{\"a\":3,\"b\":4}", "callPair"),
                node("callAgain", "thrift-call", "server", "S", "service", "Child", "method", "again",
                        "timeout", 300, "wires", to("out")),
                call("callPair", "S", "Child", "pair", "out"),
                node("catch", "catch", "wires", to("caught")),
                debug("out"), debug("caught"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("slow");
            DebugEvent first = h.nextDebug(5);
            DebugEvent second = h.nextDebug(5);
            Map<String, Object> out = "out".equals(first.id()) ? value(first) : value(second);
            Map<String, Object> caught = "out".equals(first.id()) ? value(second) : value(first);
            Map<?, ?> error = (Map<?, ?>) out.get("error");
            assertEquals("TIMED_OUT", error.get("code"));
            assertTrue(((String) error.get("message")).startsWith("no reply to again from 127.0.0.1:"),
                    error.toString());
            assertTrue(((String) ((Map<?, ?>) caught.get("error")).get("message"))
                    .startsWith("TTransportException: no reply to again"), caught.toString());
            h.inject("fast");
            assertEquals(Map.of("a", 3.0, "b", 4.0), value(h.nextDebug(5)).get("payload"));
        }
    }

    @Test
    void garbageAndTruncatedFramesCloseOnlyTheirOwnConnection() throws Exception {
        for (String transport : new String[]{"buffered", "framed"}) {
            Map<String, Object> s = (server("S", "binary", transport));
            try (Harness h = new Harness().deploy(callFlow(s, "Echo", "pair", "{\"a\":5,\"b\":6}", 5000))) {
                h.inject("go"); // opens the flow's client connection before the bad peers come
                assertEquals(Map.of("a", 5.0, "b", 6.0), value(h.nextDebug(5)).get("payload"));
                int port = boundPort(h, "S");
                try (Socket garbage = new Socket("127.0.0.1", port)) {
                    OutputStream out = garbage.getOutputStream();
                    out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    garbage.setSoTimeout(5000);
                    assertEquals(-1, readToEnd(garbage.getInputStream()), transport + ": server closes garbage");
                }
                try (Socket truncated = new Socket("127.0.0.1", port)) {
                    // a frame announcing 30 bytes whose message needs more: a strict binary header for "pair"
                    byte[] head = {0, 0, 0, 30, (byte) 0x80, 1, 0, 1, 0, 0, 0, 4, 'p', 'a', 'i', 'r', 0, 0, 0, 1,
                        4, 0, 1, 0x3f};
                    truncated.getOutputStream().write(head);
                    truncated.getOutputStream().flush();
                } // and gone mid-message
                for (int i = 0; i < 2; i++) {
                    h.inject("go");
                    Map<String, Object> msg = value(h.nextDebug(5));
                    assertEquals(Map.of("a", 5.0, "b", 6.0), msg.get("payload"), transport + " " + msg);
                }
            }
        }
    }

    private static int readToEnd(InputStream in) throws Exception {
        int b;
        do {
            b = in.read();
        } while (b >= 0);
        return b;
    }

    @Test
    void anIdlSyntaxErrorRefusesTheDeployNamingTheLineAndTheOldFlowsKeepRunning() throws Exception {
        String good = callFlow((server("S", "binary", "buffered")), "Echo", "pair",
                "{\"a\":1,\"b\":1}", 5000);
        try (Harness h = new Harness().deploy(good)) {
            String broken = ECHO.replace("oneway void note(1: string text),", "oneway void note(1: string text,");
            FlowException e = assertThrows(FlowException.class, () -> h.deploy(flow(
                    node("S", "thrift-server", "port", 0, "idl", broken, "localServer", true))));
            assertTrue(e.getMessage().contains(
                    "node S (thrift-server) field 'idl': idl.thrift line 11, column 3: extraneous input 'void'"),
                    e.getMessage());
            h.inject("go");
            assertEquals(Map.of("a", 1.0, "b", 1.0), value(h.nextDebug(5)).get("payload"));
        }
    }

    @Test
    void deploysNameMissingServicesAndMethodsAndRefuseDuplicateOrNonLocalServing() {
        try (Harness h = new Harness()) {
            FlowException noMethod = assertThrows(FlowException.class, () -> h.deploy(flow(
                    server("S", "binary", "buffered"),
                    node("r", "thrift-register-function", "server", "S", "service", "Echo", "method", "again"))));
            assertTrue(noMethod.getMessage().contains("field 'method': service Echo has no method 'again'"),
                    noMethod.getMessage());
            FlowException noService = assertThrows(FlowException.class, () -> h.deploy(flow(
                    server("S", "binary", "buffered"),
                    node("c", "thrift-call", "server", "S", "service", "Nope", "method", "pair"))));
            assertTrue(noService.getMessage().contains("field 'service': the IDL has no service 'Nope'"),
                    noService.getMessage());
            FlowException twice = assertThrows(FlowException.class, () -> h.deploy(flow(
                    server("S", "binary", "buffered"),
                    node("r1", "thrift-register-function", "server", "S", "service", "Echo", "method", "pair"),
                    node("r2", "thrift-register-function", "server", "S", "service", "Child", "method", "pair"))));
            assertTrue(twice.getMessage().contains("method 'pair' is already served"), twice.getMessage());
            FlowException notLocal = assertThrows(FlowException.class, () -> h.deploy(flow(
                    node("S", "thrift-server", "port", 0, "idl", ECHO),
                    node("r", "thrift-register-function", "server", "S", "service", "Echo", "method", "pair"))));
            assertTrue(notLocal.getMessage().contains("does not run a local server"), notLocal.getMessage());
            FlowException noIdl = assertThrows(FlowException.class, () -> h.deploy(flow(
                    node("S", "thrift-server", "port", 0))));
            assertTrue(noIdl.getMessage().contains("field 'idl': give the IDL text"), noIdl.getMessage());
        }
    }

    @Test
    void aPortInUseRefusesTheDeploy() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0)) {
            try (Harness h = new Harness()) {
                FlowException e = assertThrows(FlowException.class, () -> h.deploy(flow(
                        node("S", "thrift-server", "port", taken.getLocalPort(), "host", "127.0.0.1",
                                "idl", ECHO, "localServer", true))));
                assertTrue(e.getMessage().contains("cannot listen on 127.0.0.1:" + taken.getLocalPort()),
                        e.getMessage());
            }
        }
    }

    @Test
    void argumentsThatDoNotFitAreCaughtBeforeSendingAndBadAnswersReachTheCaller() throws Exception {
        String flows = flow(server("S", "compact", "framed"),
                register("reg", "S", "Echo", "text", "resp"),
                node("resp", "thrift-response"),
                inject("badArgs", "{\"a\":\"x\"}", "call"),
                inject("badAnswer", "{\"a\":1}", "call"),
                call("call", "S", "Echo", "text", "out"),
                node("catch", "catch", "scope", java.util.List.of("call"), "wires", to("caught")),
                node("catchResp", "catch", "scope", java.util.List.of("resp"), "wires", to("caughtResp")),
                debug("out"), debug("caught"), debug("caughtResp"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("badArgs");
            DebugEvent e = h.nextDebug(5);
            assertEquals("caught", e.id());
            assertEquals("Error: invalid arguments for Echo.text: a: expected double, got string \"x\"",
                    ((Map<?, ?>) value(e).get("error")).get("message"));
            assertNull(h.nextDebug(0.3), "nothing was sent");

            h.inject("badAnswer"); // the flow answers text() with its arguments object instead of a string
            String expected = "the flow's answer to Echo.text does not match the IDL: success: expected string, "
                    + "got object";
            boolean sawCaller = false;
            boolean sawResponder = false;
            for (int i = 0; i < 3 && !(sawCaller && sawResponder); i++) {
                DebugEvent d = h.nextDebug(5);
                assertNotNull(d);
                Map<?, ?> error = (Map<?, ?>) value(d).get("error");
                if ("out".equals(d.id())) {
                    sawCaller = true;
                    assertEquals(Map.of("name", "TApplicationException", "code", "INTERNAL_ERROR",
                            "message", expected), error);
                } else if ("caughtResp".equals(d.id())) {
                    sawResponder = true;
                    assertEquals("Error: cannot answer Echo.text: success: expected string, got object",
                            error.get("message"));
                }
            }
            assertTrue(sawCaller && sawResponder);
        }
    }

    @Test
    void onewayCallsCompleteWithoutAnAnswerAndReachTheServingFlow() throws Exception {
        String flows = flow(server("S", "binary", "framed"),
                register("reg", "S", "Echo", "note", "served", "resp"),
                node("resp", "thrift-response"),
                debug("served"),
                inject("go", "{\"text\":\"fire and forget\"}", "call"),
                call("call", "S", "Echo", "note", "out"),
                debug("out"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("go");
            Map<String, Map<String, Object>> seen = new java.util.HashMap<>();
            for (int i = 0; i < 2; i++) {
                DebugEvent e = h.nextDebug(5);
                seen.put(e.id(), value(e));
            }
            assertNull(seen.get("out").get("payload"));
            assertEquals(Map.of("text", "fire and forget"), seen.get("served").get("payload"));
        }
    }

    @Test
    void aRefusedConnectionIsATransportErrorInMsgError() throws Exception {
        int nobody = Ports.free();
        String flows = flow(node("C", "thrift-server", "port", nobody, "idl", ECHO),
                inject("go", "{\"a\":1,\"b\":2}", "call"),
                call("call", "C", "Echo", "pair", "out"),
                debug("out"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("go");
            Map<?, ?> error = (Map<?, ?>) value(h.nextDebug(10)).get("error");
            assertEquals("TTransportException", error.get("name"));
            assertEquals("NOT_OPEN", error.get("code"));
            assertTrue(((String) error.get("message")).startsWith("cannot connect to 127.0.0.1:" + nobody),
                    error.toString());
        }
    }

    @Test
    void aFlowRaisesADeclaredExceptionThroughMsgErrAndAnyOtherErrorAsInternalError() throws Exception {
        String flows = flow(callers("S", "Inventory", "find", "{\"key\": {\"name\": \"x\"}}", "clear", "{}"),
                node("S", "thrift-server", "port", 0, "idlFile", "inventory.thrift", "protocol", "compact",
                        "localServer", true),
                register("regFind", "S", "Inventory", "find", "notFound"),
                setMsg("notFound", "err", "{\"name\": \"NotFound\", \"fields\": {\"what\": \"nothing\"}}", "json",
                        "resp"),
                register("regClear", "S", "Inventory", "clear", "boom"),
                setMsg("boom", "err", "boom", "str", "resp"),
                node("resp", "thrift-response"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("find");
            assertEquals(Map.of("name", "NotFound", "code", "notFound",
                    "message", "{\"what\":\"nothing\",\"code\":404}",
                    "fields", Map.of("what", "nothing", "code", 404)), value(h.nextDebug(5)).get("error"));
            h.inject("clear");
            assertEquals(Map.of("name", "TApplicationException", "code", "INTERNAL_ERROR", "message", "boom"),
                    value(h.nextDebug(5)).get("error"));
        }
    }

    @Test
    void aReplyThatDoesNotMatchTheCallersIdlIsAProtocolErrorAndTheConnectionCarriesOn() throws Exception {
        int port = Ports.free();
        String flows = flow(callers("C", "Echo", "text", "{\"a\": 1}", "pair", "{\"a\": 1, \"b\": 2}"),
                node("S", "thrift-server", "port", port, "idl", ECHO, "localServer", true),
                node("C", "thrift-server", "port", port, "idl", ECHO.replace("string text(", "i32 text(")),
                register("reg", "S", "Echo", "text", "hello"),
                setMsg("hello", "payload", "hello", "str", "resp"),
                register("regPair", "S", "Echo", "pair", "resp"),
                node("resp", "thrift-response"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("text");
            assertEquals(Map.of("name", "TProtocolException", "code", "PROTOCOL_ERROR", "message",
                    "the reply to text does not match the IDL: text_result.success: expected i32, got string"),
                    value(h.nextDebug(5)).get("error"));
            h.inject("pair");
            assertEquals(Map.of("a", 1.0, "b", 2.0), value(h.nextDebug(5)).get("payload"));
        }
    }

    @Test
    void aResponseWithoutACallIsACatchableError() throws Exception {
        String flows = flow(inject("go", "{}", "resp"), node("resp", "thrift-response"),
                node("catch", "catch", "wires", to("caught")), debug("caught"));
        try (Harness h = new Harness().deploy(flows)) {
            h.inject("go");
            assertEquals("Error: msg.thrift holds no Thrift call to answer (this node answers messages from a "
                    + "thrift-register-function)", ((Map<?, ?>) value(h.nextDebug(5)).get("error")).get("message"));
        }
    }
}
