package io.redwire.nodes.grpc;

import io.redwire.msg.Json;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.Harness;

import com.google.protobuf.DynamicMessage;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One grpc-server (src/test/resources/connect/items.proto, answered by a flow) called by a client none of us wrote:
 * {@code @connectrpc/connect-node} 2.x (installed by scripts/connect-peer.sh) over Connect (JSON over HTTP/1.1,
 * binary over HTTP/2, GET), gRPC-Web (HTTP/1.1 and HTTP/2) and gRPC, with a registry from protoc's descriptor set.
 */
class ConnectInteropTest {
    static final Path RESOURCES = Path.of("src/test/resources/connect");
    private static Harness harness;
    private static int port;

    @BeforeAll
    static void deploy() throws IOException {
        harness = new Harness();
        String proto = Files.readString(RESOURCES.resolve("items.proto"));
        harness.deploy(Files.readString(RESOURCES.resolve("items-flow.json"))
                .replace("\"PROTO\"", Json.stringify(proto)));
        port = ((GrpcServerNode) harness.server().engine().node("srv")).port();
    }

    @AfterAll
    static void close() {
        harness.close();
    }

    static int port() {
        return port;
    }

    /** Where scripts/connect-peer.sh installed the client; skips the test when it has not. */
    private static Path connectDir() {
        Path dir = Path.of(System.getenv().getOrDefault("REDWIRE_CONNECT_DIR",
                System.getProperty("user.home") + "/.cache/redwire/connect"));
        Assumptions.assumeTrue(Files.isRegularFile(dir.resolve("node_modules/@connectrpc/connect-node/package.json"))
                && Files.isRegularFile(dir.resolve("node-binary")), "@connectrpc/connect-node is not installed in "
                + dir + " (scripts/connect-peer.sh installs it)");
        return dir;
    }

