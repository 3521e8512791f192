package io.redwire.admin;

import io.redwire.flow.FlowFileReader;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;
import io.redwire.testing.RawSockets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Without adminAuth (the default), a page of another site must not be able to use the admin API. */
class CrossSiteRequestTest {
    /** What an HTML form (enctype) or a fetch without a preflight can post cross-site. */
    static final List<String> FORM_TYPES = List.of("text/plain", "text/plain;charset=UTF-8",
            "application/x-www-form-urlencoded", "multipart/form-data; boundary=x");

    @Test
    void aBodyAFormCanSendDoesNotReplaceTheFlows() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("kept")).statusCode());
            for (String type : FORM_TYPES) {
                HttpResponse<String> r = s.post("/flows", FlowsApiTest.flows("page"), "content-type", type);
                assertEquals(400, r.statusCode(), type + ": " + r.body());
                assertTrue(r.body().contains("\"code\":\"invalid_request\"") && r.body().contains("application/json"),
                        r.body());
            }
            String untyped = rawPost(s.server().port(), "/flows", FlowsApiTest.flows("page"));
            assertTrue(untyped.startsWith("HTTP/1.1 400 "), untyped);
            assertEquals(FlowFileReader.parse(FlowsApiTest.flows("kept"), "deployed"),
                    FlowFileReader.parse(s.get("/flows").body(), "GET /flows"), "the flows are the ones deployed");
        }
    }

    /** Node-RED 5.0.7 reads only JSON on POST /flows: it answers these 400 too (its message is a JavaScript error). */
    @Test
    void nodeRedAlsoAnswersTheseFlowsPosts400(@TempDir Path dir) throws Exception {
        int port = Ports.free();
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, FlowsApiTest.flows("kept"));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (NodeRedPeer nodeRed = NodeRedPeer.start(dir, port, flows.toString())) {
            for (String type : FORM_TYPES) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(nodeRed.url("/flows")))
                        .header("content-type", type).POST(HttpRequest.BodyPublishers.ofString(
                                FlowsApiTest.flows("page"))).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(400, r.statusCode(), type + ": " + r.body());
            }
            String untyped = rawPost(port, "/flows", FlowsApiTest.flows("page"));
            assertTrue(untyped.startsWith("HTTP/1.1 400 "), untyped);
            String kept = http.send(HttpRequest.newBuilder(URI.create(nodeRed.url("/flows"))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertEquals(FlowFileReader.parse(FlowsApiTest.flows("kept"), "deployed"),
                    FlowFileReader.parse(kept, "Node-RED's GET /flows"));
        }
    }

    @Test
    void otherSitesOriginsAreRefusedTheServersOwnAndNoneAreNot() throws Exception {
        try (AdminServer s = new AdminServer()) {
            String own = "http://127.0.0.1:" + s.server().port();
            for (String other : List.of("http://evil.example", "null", "http://127.0.0.1:1",
                    "https://127.0.0.1:" + s.server().port() + ".evil.example")) {
                HttpResponse<String> r = s.post("/flows", FlowsApiTest.flows("page"), "Origin", other);
                assertEquals(403, r.statusCode(), other + ": " + r.body());
                assertEquals(403, s.post("/inject/i1", "{}", "Origin", other).statusCode(), other);
            }
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("own"), "Origin", own).statusCode());
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("none")).statusCode(), "no Origin (curl)");
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("proxied"), "Origin", "https://red.example",
                    "X-Forwarded-Host", "red.example").statusCode(), "behind a proxy that rewrites Host");
            assertEquals(403, s.post("/flows", FlowsApiTest.flows("page"), "Origin", "https://evil.example",
                    "X-Forwarded-Host", "red.example").statusCode());
            assertEquals(200, s.post("/inject/i1", "{}", "Origin", own).statusCode());
        }
    }

    @Test
    void buttonsAndContextDeletesRefuseFormBodiesButNotABareCurlPost() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("a")).statusCode());
            for (String type : FORM_TYPES) {
                assertEquals(400, s.post("/inject/i1", "", "content-type", type).statusCode(), type);
                assertEquals(400, s.post("/debug/d1/disable", "", "content-type", type).statusCode(), type);
                assertEquals(400, s.post("/debug/disable", "{\"nodes\":[\"d1\"]}", "content-type", type)
                        .statusCode(), type);
                assertEquals(400, s.send("DELETE", "/context/global/k", "", "content-type", type).statusCode(),
                        type);
            }
            assertEquals(null, s.nextDebug(0.5), "no refused inject fired");
            assertTrue(rawPost(s.server().port(), "/inject/i1", null).startsWith("HTTP/1.1 200 "), "curl -X POST …/inject/i1");
            assertEquals("a", s.nextDebug(10).value());
            assertEquals(204, s.send("DELETE", "/context/global/k", null).statusCode());
        }
    }

    @Test
    void theCommsWebsocketRefusesAnotherSitesPage() throws Exception {
        try (AdminServer s = new AdminServer()) {
            CompletionException e = assertThrows(CompletionException.class, () -> HttpClient.newHttpClient()
                    .newWebSocketBuilder().header("Origin", "http://evil.example")
                    .buildAsync(URI.create(s.wsUrl("/comms")), new WebSocket.Listener() {
                    }).orTimeout(10, TimeUnit.SECONDS).join());
            assertEquals(403, assertInstanceOf(WebSocketHandshakeException.class, e.getCause()).getResponse()
                    .statusCode());
            HttpClient.newHttpClient().newWebSocketBuilder().header("Origin", "http://127.0.0.1:" + s.server().port())
                    .buildAsync(URI.create(s.wsUrl("/comms")), new WebSocket.Listener() {
                    }).get(10, TimeUnit.SECONDS).abort();
        }
    }

    /** A POST without Content-Type (a fetch of an untyped Blob; curl -X POST); its status line and the rest. */
    static String rawPost(int port, String path, String body) throws Exception {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: "
                    + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
            return RawSockets.readToClose(socket);
        }
    }
}
