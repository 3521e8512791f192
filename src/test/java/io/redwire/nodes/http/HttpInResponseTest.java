package io.redwire.nodes.http;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpInResponseTest {
    private static final String ECHO = """
            [{"id":"t","type":"tab"},
             {"id":"in","type":"http in","z":"t","url":"/echo/:id?","method":"post","x":1,"y":1,"wires":[["out"]]},
             {"id":"get","type":"http in","z":"t","url":"/echo/:id?","method":"get","x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
            """;

    @Test
    void jsonBodyIsParsedAndEchoedAsJson() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.post("/echo/7", "application/json", "{\"a\":[1,2.5,null],\"big\":12345678901234567890}");
            assertEquals(200, r.statusCode());
            assertEquals("application/json; charset=utf-8", r.headers().firstValue("content-type").orElse(""));
            assertEquals("{\"a\":[1,2.5,null],\"big\":12345678901234567000}", r.body());
        }
    }

    @Test
    void getPayloadIsTheParsedQuery() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.get("/echo?a=1&b=x&b=y&c%5Bd%5D=e&sp=a%20b+c");
            assertEquals("{\"a\":\"1\",\"b\":[\"x\",\"y\"],\"c\":{\"d\":\"e\"},\"sp\":\"a b c\"}", r.body());
        }
    }

    @Test
    void badJsonAndScalarsAre400AndTheServerKeepsServing() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            assertEquals(400, h.post("/echo", "application/json", "{bad").statusCode());
            assertEquals(400, h.post("/echo", "application/json", "5").statusCode());
            assertEquals("text/plain body", h.post("/echo", "text/plain", "text/plain body").body());
        }
    }

    @Test
    void unknownPathsGetExpressStyle404() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.get("/nope");
            assertEquals(404, r.statusCode());
            assertTrue(r.body().contains("Cannot GET /nope"), r.body());
        }
    }

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static HttpResponse<String> call(Harness h, String method, String path, String contentType, String body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.url(path))).timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("content-type", contentType);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void headIsAnsweredByTheGetRouteWithoutABodyAndOptionsListsTheMethods() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> head = call(h, "HEAD", "/echo?a=1", null, null);
            assertEquals(200, head.statusCode());
            assertEquals("application/json; charset=utf-8", head.headers().firstValue("content-type").orElse(""));
            assertEquals("", head.body());
            HttpResponse<String> options = call(h, "OPTIONS", "/echo/3", null, null);
            assertEquals(200, options.statusCode());
            assertEquals("POST,GET,HEAD", options.headers().firstValue("allow").orElse(""));
            assertEquals("POST,GET,HEAD", options.body());
            assertEquals(404, call(h, "OPTIONS", "/nope", null, null).statusCode());
        }
    }

    @Test
    void objectRepliesBecomeJsonpWithACallbackParameter() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.get("/echo?callback=cb&a=1");
            assertEquals("text/javascript; charset=utf-8", r.headers().firstValue("content-type").orElse(""));
            assertEquals("/**/ typeof cb === 'function' && cb({\"callback\":\"cb\",\"a\":\"1\"});", r.body());
        }
    }

    @Test
    void aFlowReadingMsgReqSeesTheClientsAddressQueryHeadersAndPath() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"in","type":"http in","z":"t","url":"/who/:id","method":"get","x":1,"y":1,"wires":[["c"]]},
                 {"id":"c","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":
                  "{\\"ip\\":$$.req.ip,\\"q\\":$$.req.query.a,\\"h\\":$$.req.headers.`x-who`,\\"path\\":$$.req.path,\\"id\\":$$.req.params.id}",
                  "tot":"jsonata"}],"x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
                """)) {
            HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create(h.url("/who/7?a=1")))
                    .header("X-Who", "me").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("{\"ip\":\"127.0.0.1\",\"q\":\"1\",\"h\":\"me\",\"path\":\"/who/7\",\"id\":\"7\"}", r.body());
        }
    }

    @Test
    void a204StatusSendsNoBodyOrContentType() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"in","type":"http in","z":"t","url":"/none","method":"post","x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","statusCode":"204","headers":{},"x":1,"y":1,"wires":[]}]
                """)) {
            HttpResponse<String> r = h.post("/none", "application/json", "{\"a\":1}");
            assertEquals(204, r.statusCode());
            assertTrue(r.headers().firstValue("content-type").isEmpty(), r.headers().toString());
            assertEquals("", r.body());
        }
    }

    @Test
    void multipartUploadsGiveFieldsAsPayloadAndFilesOnTheRequest() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"in","type":"http in","z":"t","url":"/up","method":"post","upload":true,"x":1,"y":1,
                  "wires":[["out","files"]]},
                 {"id":"files","type":"debug","z":"t","complete":"req.files","x":1,"y":1,"wires":[]},
                 {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
                """)) {
            String body = "--B\r\nContent-Disposition: form-data; name=\"field1\"\r\n\r\nvalue1\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"file1\"; filename=\"a.txt\"\r\n"
                    + "Content-Type: text/plain\r\n\r\nfile content\r\n--B--\r\n";
            HttpResponse<String> r = h.post("/up", "multipart/form-data; boundary=B", body);
            assertEquals("{\"field1\":\"value1\"}", r.body());
            DebugEvent e = h.nextDebug(5);
            assertNotNull(e);
            Map<?, ?> file = (Map<?, ?>) ((List<?>) e.value()).get(0);
            assertEquals("file1", file.get("fieldname"));
            assertEquals("a.txt", file.get("originalname"));
            assertEquals("text/plain", file.get("mimetype"));
            assertEquals(12, file.get("size"));
            assertEquals("file content", new String((byte[]) file.get("buffer"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void requestCookiesAreParsedIntoReqCookies() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"in","type":"http in","z":"t","url":"/c","method":"get","x":1,"y":1,"wires":[["out","dbg"]]},
                 {"id":"dbg","type":"debug","z":"t","complete":"req.cookies","x":1,"y":1,"wires":[]},
                 {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
                """)) {
            HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create(h.url("/c")))
                    .header("cookie", "a=1; b=x%20y").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals(Map.of("a", "1", "b", "x y"), h.nextDebug(5).value());
        }
    }

    @Test
    void onlyMethodsWithABodyHaveReqBody() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"get","type":"http in","z":"t","url":"/b","method":"get","x":1,"y":1,"wires":[["fn"]]},
                 {"id":"post","type":"http in","z":"t","url":"/b","method":"post","x":1,"y":1,"wires":[["fn"]]},
                 {"id":"fn","type":"function","z":"t","func":"msg.payload = typeof msg.req.body + ':' + JSON.stringify(msg.req.body); return msg;","outputs":1,"x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
                """)) {
            assertEquals("undefined:undefined", CLIENT.send(HttpRequest.newBuilder(URI.create(h.url("/b?q=1"))).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertEquals("object:{\"a\":1}", h.post("/b", "application/json", "{\"a\":1}").body());
        }
    }

    @Test
    void settingsMoveRoutesAndLimitBodies() throws Exception {
        Settings settings = new Settings(new java.util.LinkedHashMap<>(Map.of("httpNodeRoot", "/api/", "apiMaxLength", "1kb")));
        try (Harness h = new Harness(settings).deploy(ECHO)) {
            assertEquals(404, h.post("/echo", "text/plain", "x").statusCode());
            assertEquals("small", h.post("/api/echo", "text/plain", "small").body());
            HttpResponse<String> big = h.post("/api/echo", "text/plain", "x".repeat(1025));
            assertEquals(413, big.statusCode());
            assertTrue(big.body().contains("PayloadTooLargeError: request entity too large"), big.body());
            assertEquals("again", h.post("/api/echo", "text/plain", "again").body());
        }
    }

    @Test
    void nodesWithoutAPathOrAServableMethodWarnAndStayInert() throws Exception {
        try (Harness h = new Harness()) {
            List<Object> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
            h.server().engine().log().sidebar((topic, data) -> warnings.add(((DebugEvent) data).value()));
            h.deploy("""
                    [{"id":"t","type":"tab"},
                     {"id":"a","type":"http in","z":"t","url":"","method":"get","x":1,"y":1,"wires":[["out"]]},
                     {"id":"b","type":"http in","z":"t","url":"/odd","method":"head","x":1,"y":1,"wires":[["out"]]},
                     {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
                    """);
            assertEquals(List.of("missing path"), warnings);
            assertEquals(404, h.get("/odd").statusCode());
        }
    }

    @Test
    void pathsMatchCaseInsensitivelyWithAnOptionalTrailingSlash() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t","type":"tab"},
                 {"id":"lit","type":"http in","z":"t","url":"/lit/a.b","method":"get","x":1,"y":1,"wires":[["out"]]},
                 {"id":"par","type":"http in","z":"t","url":"/p/:x/*","method":"get","x":1,"y":1,"wires":[["dbg","out"]]},
                 {"id":"dbg","type":"debug","z":"t","complete":"req.params","x":1,"y":1,"wires":[]},
                 {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
                """)) {
            assertEquals(200, h.get("/LIT/A.B/").statusCode());
            assertEquals(200, h.get("/lit/a.b").statusCode());
            assertEquals(404, h.get("/lit/aXb").statusCode());
            assertEquals(404, h.get("/lit/a.b/c").statusCode());
            assertEquals(200, h.get("/p/a%20b/rest/of/it").statusCode());
            assertEquals(Map.of("x", "a b", "0", "rest/of/it"), h.nextDebug(5).value());
        }
    }

    @Test
    void httpNodeCorsAddsHeadersAndAnswersPreflights() throws Exception {
        Map<String, Object> cors = Map.of("origin", List.of("https://a.example"), "methods", "GET,POST", "credentials", true);
        Settings settings = new Settings(new java.util.LinkedHashMap<>(Map.of("httpNodeCors", cors)));
        try (Harness h = new Harness(settings).deploy(ECHO)) {
            HttpResponse<String> pre = CLIENT.send(HttpRequest.newBuilder(URI.create(h.url("/anything")))
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).header("Origin", "https://a.example")
                    .header("Access-Control-Request-Headers", "x-token").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, pre.statusCode());
            assertEquals("https://a.example", pre.headers().firstValue("access-control-allow-origin").orElse(""));
            assertEquals("GET,POST", pre.headers().firstValue("access-control-allow-methods").orElse(""));
            assertEquals("x-token", pre.headers().firstValue("access-control-allow-headers").orElse(""));
            assertEquals("true", pre.headers().firstValue("access-control-allow-credentials").orElse(""));
            assertEquals("Origin, Access-Control-Request-Headers", pre.headers().firstValue("vary").orElse(""));

            HttpResponse<String> actual = CLIENT.send(HttpRequest.newBuilder(URI.create(h.url("/echo?a=1")))
                    .header("Origin", "https://other.example").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("{\"a\":\"1\"}", actual.body());
            assertTrue(actual.headers().firstValue("access-control-allow-origin").isEmpty());
            assertEquals("Origin", actual.headers().firstValue("vary").orElse(""));
        }
    }
}