    static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        assertEquals(0, p.exitValue(), command + " failed: " + new String(out, StandardCharsets.UTF_8));
        return new String(out, StandardCharsets.UTF_8);
    }

    /** protoc's descriptor set of items.proto and its import (taken from protobuf-java, as ProtocGoldenTest does). */
    static Path descriptorSet(Path tmp) throws Exception {
        Path wkt = tmp.resolve("wkt/google/protobuf/timestamp.proto");
        Files.createDirectories(wkt.getParent());
        try (InputStream in = ConnectInteropTest.class.getClassLoader()
                .getResourceAsStream("google/protobuf/timestamp.proto")) {
            Files.write(wkt, in.readAllBytes());
        }
        Path descriptors = tmp.resolve("items.pb");
        run(List.of("protoc", "--include_imports", "--descriptor_set_out=" + descriptors, "-I", RESOURCES.toString(),
                "-I", tmp.resolve("wkt").toString(), "items.proto"));
        return descriptors;
    }

    @Test
    @SuppressWarnings("unchecked")
    void connectNodeCallsOverEveryTransport(@TempDir Path tmp) throws Exception {
        Path dir = connectDir();
        Path descriptors = descriptorSet(tmp);
        String node = Files.readString(dir.resolve("node-binary")).trim();
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.list = new CopyOnWriteArrayList<>();
        Logger logger = (Logger) LoggerFactory.getLogger("redwire");
        logs.start();
        logger.addAppender(logs);
        String out;
        try {
            out = run(List.of(node, RESOURCES.resolve("client.cjs").toString(), dir.toString(),
                    "http://127.0.0.1:" + port, descriptors.toString()));
            Thread.sleep(1000); // the server's timer of the last Hang call is due with the client's
        } finally {
            logger.detachAppender(logs);
        }
        // connect-node resets a stream whose own timeout passed with INTERNAL_ERROR: Vert.x's deadline timer must
        // not then answer on the failed stream (it threw on the flow loop)
        assertEquals(List.of(), logs.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.startsWith("uncaught on the flow loop")).toList());
        System.out.println("connect-node results: " + out.trim());
        Map<String, Object> results = (Map<String, Object>) Json.parse(out);
        assertEquals(List.of("connect-json-http1.1", "connect-binary-http2", "connect-get-json-http1.1",
                "grpc-web-binary-http1.1", "grpc-web-binary-http2", "grpc-http2"), new ArrayList<>(results.keySet()));
        for (Map.Entry<String, Object> e : results.entrySet()) {
            String expected = """
                    {"unary":{"id":"42","displayName":"Item 42 for t-1","kind":"KIND_BOOK",\
                    "addedAt":"2026-01-01T00:00:00.005Z","tags":["new","big"]},\
                    "stream":[{"id":"1","displayName":"Item 1","kind":"KIND_TOOL"},\
                    {"id":"2","displayName":"Item 2","kind":"KIND_BOOK"},\
                    {"id":"3","displayName":"Item 3","kind":"KIND_TOOL"}],\
                    "emptyStream":[],\
                    "notFound":{"code":"NotFound","message":"no item 404"},\
                    "streamError":{"code":"InvalidArgument","message":"count must not be negative"},\
                    "unserved":{"code":"Unimplemented","message":"no grpc-register-function node handles shop.v1.ItemService/DeleteItem"},\
                    "deadline":"DeadlineExceeded"}""";
            assertEquals(expected, Json.stringify(e.getValue()), e.getKey());
        }
    }

    /** curl's answer: the body (as text, or in {@code out} when given), then HTTP status and content type. */
    private static String[] curl(Path out, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("curl", "-s", "-S", "--max-time", "30", "-w",
                "\n%{http_code} %{content_type}"));
        if (out != null) {
            cmd.addAll(List.of("-o", out.toString()));
        }
        cmd.addAll(List.of(args));
        String answer = run(cmd);
        int nl = answer.lastIndexOf('\n');
        String[] statusAndType = answer.substring(nl + 1).split(" ", 2);
        return new String[] {answer.substring(0, nl), statusAndType[0], statusAndType[1]};
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private static final String GET_ITEM = "/shop.v1.ItemService/GetItem";

    @Test
    void getCallsAnIdempotentMethodWithItsMessageInTheQuery(@TempDir Path tmp) throws Exception {
        String[] json = curl(null, url(GET_ITEM + "?connect=v1&encoding=json&message=%7B%22id%22%3A%227%22%7D"));
        assertEquals(List.of("{\"id\":\"7\",\"displayName\":\"Item 7\",\"kind\":\"KIND_BOOK\","
                + "\"addedAt\":\"2026-01-01T00:00:00.005Z\",\"tags\":[\"new\",\"big\"]}", "200", "application/json"),
                List.of(json));
        // GetItemRequest{id: 7} is 08 07: base64url "CAc"; the answer is binary protobuf
        Path body = tmp.resolve("item.bin");
        String[] proto = curl(body, url(GET_ITEM + "?encoding=proto&base64=1&message=CAc"));
        assertEquals(List.of("200", "application/proto"), List.of(proto[1], proto[2]));
        ProtoSchema schema = ((GrpcServerNode) harness.server().engine().node("srv")).schema();
        assertEquals("{\"id\":\"7\",\"displayName\":\"Item 7\",\"kind\":\"KIND_BOOK\","
                + "\"addedAt\":\"2026-01-01T00:00:00.005Z\",\"tags\":[\"new\",\"big\"]}",
                ProtoJson.of(schema).print(DynamicMessage.parseFrom(schema.root().findMessageTypeByName("Item"),
                        Files.readAllBytes(body))));
        // a gzip-compressed JSON message, base64url
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(zipped)) {
            z.write("{\"id\":\"8\"}".getBytes(StandardCharsets.UTF_8));
        }
        String message = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(zipped.toByteArray());
        assertEquals("200", curl(null, url(GET_ITEM + "?encoding=json&compression=gzip&base64=1&message="
                + message))[1]);
        String[] notIdempotent = curl(null, url("/shop.v1.ItemService/DeleteItem?encoding=json&message=%7B%7D"));
        assertEquals(List.of("{\"code\":\"unimplemented\",\"message\":\"shop.v1.ItemService.DeleteItem is not marked "
                + "idempotency_level = NO_SIDE_EFFECTS, so it takes POST only\",\"details\":[]}", "405",
                "application/json"), List.of(notIdempotent));
    }

    @Test
    void connectTimeoutMsIsTheServersDeadline() throws Exception {
        long t0 = System.nanoTime();
        String[] answer = curl(null, "-H", "content-type: application/json", "-H", "connect-timeout-ms: 300",
                "--data", "{}", url("/shop.v1.ItemService/Hang"));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(List.of("{\"code\":\"deadline_exceeded\",\"message\":\"the call took longer than its "
                + "Connect-Timeout-Ms 300\",\"details\":[]}", "504", "application/json"), List.of(answer));
        assertTrue(ms >= 300, ms + " ms");
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static HttpResponse<byte[]> post(String path, String contentType, byte[] body, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("content-type", contentType);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String answer(HttpResponse<byte[]> r) {
        return r.statusCode() + " " + r.headers().firstValue("content-type").orElse("-") + " "
                + new String(r.body(), StandardCharsets.UTF_8);
    }

    private static byte[] envelope(int flags, byte[] payload, int length) {
        return ByteBuffer.allocate(5 + payload.length).put((byte) flags).putInt(length).put(payload).array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void badRequestsGetTheirConnectErrorAndTheServerKeepsServing() throws Exception {
        String listItems = "/shop.v1.ItemService/ListItems";
        assertEquals("400 application/json {\"code\":\"invalid_argument\",\"message\":\"request is no "
                + "shop.v1.GetItemRequest in JSON: field 'id': Not an int64 value: \\\"x\\\"\",\"details\":[]}",
                answer(post(GET_ITEM, "application/json", utf8("{\"id\":\"x\"}"))));
        assertTrue(answer(post(GET_ITEM, "application/json", utf8("{bad"))).startsWith("400 application/json "
                + "{\"code\":\"invalid_argument\",\"message\":\"request is no shop.v1.GetItemRequest in JSON: not JSON: "));
        assertTrue(answer(post(GET_ITEM, "application/proto", new byte[] {(byte) 0xff, (byte) 0xff}))
                .startsWith("400 application/json {\"code\":\"invalid_argument\",\"message\":\"request does not parse: "));
        assertEquals("415 application/json {\"code\":\"invalid_argument\",\"message\":\"content-type text/plain is "
                + "not served here: gRPC takes application/grpc (gRPC-Web application/grpc-web), Connect "
                + "application/json, application/proto or, for streams, application/connect+json and "
                + "application/connect+proto\",\"details\":[]}", answer(post(GET_ITEM, "text/plain", utf8("{}"))));
        assertEquals("501 application/json {\"code\":\"unimplemented\",\"message\":\"Method not found: "
                + "shop.v1.ItemService/Nope\",\"details\":[]}",
                answer(post("/shop.v1.ItemService/Nope", "application/json", utf8("{}"))));
        assertEquals("415 application/json {\"code\":\"invalid_argument\",\"message\":\"shop.v1.ItemService.ListItems "
                + "streams: its content type is application/connect+json or application/connect+proto\","
                + "\"details\":[]}", answer(post(listItems, "application/json", utf8("{}"))));
        assertEquals("400 application/json {\"code\":\"invalid_argument\",\"message\":\"Connect-Timeout-Ms soon is "
                + "not a number of 1 to 10 digits\",\"details\":[]}",
                answer(post(GET_ITEM, "application/json", utf8("{}"), "connect-timeout-ms", "soon")));
        // streams: the error is the end-stream message of an HTTP 200 answer
        byte[] badFlags = envelope(0x80, utf8("{}"), 2);
        byte[] endStream = utf8("{\"error\":{\"code\":\"invalid_argument\",\"message\":\"invalid envelope flags "
                + "128\",\"details\":[]}}");
        assertEquals("200 application/connect+json " + new String(envelope(2, endStream, endStream.length),
                StandardCharsets.ISO_8859_1), answer(post(listItems, "application/connect+json", badFlags)));
        byte[] truncated = envelope(0, utf8("{\"c"), 100);
        assertTrue(answer(post(listItems, "application/connect+json", truncated)).contains("{\"error\":{\"code\":"
                + "\"invalid_argument\",\"message\":\"the request stream ends inside an envelope (8 bytes left over)\""));
        byte[] huge = envelope(0, new byte[0], 64 << 20);
        assertTrue(answer(post(listItems, "application/connect+json", huge)).contains("{\"error\":{\"code\":"
                + "\"resource_exhausted\",\"message\":\"message exceeds maximum size 4194304: 67108864\""));
        // and a good call still works, unary and streamed
        assertEquals("200 application/json {\"id\":\"9\",\"displayName\":\"Item 9\",\"kind\":\"KIND_BOOK\","
                + "\"addedAt\":\"2026-01-01T00:00:00.005Z\",\"tags\":[\"new\",\"big\"]}",
                answer(post(GET_ITEM, "application/json; charset=utf-8", utf8("{\"id\":\"9\"}"))));
        byte[] two = utf8("{\"count\":1}");
        String streamed = answer(post(listItems, "application/connect+json", envelope(0, two, two.length)));
        assertTrue(streamed.startsWith("200 application/connect+json ") && streamed.contains("{\"id\":\"1\","
                + "\"displayName\":\"Item 1\",\"kind\":\"KIND_TOOL\"}") && streamed.endsWith("{}"), streamed);
    }

    @Test
    void grpcWebTextCarriesBase64Frames() throws Exception {
        // GetItemRequest{id: 5} (08 05) in a gRPC frame, base64: what grpc-web's text mode sends
        byte[] frame = ByteBuffer.allocate(7).put((byte) 0).putInt(2).put((byte) 8).put((byte) 5).array();
        HttpResponse<byte[]> r = post(GET_ITEM, "application/grpc-web-text",
                utf8(java.util.Base64.getEncoder().encodeToString(frame)), "x-grpc-web", "1");
        assertEquals("200 application/grpc-web-text", r.statusCode() + " " + r.headers().firstValue("content-type")
                .orElse("-"));
        // each frame is base64 on its own: the text is pieces that end where padding ends
        java.io.ByteArrayOutputStream decoded = new java.io.ByteArrayOutputStream();
        for (String piece : new String(r.body(), StandardCharsets.US_ASCII).split("(?<==)(?=[^=])")) {
            decoded.write(java.util.Base64.getDecoder().decode(piece));
        }
        ByteBuffer frames = ByteBuffer.wrap(decoded.toByteArray());
        assertEquals(0, frames.get());
        byte[] item = new byte[frames.getInt()];
        frames.get(item);
        ProtoSchema schema = ((GrpcServerNode) harness.server().engine().node("srv")).schema();
        assertEquals("{\"id\":\"5\",\"displayName\":\"Item 5\",\"kind\":\"KIND_BOOK\","
                + "\"addedAt\":\"2026-01-01T00:00:00.005Z\",\"tags\":[\"new\",\"big\"]}",
                ProtoJson.of(schema).print(DynamicMessage.parseFrom(schema.root().findMessageTypeByName("Item"), item)));
        assertEquals((byte) 0x80, frames.get()); // the trailers frame
        byte[] trailers = new byte[frames.getInt()];
        frames.get(trailers);
        assertTrue(new String(trailers, StandardCharsets.US_ASCII).contains("grpc-status:0"),
                new String(trailers, StandardCharsets.US_ASCII));
    }

    @Test
    void corsPreflightsAreAnsweredForTheAllowedOrigins() throws Exception {
        HttpRequest.Builder preflight = HttpRequest.newBuilder(URI.create(url(GET_ITEM)))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("access-control-request-method", "POST")
                .header("access-control-request-headers", "content-type, connect-protocol-version, x-trace");
        HttpResponse<String> allowed = HTTP.send(preflight.copy().header("origin", "http://app.example").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(204, allowed.statusCode());
        assertEquals("http://app.example", allowed.headers().firstValue("access-control-allow-origin").orElse(null));
        assertEquals("POST, GET", allowed.headers().firstValue("access-control-allow-methods").orElse(null));
        assertEquals("content-type, connect-protocol-version, connect-timeout-ms, connect-accept-encoding, "
                + "connect-content-encoding, grpc-timeout, x-grpc-web, x-user-agent, x-trace",
                allowed.headers().firstValue("access-control-allow-headers").orElse(null));
        assertEquals("7200", allowed.headers().firstValue("access-control-max-age").orElse(null));
        HttpResponse<String> other = HTTP.send(preflight.copy().header("origin", "http://evil.example").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(204, other.statusCode());
        assertEquals(null, other.headers().firstValue("access-control-allow-origin").orElse(null));
        // the call itself carries the allow-origin and the headers a page may read
        HttpResponse<byte[]> call = post(GET_ITEM, "application/json", utf8("{\"id\":\"1\"}"),
                "origin", "http://app.example");
        assertEquals(200, call.statusCode());
        assertEquals("http://app.example", call.headers().firstValue("access-control-allow-origin").orElse(null));
        assertEquals("grpc-status, grpc-message, grpc-status-details-bin, connect-content-encoding, "
                + "content-encoding, x-trace", call.headers().firstValue("access-control-expose-headers").orElse(null));
    }

    @Test
    void callTimersNameTheProtocol() throws Exception {
        post(GET_ITEM, "application/json", utf8("{\"id\":\"404\"}"));
        byte[] frame = ByteBuffer.allocate(7).put((byte) 0).putInt(2).put((byte) 8).put((byte) 5).array();
        post(GET_ITEM, "application/grpc-web+proto", frame, "x-grpc-web", "1");
        String metrics = harness.get("/metrics").body();
        for (String series : List.of(
                "redwire_grpc_calls_seconds_count{method=\"GetItem\",protocol=\"connect\",service=\"shop.v1.ItemService\","
                        + "side=\"server\",status=\"NOT_FOUND\"}",
                "redwire_grpc_calls_seconds_count{method=\"GetItem\",protocol=\"grpc-web\",service=\"shop.v1.ItemService\","
                        + "side=\"server\",status=\"OK\"}")) {
            assertTrue(metrics.lines().anyMatch(l -> l.startsWith(series + " ")), series + " in\n" + metrics);
        }
    }

    @Test
    void metadataOverTheLimitFailsAGrpcWebCallInItsOwnContentType(@TempDir Path tmp) throws Exception {
        Path frame = tmp.resolve("frame");
        Files.write(frame, ByteBuffer.allocate(7).put((byte) 0).putInt(2).put((byte) 8).put((byte) 5).array());
        String big = "x-big: " + "a".repeat(20_000);
        // HTTP/2: the call alone fails RESOURCE_EXHAUSTED, answered trailers-only in gRPC-Web's content type
        String h2 = run(List.of("curl", "-s", "-S", "--max-time", "30", "--http2-prior-knowledge", "-o", "/dev/null",
                "-D", "-", "-H", "content-type: application/grpc-web+proto", "-H", big, "--data-binary", "@" + frame,
                url(GET_ITEM)));
        assertTrue(h2.contains("content-type: application/grpc-web+proto") && h2.contains("grpc-status: 8")
                && h2.contains("grpc-message: request metadata is "), h2);
        // HTTP/1.1: Vert.x's request header limit (8 KB) answers first
        String h1 = run(List.of("curl", "-s", "-S", "--max-time", "30", "--http1.1", "-o", "/dev/null", "-w",
                "%{http_code}", "-H", "content-type: application/grpc-web+proto", "-H", big, "--data-binary",
                "@" + frame, url(GET_ITEM)));
        assertEquals("431", h1);
        assertEquals(200, post(GET_ITEM, "application/json", utf8("{\"id\":\"3\"}")).statusCode());
    }
}
