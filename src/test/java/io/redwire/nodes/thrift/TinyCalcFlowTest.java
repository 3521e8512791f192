package io.redwire.nodes.thrift;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.micrometer.core.instrument.Timer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** flows/tinycalc.json as shipped, with its ports moved to free ones (and its loop shortened) for the test. */
class TinyCalcFlowTest {
    private static final Map<String, Integer> PORTS = new HashMap<>();

    /** The flow with Thrift ports made free, protocol/transport of the 9090 server replaced, loop count set. */
    @SuppressWarnings("unchecked")
    private static String flow(String protocol, String transport, int loops, int httpPort) throws Exception {
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) Json.parse(
                Files.readString(Path.of("flows/tinycalc.json")));
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> n : nodes) {
            String id = (String) n.get("id");
            if ("thrift-server".equals(n.get("type"))) {
                int port = "http".equals(n.get("transport")) ? httpPort : Ports.free(); // served by Redwire's HTTP
                PORTS.put(id, port);
                n.put("port", port);
                if ("tc-thrift-binary".equals(id)) {
                    n.put("protocol", protocol);
                    n.put("transport", transport);
                }
            }
            if ("cli-more".equals(id)) {
                ((List<Map<String, Object>>) n.get("rules")).get(0).put("v", String.valueOf(loops));
            }
            if (n.get("url") instanceof String url && url.startsWith("http://127.0.0.1:1880/")) {
                n.put("url", url.replace(":1880/", ":" + httpPort + "/"));
            }
            out.add(n);
        }
        return Json.stringify(out);
    }

    @ParameterizedTest
    @CsvSource({"binary,buffered", "binary,framed", "compact,buffered", "compact,framed"})
    void aPythonClientCallsTheTinyCalcFlow(String protocol, String transport) throws Exception {
        PythonPeer.generatedCode();
        try (Harness h = new Harness()) {
            h.deploy(flow(protocol, transport, 1000, h.port()));
            Map<String, Object> r = PythonPeer.client("tinycalc", protocol, transport, PORTS.get("tc-thrift-binary"),
                    "tinycalc");
            assertEquals(1.5 + 2.25, ((Number) r.get("sum")).doubleValue());
            assertEquals(10 - 0.1, ((Number) r.get("subtract")).doubleValue());
            assertEquals(0.1 + 0.2, ((Number) r.get("tenths")).doubleValue());
            assertEquals(-Double.MAX_VALUE - Double.MIN_VALUE, ((Number) r.get("extremes")).doubleValue());
        }
    }

    @Test
    void theSameOperationsAnswerOverHttp() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(flow("binary", "buffered", 1000, h.port()));
            assertEquals(Map.of("result", 3.5), Json.parse(h.post("/tinycalc/sum", "application/json",
                    "{\"a\": 1.5, \"b\": 2}").body()));
            assertEquals(Map.of("result", 10 - 0.1), Json.parse(h.post("/tinycalc/subtract", "application/json",
                    "{\"a\": 10, \"b\": 0.1}").body()));
        }
    }

    @ParameterizedTest
    @CsvSource({"binary", "compact", "json"})
    void pythonsTHttpClientCallsTinyCalcOnAPathOfRedwiresHttpServer(String protocol) throws Exception {
        PythonPeer.generatedCode();
        try (Harness h = new Harness()) {
            h.deploy(flow("binary", "buffered", 1000, h.port()));
            Map<String, Object> r = PythonPeer.client("tinycalc", protocol, "http", h.port() + "/tinycalc/thrift",
                    "tinycalc");
            assertEquals(1.5 + 2.25, ((Number) r.get("sum")).doubleValue());
            assertEquals(10 - 0.1, ((Number) r.get("subtract")).doubleValue());
            assertEquals(-Double.MAX_VALUE - Double.MIN_VALUE, ((Number) r.get("extremes")).doubleValue());
            Timer served = h.server().engine().meters().find("redwire_thrift_calls").tags("side", "server",
                    "transport", "http", "method", "sum", "status", "OK").timer();
            assertNotNull(served, "the calls are counted with transport=http");
            assertEquals(2, served.count());
        }
    }

    @Test
    void badThriftHttpRequestsAreRefusedAndTheServerKeepsServing() throws Exception {
        PythonPeer.generatedCode();
        try (Harness h = new Harness()) {
            h.deploy(flow("binary", "buffered", 1000, h.port()));
            HttpResponse<String> get = send(h, "GET", new byte[0]);
            assertEquals(405, get.statusCode());
            assertEquals("POST", get.headers().firstValue("allow").orElse(null));

            HttpResponse<String> garbage = send(h, "POST", "hello".getBytes(StandardCharsets.US_ASCII));
            assertEquals(400, garbage.statusCode());
            assertTrue(garbage.body().startsWith("not a Thrift message"), garbage.body());

            byte[] cut = {(byte) 0x80, 1, 0, 1, 0, 0, 0, 3, 's', 'u', 'm', 0, 0, 0, 1, 4}; // ends inside arg 'a'
            HttpResponse<String> truncated = send(h, "POST", cut);
            assertEquals(400, truncated.statusCode());
            assertEquals("the body ends inside a Thrift message", truncated.body());

            assertEquals(400, send(h, "POST", new byte[0]).statusCode());

            String path = h.port() + "/tinycalc/thrift";
            Map<String, Object> wrong = PythonPeer.client("tinycalc", "binary", "http", path, "wrong_types");
            assertEquals(7, wrong.get("type"), "PROTOCOL_ERROR, as a Thrift answer");
            assertEquals(3.0, wrong.get("then"));
            Map<String, Object> unknown = PythonPeer.client("tinycalc", "compact", "http", path, "unknown");
            assertEquals(1, unknown.get("type"), "UNKNOWN_METHOD");
            assertEquals(3.0, unknown.get("then"));
        }
    }

    private static HttpResponse<String> send(Harness h, String method, byte[] body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(h.url("/tinycalc/thrift")))
                .header("content-type", "application/x-thrift")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theClientFlowReportsEachProtocolInTurn() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(flow("binary", "buffered", 5, h.port()));
            h.inject("cli-run");
            for (String target : List.of("binary", "compact", "json", "http")) {
                DebugEvent e = h.nextDebug(30);
                assertNotNull(e, "no report for " + target);
                Map<?, ?> report = (Map<?, ?>) e.value();
                assertEquals(target, report.get("target"));
                assertEquals(10, ((Number) report.get("calls")).intValue(), "5 x (sum + subtract)");
                Object lastSum = "http".equals(target) ? Map.of("result", 4.5) : 4.5;
                assertEquals(lastSum, report.get("lastSum"), "sum(4, 0.5) on the last round");
                assertTrue(report.get("ms") instanceof Number ms && ms.doubleValue() >= 0, report.toString());
            }
        }
    }
}
