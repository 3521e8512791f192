package io.redwire.nodes.http;

import io.redwire.api.DebugEvent;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;

import io.vertx.core.http.HttpServerRequest;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * http request through the real engine over real sockets: flows call routes on the engine's own port (http in) or
 * on a plain Vert.x {@link TargetServer} when the raw request matters.
 */
class HttpRequestNodeTest {
    /** Engine-side targets: GET /t/text (JSON of the query, custom header), /t/hang never answers. */
    private static final String TARGETS = """
            {"id":"tText","type":"http in","z":"t","url":"/t/text","method":"get","x":1,"y":1,"wires":[["cText"]]},
            {"id":"cText","type":"http response","z":"t","statusCode":"","headers":{"X-Custom":"yes"},"x":1,"y":1,
             "wires":[]},
            {"id":"tHang","type":"http in","z":"t","url":"/t/hang","method":"get","x":1,"y":1,"wires":[[]]}
            """;

    /** inject "go" (props given) → http request "req" (config given) → debug "out" (whole msg); catch → "caught". */
    private static String requestFlow(int port, String injectProps, String requestConfig) {
        return ("[{\"id\":\"t\",\"type\":\"tab\"}," + TARGETS + ","
                + "{\"id\":\"go\",\"type\":\"inject\",\"z\":\"t\",\"props\":" + injectProps
                + ",\"x\":1,\"y\":1,\"wires\":[[\"req\"]]},"
                + "{\"id\":\"req\",\"type\":\"http request\",\"z\":\"t\",\"x\":1,\"y\":1,\"wires\":[[\"out\"]],"
                + requestConfig + "},"
                + "{\"id\":\"out\",\"type\":\"debug\",\"z\":\"t\",\"complete\":\"true\",\"x\":1,\"y\":1,\"wires\":[]},"
                + "{\"id\":\"catch\",\"type\":\"catch\",\"z\":\"t\",\"x\":1,\"y\":1,\"wires\":[[\"caught\"]]},"
                + "{\"id\":\"caught\",\"type\":\"debug\",\"z\":\"t\",\"complete\":\"error\",\"x\":1,\"y\":1,"
                + "\"wires\":[]}]").replace("PORT", String.valueOf(port));
    }

    private static String urlProp(String url) {
        return "{\"p\":\"url\",\"v\":\"" + url + "\",\"vt\":\"str\"}";
    }

    /** Collects node warnings (the log's sidebar feed). */
    private static List<Object> warnings(Harness h) {
        List<Object> warnings = new CopyOnWriteArrayList<>();
        h.server().engine().log().sidebar((topic, data) -> {
            if (data instanceof DebugEvent e && Integer.valueOf(30).equals(e.level())) {
                warnings.add(e.value());
            }
        });
        return warnings;
    }

    /** Injects and returns the whole msg the http request node sent. */
    private static Map<?, ?> send(Harness h) throws Exception {
        assertEquals(200, h.inject("go").statusCode());
        DebugEvent e = h.nextDebug(10);
        assertNotNull(e, "no output");
        assertEquals("out", e.id(), "expected the node's output, got " + e.value());
        return (Map<?, ?>) e.value();
    }

    /** The raw request a TargetServer echo route saw: method, uri, header names as sent, headers, body. */
    private static void echo(HttpServerRequest req) {
        req.body().onSuccess(b -> {
            Map<String, Object> out = new LinkedHashMap<>();
            List<String> names = new ArrayList<>();
            Map<String, Object> headers = new LinkedHashMap<>();
            req.headers().forEach(e -> {
                names.add(e.getKey());
                headers.put(e.getKey().toLowerCase(), e.getValue());
            });
            out.put("method", req.method().name());
            out.put("uri", req.uri());
            out.put("names", names);
            out.put("headers", headers);
            out.put("body", b.toString(StandardCharsets.UTF_8));
            req.response().putHeader("content-type", "application/json").end(Json.stringify(out));
        });
    }

    private static Map<?, ?> echoed(Map<?, ?> msg) {
        assertEquals(200, msg.get("statusCode"), String.valueOf(msg.get("payload")));
        return (Map<?, ?>) msg.get("payload");
    }

    /** Deploys {@link #requestFlow} with the inject props and request config given, injects, returns the echo seen. */
    private static Map<?, ?> echoedBy(Harness h, String injectProps, String requestConfig) throws Exception {
        h.deploy(requestFlow(h.port(), injectProps, requestConfig));
        return echoed(send(h));
    }

    // ---- responses --------------------------------------------------------------------------------------------

    @Test
    void getReturnsTextAndTheResponseProperties() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[{\"p\":\"payload\",\"v\":\"hello\",\"vt\":\"str\"}]",
                    "\"method\":\"GET\",\"ret\":\"txt\",\"url\":\"http://127.0.0.1:PORT/t/text?x=1\""));
            Map<?, ?> msg = send(h);
            assertEquals(200, msg.get("statusCode"));
            assertEquals("{\"x\":\"1\"}", msg.get("payload"));
            Map<?, ?> headers = (Map<?, ?>) msg.get("headers");
            assertEquals("yes", headers.get("x-custom"));
            assertEquals("application/json; charset=utf-8", headers.get("content-type"));
            assertTrue(String.valueOf(headers.get("x-node-red-request-node")).matches("[0-9a-f]{8}"), headers.toString());
            assertEquals("http://127.0.0.1:" + h.port() + "/t/text?x=1", msg.get("responseUrl"));
            assertEquals(List.of(), msg.get("redirectList"));
            assertEquals(0, msg.get("retry"));
            assertFalse(msg.containsKey("responseCookies"));
        }
    }

    @Test
    void objParsesJsonAnEmpty204AndKeepsNonJsonAsTextWithAWarning() throws Exception {
        try (TargetServer target = new TargetServer()
                .route("/json", r -> r.response().putHeader("content-type", "application/json").end("{\"a\":[1,true]}"))
                .route("/none", r -> r.response().setStatusCode(204).end())
                .route("/down", r -> r.response().setStatusCode(503).end("down"));
             Harness h = new Harness()) {
            List<Object> warnings = warnings(h);
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/json")) + "]", "\"ret\":\"obj\""));
            assertEquals(Map.of("a", List.of(1, true)), send(h).get("payload"));
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/none")) + "]", "\"ret\":\"obj\""));
            Map<?, ?> none = send(h);
            assertEquals(204, none.get("statusCode"));
            assertEquals(Map.of(), none.get("payload"));
            assertTrue(warnings.isEmpty(), warnings.toString());
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/down")) + "]", "\"ret\":\"obj\""));
            Map<?, ?> down = send(h);
            assertEquals(503, down.get("statusCode"));
            assertEquals("down", down.get("payload"));
            assertEquals(List.of("JSON parse error"), warnings);
        }
    }

    @Test
    void binReturnsTheBytes() throws Exception {
        try (TargetServer target = new TargetServer()
                .route("/bytes", r -> r.response().end(io.vertx.core.buffer.Buffer.buffer(new byte[]{0, 1, -2, -1})));
             Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/bytes")) + "]", "\"ret\":\"bin\""));
            assertArrayEquals(new byte[]{0, 1, -2, -1}, (byte[]) send(h).get("payload"));
        }
    }

    @Test
    void responseCookiesAndRepeatedHeadersTakeNodeShapes() throws Exception {
        try (TargetServer target = new TargetServer().route("/set", r -> r.response()
                .putHeader("Set-Cookie", List.<String>of("s1=v1; Path=/; HttpOnly", "s2=hello%20world; Max-Age=10"))
                .putHeader("X-Multi", List.<String>of("a", "b")).end("ok"));
             Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/set")) + "]", "\"ret\":\"txt\""));
            Map<?, ?> msg = send(h);
            Map<?, ?> headers = (Map<?, ?>) msg.get("headers");
            assertEquals(List.of("s1=v1; Path=/; HttpOnly", "s2=hello%20world; Max-Age=10"), headers.get("set-cookie"));
            assertEquals("a, b", headers.get("x-multi"));
            assertEquals(Map.of("s1", Map.of("Path", "/", "value", "v1"),
                    "s2", Map.of("Max-Age", "10", "value", "hello world")), msg.get("responseCookies"));
        }
    }

    // ---- what is sent -----------------------------------------------------------------------------------------

    @Test
    void bodiesFollowThePayloadType() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String url = urlProp(target.url("/echo"));
            Map<?, ?> json = echoedBy(h, "[" + url + ",{\"p\":\"payload\",\"v\":\"{\\\"a\\\":1}\",\"vt\":\"json\"}]",
                    "\"method\":\"POST\",\"ret\":\"obj\"");
            assertEquals("{\"a\":1}", json.get("body"));
            assertEquals("application/json", ((Map<?, ?>) json.get("headers")).get("content-type"));
            assertEquals("7", ((Map<?, ?>) json.get("headers")).get("content-length"));

            Map<?, ?> text = echoedBy(h, "[" + url + ",{\"p\":\"payload\",\"v\":\"plain body\",\"vt\":\"str\"}]",
                    "\"method\":\"POST\",\"ret\":\"obj\"");
            assertEquals("plain body", text.get("body"));
            assertNull(((Map<?, ?>) text.get("headers")).get("content-type"));

            Map<?, ?> number = echoedBy(h, "[" + url + ",{\"p\":\"payload\",\"v\":\"42\",\"vt\":\"num\"}]",
                    "\"method\":\"PUT\",\"ret\":\"obj\"");
            assertEquals("PUT", number.get("method"));
            assertEquals("42", number.get("body"));

            Map<?, ?> form = echoedBy(h, "[" + url + ",{\"p\":\"payload\",\"v\":\"{\\\"a\\\":1,\\\"b\\\":[1,\\\"x y\\\"]}\","
                    + "\"vt\":\"json\"}]", "\"method\":\"POST\",\"ret\":\"obj\",\"headers\":[{\"keyType\":\"Content-Type\","
                    + "\"keyValue\":\"\",\"valueType\":\"application/x-www-form-urlencoded\",\"valueValue\":\"\"}]");
            assertEquals("a=1&b=1&b=x%20y", form.get("body"));
            assertEquals("application/x-www-form-urlencoded", ((Map<?, ?>) form.get("headers")).get("content-type"));

            Map<?, ?> get = echoedBy(h, "[" + url + ",{\"p\":\"payload\",\"v\":\"{\\\"a\\\":1}\",\"vt\":\"json\"}]",
                    "\"method\":\"GET\",\"ret\":\"obj\"");
            assertEquals("", get.get("body"));
            assertNull(((Map<?, ?>) get.get("headers")).get("content-type"));
        }
    }

    @Test
    void multipartPayloadBecomesAForm() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            Map<?, ?> seen = echoedBy(h, "[" + urlProp(target.url("/echo")) + ",{\"p\":\"payload\",\"v\":"
                            + "\"{\\\"field\\\":\\\"v1\\\",\\\"n\\\":5,\\\"file\\\":{\\\"value\\\":\\\"file text\\\","
                            + "\\\"options\\\":{\\\"filename\\\":\\\"a.txt\\\",\\\"contentType\\\":\\\"text/plain\\\"}}}\","
                            + "\"vt\":\"json\"}]",
                    "\"method\":\"POST\",\"ret\":\"obj\",\"headers\":[{\"keyType\":\"other\",\"keyValue\":\"content-type\","
                            + "\"valueType\":\"other\",\"valueValue\":\"multipart/form-data\"}]");
            String ctype = (String) ((Map<?, ?>) seen.get("headers")).get("content-type");
            assertTrue(ctype.matches("multipart/form-data; boundary=-{26}[0-9]{24}"), ctype);
            String b = "--" + ctype.substring(ctype.indexOf('=') + 1);
            assertEquals(b + "\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nv1\r\n"
                    + b + "\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n5\r\n"
                    + b + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                    + "Content-Type: text/plain\r\n\r\nfile text\r\n" + b + "--\r\n", seen.get("body"));
        }
    }

    @Test
    void methodUseTakesMsgMethodAndPaytoqsAppendsTheQuery() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            assertEquals("PATCH", echoedBy(h, "[" + urlProp(target.url("/echo")) + ",{\"p\":\"method\",\"v\":\"patch\","
                    + "\"vt\":\"str\"}]", "\"method\":\"use\",\"ret\":\"obj\"").get("method"));

            assertEquals("/echo?k=%25zz&a=1&b=1&b=2", echoedBy(h, "[" + urlProp(target.url("/echo?k=%zz")) + ",{\"p\":\"payload\",\"v\":"
                    + "\"{\\\"a\\\":1,\\\"b\\\":[1,2]}\",\"vt\":\"json\"}]", "\"method\":\"GET\",\"ret\":\"obj\","
                    + "\"paytoqs\":\"query\"").get("uri"));

            Map<?, ?> getBody = echoedBy(h, "[" + urlProp(target.url("/echo")) + ",{\"p\":\"payload\",\"v\":"
                    + "\"{\\\"a\\\":1}\",\"vt\":\"json\"}]", "\"method\":\"GET\",\"ret\":\"obj\",\"paytoqs\":\"body\"");
            assertEquals("GET", getBody.get("method"));
            assertEquals("{\"a\":1}", getBody.get("body"));
        }
    }

    @Test
    void headersMergeCaseInsensitivelyKeepingTheLastSpelling() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            Map<?, ?> seen = echoedBy(h, "[" + urlProp(target.url("/echo")) + ",{\"p\":\"headers\",\"v\":"
                    + "\"{\\\"x-h\\\":\\\"v\\\",\\\"X-Mixed-Case\\\":\\\"m\\\",\\\"X-Gone\\\":\\\"g\\\",\\\"x-empty\\\":\\\"\\\"}\","
                    + "\"vt\":\"json\"},{\"p\":\"hv\",\"v\":\"from-msg\",\"vt\":\"str\"}]",
                    "\"ret\":\"obj\",\"headers\":["
                    + "{\"keyType\":\"other\",\"keyValue\":\"x-mixed-case\",\"valueType\":\"other\",\"valueValue\":\"node\"},"
                    + "{\"keyType\":\"other\",\"keyValue\":\"x-gone\",\"valueType\":\"other\",\"valueValue\":\"\"},"
                    + "{\"keyType\":\"other\",\"keyValue\":\"X-From-Msg\",\"valueType\":\"msg\",\"valueValue\":\"hv\"},"
                    + "{\"keyType\":\"other\",\"keyValue\":\"X-Missing\",\"valueType\":\"msg\",\"valueValue\":\"nope\"}]");
            Map<?, ?> headers = (Map<?, ?>) seen.get("headers");
            List<?> names = (List<?>) seen.get("names");
            assertEquals("v", headers.get("x-h"));
            assertEquals("node", headers.get("x-mixed-case"));
            assertEquals("from-msg", headers.get("x-from-msg"));
            assertTrue(names.contains("x-mixed-case") && names.contains("X-From-Msg"), names.toString());
            assertFalse(headers.containsKey("x-gone") || headers.containsKey("x-empty") || headers.containsKey("x-missing"),
                    headers.toString());
            assertTrue(String.valueOf(headers.get("user-agent")).startsWith("got"), headers.toString());
        }
    }

    @Test
    void anUntouchedUpstreamResponseHeaderSetIsNotSentOn() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo)
                .route("/first", r -> r.response().putHeader("X-Upstream", "1").end("x"));
             Harness h = new Harness()) {
            String second = ",{\"id\":\"req2\",\"type\":\"http request\",\"z\":\"t\",\"ret\":\"obj\",\"url\":\""
                    + target.url("/echo") + "\",\"x\":1,\"y\":1,\"wires\":[[\"out\"]]}]";
            String flow = requestFlow(h.port(), "[" + urlProp(target.url("/first")) + "]", "\"ret\":\"txt\"")
                    .replace("\"wires\":[[\"out\"]],\"ret\":\"txt\"", "\"wires\":[[\"req2\"]],\"ret\":\"txt\"");
            h.deploy(flow.substring(0, flow.length() - 1) + second);
            Map<?, ?> msg = send(h);
            Map<?, ?> seen = (Map<?, ?>) msg.get("payload");
            assertNull(((Map<?, ?>) seen.get("headers")).get("x-upstream"), seen.toString());
            assertEquals(target.url("/echo"), msg.get("responseUrl"));
        }
    }

    @Test
    void aModifiedUpstreamHeaderSetIsSentWithoutTheMarker() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            Map<?, ?> headers = (Map<?, ?>) echoedBy(h, "[" + urlProp(target.url("/echo")) + ",{\"p\":\"headers\",\"v\":"
                    + "\"{\\\"x-kept\\\":\\\"1\\\",\\\"x-node-red-request-node\\\":\\\"00000000\\\"}\",\"vt\":\"json\"}]",
                    "\"ret\":\"obj\"").get("headers");
            assertEquals("1", headers.get("x-kept"));
            assertFalse(headers.containsKey("x-node-red-request-node"));
        }
    }

    @Test
    void cookiesFromMsgAndTheCookieHeaderAreSentTogether() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/echo")) + ",{\"p\":\"headers\",\"v\":"
                    + "\"{\\\"cookie\\\":\\\"k=v\\\"}\",\"vt\":\"json\"},{\"p\":\"cookies\",\"v\":"
                    + "\"{\\\"a\\\":\\\"1 2\\\",\\\"b\\\":{\\\"value\\\":\\\"x%y\\\",\\\"encode\\\":false},\\\"c\\\":null}\","
                    + "\"vt\":\"json\"}]", "\"ret\":\"obj\""));
            assertEquals("k=v; a=1%202; b=x%y", ((Map<?, ?>) echoed(send(h)).get("headers")).get("cookie"));
        }
    }

    // ---- urls ---------------------------------------------------------------------------------------------------

    @Test
    void urlTemplatesMissingSchemesAndMsgUrlOverrideWarnings() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo/a%20b", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            List<Object> warnings = warnings(h);
            h.deploy(requestFlow(h.port(), "[{\"p\":\"port\",\"v\":\"" + target.port() + "\",\"vt\":\"num\"},"
                            + "{\"p\":\"payload\",\"v\":\"{\\\"id\\\":\\\"a b\\\",\\\"q\\\":\\\"x&y\\\"}\",\"vt\":\"json\"},"
                            + urlProp("http://elsewhere/") + "]",
                    "\"ret\":\"obj\",\"url\":\"127.0.0.1:{{{port}}}/echo/{{{payload.id}}}?q={{payload.q}}\""));
            Map<?, ?> msg = send(h);
            assertEquals("/echo/a%20b?q=x&amp;y", echoed(msg).get("uri"));
            assertEquals("http://127.0.0.1:" + target.port() + "/echo/a%20b?q=x&amp;y", msg.get("responseUrl"));
            assertEquals(List.of(HttpRequestNode.NO_OVERRIDE), warnings);
        }
    }

    // ---- redirects -------------------------------------------------------------------------------------------

    @Test
    void redirectsAreFollowedWithTheirListAndCookies() throws Exception {
        try (TargetServer target = new TargetServer()) {
            target.route("/r3", r -> r.response().setStatusCode(302).putHeader("Location", "/r2")
                            .putHeader("Set-Cookie", "hop=3; Path=/").end())
                    .route("/r2", r -> r.response().setStatusCode(301).putHeader("Location", target.url("/dir/r1")).end())
                    .route("/dir/r1", r -> r.response().setStatusCode(307).putHeader("Location", "r0?x=1").end())
                    .route("/dir/r0", HttpRequestNodeTest::echo);
            try (Harness h = new Harness()) {
                h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/r3")) + "]", "\"ret\":\"obj\""));
                Map<?, ?> msg = send(h);
                Map<?, ?> seen = echoed(msg);
                assertEquals("/dir/r0?x=1", seen.get("uri"));
                assertEquals("hop=3", ((Map<?, ?>) seen.get("headers")).get("cookie"));
                assertEquals(target.url("/dir/r0?x=1"), msg.get("responseUrl"));
                assertEquals(List.of(
                        Map.of("location", "/r2", "cookies", Map.of("hop", Map.of("Path", "/", "value", "3"))),
                        Map.of("location", target.url("/dir/r1")),
                        Map.of("location", "r0?x=1")), msg.get("redirectList"));
            }
        }
    }

    @Test
    void seeOtherTurnsAPostIntoAGetAndRedirectsCanBeDeclined() throws Exception {
        try (TargetServer target = new TargetServer()) {
            target.route("/see", r -> r.response().setStatusCode(303).putHeader("Location", "/echo").end())
                    .route("/echo", HttpRequestNodeTest::echo);
            try (Harness h = new Harness()) {
                Map<?, ?> seen = echoedBy(h, "[" + urlProp(target.url("/see")) + ",{\"p\":\"payload\",\"v\":\"body\","
                        + "\"vt\":\"str\"}]", "\"method\":\"POST\",\"ret\":\"obj\"");
                assertEquals("GET", seen.get("method"));
                assertEquals("", seen.get("body"));

                h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/see")) + ",{\"p\":\"followRedirects\","
                        + "\"v\":\"false\",\"vt\":\"bool\"}]", "\"ret\":\"txt\""));
                Map<?, ?> msg = send(h);
                assertEquals(303, msg.get("statusCode"));
                assertEquals("/echo", ((Map<?, ?>) msg.get("headers")).get("location"));
                assertEquals(List.of(), msg.get("redirectList"));
            }
        }
    }

    @Test
    void aRedirectLoopStopsAfter21Redirects() throws Exception {
        try (TargetServer target = new TargetServer()
                .route("/loop", r -> r.response().setStatusCode(302).putHeader("Location", "/loop").end());
             Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/loop")) + "]", "\"ret\":\"txt\""));
            h.inject("go");
            Map<String, DebugEvent> byNode = twoOutputs(h);
            assertEquals("MaxRedirectsError: Redirected 21 times. Aborting.",
                    ((Map<?, ?>) byNode.get("caught").value()).get("message"));
            assertEquals("ERR_TOO_MANY_REDIRECTS", ((Map<?, ?>) byNode.get("out").value()).get("statusCode"));
            assertEquals(22, target.requests());
        }
    }

    // ---- failures ----------------------------------------------------------------------------------------------

    /** The catch node's msg.error and the node's own output, whichever comes first. */
    private static Map<String, DebugEvent> twoOutputs(Harness h) throws InterruptedException {
        Map<String, DebugEvent> byNode = new HashMap<>();
        for (int i = 0; i < 2; i++) {
            DebugEvent e = h.nextDebug(10);
            assertNotNull(e, "expected an error and an output, got " + byNode);
            byNode.put(e.id(), e);
        }
        return byNode;
    }

    @Test
    void connectionRefusedIsReportedLikeNodeRedAndTheEngineKeepsServing() throws Exception {
        int port = Ports.free();
        try (Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp("http://127.0.0.1:" + port + "/x") + "]", "\"ret\":\"txt\""));
            h.inject("go");
            Map<String, DebugEvent> byNode = twoOutputs(h);
            Map<?, ?> error = (Map<?, ?>) byNode.get("caught").value();
            assertEquals("RequestError: connect ECONNREFUSED 127.0.0.1:" + port, error.get("message"));
            assertEquals("ECONNREFUSED", error.get("code"));
            Map<?, ?> msg = (Map<?, ?>) byNode.get("out").value();
            assertEquals("RequestError: connect ECONNREFUSED 127.0.0.1:" + port + " : http://127.0.0.1:" + port + "/x",
                    msg.get("payload"));
            assertEquals("ECONNREFUSED", msg.get("statusCode"));
            assertEquals(200, h.get("/t/text").statusCode());
        }
    }

    @Test
    void aTimeoutReportsNoResponseAndTheEngineKeepsServing() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp("http://127.0.0.1:PORT/t/hang")
                    + ",{\"p\":\"requestTimeout\",\"v\":\"300\",\"vt\":\"num\"}]", "\"ret\":\"txt\""));
            long start = System.nanoTime();
            h.inject("go");
            Map<String, DebugEvent> byNode = twoOutputs(h);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 300 && ms < 5000, ms + " ms");
            assertEquals("no response from server", ((Map<?, ?>) byNode.get("caught").value()).get("message"));
            Map<?, ?> msg = (Map<?, ?>) byNode.get("out").value();
            assertEquals("TimeoutError: Timeout awaiting 'request' for 300ms : http://127.0.0.1:" + h.port() + "/t/hang",
                    msg.get("payload"));
            assertEquals("ETIMEDOUT", msg.get("statusCode"));
            assertEquals(200, h.get("/t/text").statusCode());
        }
    }

    @Test
    void senderrSendsFailuresOnlyToCatchNodes() throws Exception {
        int port = Ports.free();
        try (Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp("http://127.0.0.1:" + port + "/x") + "]",
                    "\"ret\":\"txt\",\"senderr\":true"));
            h.inject("go");
            DebugEvent e = h.nextDebug(10);
            assertNotNull(e);
            assertEquals("caught", e.id());
            assertNull(h.nextDebug(0.5));
        }
    }

    @Test
    void badInputIsReportedWithoutSending() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[]", "\"ret\":\"txt\""));
            h.inject("go");
            assertEquals("No url specified", ((Map<?, ?>) h.nextDebug(5).value()).get("message"));

            h.deploy(requestFlow(h.port(), "[" + urlProp("http://127.0.0.1:PORT/t/text")
                    + ",{\"p\":\"payload\",\"v\":\"text\",\"vt\":\"str\"}]", "\"ret\":\"txt\",\"paytoqs\":true"));
            h.inject("go");
            assertEquals("Invalid payload", ((Map<?, ?>) h.nextDebug(5).value()).get("message"));

            h.deploy(requestFlow(h.port(), "[" + urlProp("http://:80/") + "]", "\"ret\":\"txt\""));
            h.inject("go");
            assertEquals("TypeError: Invalid URL", ((Map<?, ?>) h.nextDebug(5).value()).get("message"));
            assertNull(h.nextDebug(0.3));
        }
    }

    @Test
    void statusShowsRequestingUntilTheResponseArrives() throws Exception {
        try (Harness h = new Harness()) {
            List<Object> statuses = new CopyOnWriteArrayList<>();
            h.server().engine().events().subscribe((topic, data) -> {
                if (topic.equals("status/req")) {
                    statuses.add(data);
                }
            });
            h.deploy(requestFlow(h.port(), "[" + urlProp("http://127.0.0.1:PORT/t/text") + "]", "\"ret\":\"txt\""));
            send(h);
            assertEquals(List.of(Map.of("fill", "blue", "shape", "dot", "text", "requesting"), Map.of()), statuses);
        }
    }

    // ---- auth and connections -----------------------------------------------------------------------------------

    @Test
    void basicAndBearerCredentialsAndUrlUserinfo() throws Exception {
        try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String url = urlProp(target.url("/echo"));
            assertEquals("Basic dTpw", ((Map<?, ?>) echoedBy(h, "[" + url + "]",
                    "\"ret\":\"obj\",\"credentials\":{\"user\":\"u\",\"password\":\"p\"}").get("headers")).get("authorization"));

            assertEquals("Bearer tok", ((Map<?, ?>) echoedBy(h, "[" + url + "]",
                    "\"ret\":\"obj\",\"authType\":\"bearer\",\"credentials\":{\"password\":\"tok\"}").get("headers")).get("authorization"));

            // credentials persist across deploys unless cleared, as in Node-RED: the editor sends blanks to clear
            h.deploy(requestFlow(h.port(), "[" + urlProp("http://a%40b:pw@127.0.0.1:" + target.port() + "/echo") + "]",
                    "\"ret\":\"obj\",\"credentials\":{\"user\":\"\",\"password\":\"\"}"));
            Map<?, ?> msg = send(h);
            String expected = "Basic " + Base64.getEncoder().encodeToString("a%40b:pw".getBytes(StandardCharsets.UTF_8));
            assertEquals(expected, ((Map<?, ?>) echoed(msg).get("headers")).get("authorization"));
            assertEquals("http://a%40b:pw@127.0.0.1:" + target.port() + "/echo", msg.get("responseUrl"));
        }
    }

    @Test
    void digestAnswersOneChallenge() throws Exception {
        try (TargetServer target = new TargetServer().route("/digest", HttpRequestNodeTest::digestProtected);
             Harness h = new Harness()) {
            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/digest?q=1")) + "]",
                    "\"ret\":\"txt\",\"authType\":\"digest\",\"credentials\":{\"user\":\"u\",\"password\":\"p\"}"));
            Map<?, ?> msg = send(h);
            assertEquals(200, msg.get("statusCode"), String.valueOf(msg.get("payload")));
            assertEquals("welcome", msg.get("payload"));
            assertEquals(2, target.requests());

            h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/digest")) + "]",
                    "\"ret\":\"txt\",\"authType\":\"digest\",\"credentials\":{\"user\":\"u\",\"password\":\"wrong\"}"));
            assertEquals(401, send(h).get("statusCode"));
        }
    }

    /** A digest-protected route (realm r, qop auth, MD5) accepting u/p. */
    private static void digestProtected(HttpServerRequest req) {
        String auth = req.getHeader("authorization");
        if (auth == null) {
            req.response().setStatusCode(401)
                    .putHeader("WWW-Authenticate", "Digest realm=\"r\", qop=\"auth\", nonce=\"abc\", opaque=\"op\"")
                    .end("login");
            return;
        }
        Map<String, String> f = new HashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|([^,\\s]+))").matcher(auth);
        while (m.find()) {
            f.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
        }
        String ha1 = md5("u:r:p");
        String ha2 = md5(req.method().name() + ":" + f.get("uri"));
        String expected = md5(ha1 + ":abc:" + f.get("nc") + ":" + f.get("cnonce") + ":auth:" + ha2);
        boolean ok = expected.equals(f.get("response")) && "op".equals(f.get("opaque")) && "/digest".equals(f.get("uri"));
        req.response().setStatusCode(ok ? 200 : 401).end(ok ? "welcome" : "denied");
    }

    private static String md5(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void connectionsAreKeptAliveWithAndWithoutPersist() throws Exception {
        for (boolean persist : new boolean[]{true, false}) {
            try (TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
                 Harness h = new Harness()) {
                h.deploy(requestFlow(h.port(), "[" + urlProp(target.url("/echo")) + "]",
                        "\"ret\":\"obj\",\"persist\":" + persist));
                for (int i = 0; i < 5; i++) {
                    echoed(send(h));
                }
                assertEquals(5, target.requests());
                assertEquals(1, target.connections(), "persist " + persist);
            }
        }
    }

    @Test
    void httpsVerifiesCertificatesUnlessMsgRejectUnauthorizedIsFalse() throws Exception {
        try (TargetServer target = new TargetServer(true).route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String url = urlProp(target.url("/echo"));
            h.deploy(requestFlow(h.port(), "[" + url + "]", "\"ret\":\"obj\""));
            h.inject("go");
            Map<String, DebugEvent> byNode = twoOutputs(h);
            Map<?, ?> error = (Map<?, ?>) byNode.get("caught").value();
            assertEquals("RequestError: unable to verify the first certificate", error.get("message"));
            assertEquals("UNABLE_TO_VERIFY_LEAF_SIGNATURE", error.get("code"));

            assertEquals("GET", echoedBy(h, "[" + url + ",{\"p\":\"rejectUnauthorized\",\"v\":\"false\",\"vt\":\"bool\"}]",
                    "\"ret\":\"obj\"").get("method"));
        }
    }

    @Test
    void anHttpProxyConfigSendsRequestsThroughTheProxyExceptItsNoProxyHosts() throws Exception {
        try (TargetServer proxy = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             TargetServer target = new TargetServer().route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String proxyNode = ",{\"id\":\"px\",\"type\":\"http proxy\",\"url\":\"" + proxy.url("") + "\","
                    + "\"noproxy\":[\"localhost:" + target.port() + "\"],"
                    + "\"credentials\":{\"username\":\"pu\",\"password\":\"pp\"}}]";
            String flow = requestFlow(h.port(), "[" + urlProp(target.url("/echo")) + "]", "\"ret\":\"obj\",\"proxy\":\"px\"");
            h.deploy(flow.substring(0, flow.length() - 1) + proxyNode);
            Map<?, ?> viaProxy = echoed(send(h));
            assertEquals(target.url("/echo"), viaProxy.get("uri"));
            assertEquals("Basic " + Base64.getEncoder().encodeToString("pu:pp".getBytes(StandardCharsets.UTF_8)),
                    ((Map<?, ?>) viaProxy.get("headers")).get("proxy-authorization"));
            assertEquals(1, proxy.requests());
            assertEquals(0, target.requests());

            flow = requestFlow(h.port(), "[" + urlProp("http://localhost:" + target.port() + "/echo") + "]",
                    "\"ret\":\"obj\",\"proxy\":\"px\"");
            h.deploy(flow.substring(0, flow.length() - 1) + proxyNode);
            assertEquals("/echo", echoed(send(h)).get("uri"));
            assertEquals(1, target.requests());
        }
    }

    @Test
    void aTlsConfigSuppliesTheTrustedCaAndMakesHttpsTheDefaultScheme() throws Exception {
        try (TargetServer target = new TargetServer(true).route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String tlsNode = ",{\"id\":\"tc\",\"type\":\"tls-config\",\"ca\":\""
                    + target.certificatePath().replace("\\", "\\\\") + "\",\"verifyservercert\":true}]";
            String flow = requestFlow(h.port(), "[" + urlProp("localhost:" + target.port() + "/echo") + "]",
                    "\"ret\":\"obj\",\"tls\":\"tc\"");
            h.deploy(flow.substring(0, flow.length() - 1) + tlsNode);
            Map<?, ?> msg = send(h);
            assertEquals("GET", echoed(msg).get("method"));
            assertEquals("https://localhost:" + target.port() + "/echo", msg.get("responseUrl"));

            String lax = ",{\"id\":\"tc\",\"type\":\"tls-config\",\"verifyservercert\":false}]";
            flow = requestFlow(h.port(), "[" + urlProp(target.url("/echo")) + "]", "\"ret\":\"obj\",\"tls\":\"tc\"");
            h.deploy(flow.substring(0, flow.length() - 1) + lax);
            assertEquals("GET", echoed(send(h)).get("method"));
        }
    }

    /**
     * tls-config's uploaded PEM is a credential (Node-RED's {@code cadata}): posted with the flows, it trusts the
     * server's self-signed certificate, stays out of GET /flows, and GET /credentials answers as the declaration says
     * (text fields with their value, the passphrase only as {@code has_passphrase}).
     */
    @Test
    void aTlsConfigTrustsAnUploadedCaFromItsCredentialsAndNeverServesItsPassphrase() throws Exception {
        try (TargetServer target = new TargetServer(true).route("/echo", HttpRequestNodeTest::echo);
             Harness h = new Harness()) {
            String pem = java.nio.file.Files.readString(java.nio.file.Path.of(target.certificatePath()));
            String tlsNode = ",{\"id\":\"tc\",\"type\":\"tls-config\",\"verifyservercert\":true,"
                    + "\"credentials\":{\"cadata\":" + Json.stringify(pem) + ",\"passphrase\":\"open sesame\"}}]";
            String flow = requestFlow(h.port(), "[" + urlProp("localhost:" + target.port() + "/echo") + "]",
                    "\"ret\":\"obj\",\"tls\":\"tc\"");
            assertEquals(204, h.post("/flows", "application/json", flow.substring(0, flow.length() - 1) + tlsNode)
                    .statusCode());
            Map<?, ?> msg = send(h);
            assertEquals("GET", echoed(msg).get("method"));
            assertEquals("https://localhost:" + target.port() + "/echo", msg.get("responseUrl"));

            assertFalse(h.get("/flows").body().contains("CERTIFICATE"), "the PEM stays out of the flows");
            Map<?, ?> creds = (Map<?, ?>) Json.parse(h.get("/credentials/tls-config/tc").body());
            assertEquals(pem, creds.get("cadata"), "a text credential is served back to the editor, as Node-RED does");
            assertEquals(Boolean.TRUE, creds.get("has_passphrase"));
            assertFalse(creds.containsKey("passphrase"), creds.toString());
        }
    }
}
