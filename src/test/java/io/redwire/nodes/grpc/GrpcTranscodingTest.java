package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.testing.ByteMarshaller;
import io.redwire.testing.Harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.Timestamp;
import com.google.protobuf.util.Timestamps;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * flows/grpc-every-way.json's REST routes (protos/everyway/library.proto's google.api.http rules) called with curl.
 * Each JSON answer is checked field by field against the same call made over gRPC, whose request is encoded and
 * whose binary answer is decoded by protoc (--encode / --decode): lowerCamel names, 64-bit integers as strings,
 * enums by name, Timestamps as RFC 3339.
 */
class GrpcTranscodingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ProtoSchema SCHEMA = ProtoCompiler.compileFile(Path.of("protos"), "everyway/library.proto");
    @TempDir
    static Path tmp;
    private static Harness harness;
    private static int port;
    private static Path includes;

    @BeforeAll
    static void deploy() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed");
        String flow = Files.readString(Path.of("flows/grpc-every-way.json")).replace("\"port\": \"5003\"",
                "\"port\": \"0\"");
        harness = new Harness().deploy(flow);
        port = ((GrpcServerNode) harness.server().engine().node("ew-srv")).port();
        includes = protocIncludes();
    }

    @AfterAll
    static void close() {
        if (harness != null) {
            harness.close();
        }
    }

    // ---- the acceptance cases -----------------------------------------------------------------------------------

    @Test
    void getWithPathVariablesAnswersTheMessageAsGrpcDoes() throws Exception {
        Curl r = curl("http://127.0.0.1:" + port + "/v1/shelves/7/books/1");
        assertEquals(200, r.status, r.body);
        assertSameMessage(grpc("GetBook", "GetBookRequest", "name: \"shelves/7/books/1\"", "Book"), r.body);
        assertTrue(r.body.contains("\"pages\":\"9007199254740993\""), r.body); // int64 as a string, not rounded
        assertTrue(r.body.contains("\"published\":\"2023-11-14T22:13:20.500Z\""), r.body);
    }

    @Test
    void getWithQueryParametersSetsScalarsRepeatedEnumsAndNestedFields() throws Exception {
        Curl r = curl("http://127.0.0.1:" + port
                + "/v1/shelves/7/books?page_size=2&tags=old&tags=rare&genre=FICTION&filter.author=Grace%20Hopper");
        assertEquals(200, r.status, r.body);
        assertSameMessage(grpc("ListBooks", "ListBooksRequest", "parent: \"shelves/7\" page_size: 2 tags: \"old\" "
                + "tags: \"rare\" genre: FICTION filter { author: \"Grace Hopper\" }", "ListBooksResponse"), r.body);
        JsonNode first = JSON.readTree(r.body).get("books").get(0);
        assertEquals("[\"old\",\"rare\"]", first.get("tags").toString());
        assertEquals("FICTION", first.get("genre").asText());
        assertEquals("Grace Hopper", first.get("author").get("displayName").asText());
    }

    @Test
    void additionalBindingTakesTheFieldFromTheQuery() throws Exception {
        Curl r = curl("http://127.0.0.1:" + port + "/v1/books?parent=shelves/9&page_size=1");
        assertEquals(200, r.status, r.body);
        assertSameMessage(grpc("ListBooks", "ListBooksRequest", "parent: \"shelves/9\" page_size: 1",
                "ListBooksResponse"), r.body);
    }

    @Test
    void postWithBodyStarAndWithABodyField() throws Exception {
        Curl patch = curl("-X", "PATCH", "-H", "content-type: application/json", "-d",
                "{\"title\":\"dune\",\"pages\":\"412\",\"genre\":\"FICTION\"}",
                "http://127.0.0.1:" + port + "/v1/shelves/7/books/3");
        assertEquals(200, patch.status, patch.body);
        assertSameMessage(grpc("UpdateBook", "Book", "name: \"shelves/7/books/3\" title: \"dune\" pages: 412 "
                + "genre: FICTION", "Book"), patch.body);
        Curl post = curl("-X", "POST", "-H", "content-type: application/json", "-d",
                "{\"title\":\"Dune Messiah\",\"tags\":[\"sf\"]}", "http://127.0.0.1:" + port + "/v1/shelves/7/books");
        assertEquals(200, post.status, post.body);
        assertSameMessage(grpc("CreateBook", "CreateBookRequest",
                "parent: \"shelves/7\" book { title: \"Dune Messiah\" tags: \"sf\" }", "Book"), post.body);
    }

    @Test
    void unannotatedMethodIsPostedAtItsFullNameAsConnectJson() throws Exception {
        Curl r = curl("-H", "content-type: application/json", "-d", "{\"message\":\"hi\"}",
                "http://127.0.0.1:" + port + "/library.v1.Library/Ping");
        assertEquals(200, r.status, r.body);
        assertEquals("{\"message\":\"pong hi\"}", r.body);
    }

    @Test
    void responseBodyAnswersOneFieldAndAServerStreamAnArray() throws Exception {
        Curl title = curl("http://127.0.0.1:" + port + "/v1/shelves/7/books/5:title");
        assertEquals(200, title.status, title.body);
        assertEquals("\"Title 5\"", title.body);
        Curl watch = curl("http://127.0.0.1:" + port + "/v1/shelves/7:watch");
        assertEquals(200, watch.status, watch.body);
        JsonNode books = JSON.readTree(watch.body);
        assertEquals(3, books.size(), watch.body);
        assertEquals("shelves/7/books/3", books.get(2).get("name").asText());
    }

    @Test
    void aBadJsonBodyIs400NamingTheFieldAndTheServerKeepsServing() throws Exception {
        Curl bad = curl("-X", "PATCH", "-H", "content-type: application/json", "-d", "{\"title\":\"x\",\"pages\":\"many\"}",
                "http://127.0.0.1:" + port + "/v1/shelves/7/books/3");
        assertEquals(400, bad.status, bad.body);
        JsonNode error = JSON.readTree(bad.body);
        assertEquals("invalid_argument", error.get("code").asText(), bad.body);
        assertTrue(error.get("message").asText().contains("'pages'"), bad.body);
        Curl unknown = curl("http://127.0.0.1:" + port + "/v1/books?parent=shelves/1&colour=red");
        assertEquals(400, unknown.status, unknown.body);
        assertTrue(unknown.body.contains("colour"), unknown.body);
        Curl notJson = curl("-X", "POST", "-H", "content-type: application/json", "-d", "{\"title\":",
                "http://127.0.0.1:" + port + "/v1/shelves/7/books");
        assertEquals(400, notJson.status, notJson.body);
        assertEquals("invalid_argument", JSON.readTree(notJson.body).get("code").asText());
        assertEquals(200, curl("http://127.0.0.1:" + port + "/v1/shelves/7/books/1").status);
    }

    @Test
    void transcodedCallsAreTimedWithProtocolHttp() throws Exception {
        assertEquals(200, curl("http://127.0.0.1:" + port + "/v1/shelves/3/books/2").status);
        String metrics = harness.get("/metrics").body();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("redwire_grpc_calls_seconds_count{")
                && l.contains("method=\"GetBook\"") && l.contains("protocol=\"http\"")
                && l.contains("status=\"OK\"")), metrics);
    }

    @Test
    void aRuleThatCannotBeServedRefusesTheDeployNamingIt() {
        String proto = "syntax = \"proto3\"; package t; import \"google/api/annotations.proto\";"
                + " message M { string a = 1; }"
                + " service S { rpc Get(M) returns (M) { option (google.api.http) = { get: \"/v1/{a\" }; } }";
        String flow = "[{\"id\":\"bad\",\"type\":\"grpc-server\",\"port\":\"0\",\"server\":\"127.0.0.1\","
                + "\"localServer\":true,\"protoFile\":" + JSON.valueToTree(proto) + "}]";
        try (Harness h = new Harness()) {
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> h.deploy(flow));
            assertTrue(e.getMessage().contains("google.api.http rule of t.S/Get: unclosed '{' in path template /v1/{a"),
                    e.getMessage());
        }
    }

    @Test
    void unknownRoutesAre404AndStatusesMapToHttp() throws Exception {
        Curl none = curl("http://127.0.0.1:" + port + "/v2/nothing");
        assertEquals(404, none.status, none.body);
        assertEquals("not_found", JSON.readTree(none.body).get("code").asText());
        Curl wrongMethod = curl("-X", "DELETE", "http://127.0.0.1:" + port + "/v1/shelves/7/books/1");
        assertEquals(404, wrongMethod.status, wrongMethod.body);
        Curl missing = curl("http://127.0.0.1:" + port + "/v1/shelves/7/books/404");
        assertEquals(404, missing.status, missing.body);
        assertEquals("not_found", JSON.readTree(missing.body).get("code").asText(), missing.body);
        assertEquals("no book shelves/7/books/404", JSON.readTree(missing.body).get("message").asText());
        assertEquals(200, curl("http://127.0.0.1:" + port + "/v1/shelves/7/books/1").status);
    }

    // ---- curl, protoc and the field-by-field comparison -----------------------------------------------------

    private record Curl(int status, String body) {
    }

    private static Curl curl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("curl", "-sS", "--max-time", "20", "-w", "\n%{http_code}"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        int nl = out.lastIndexOf('\n');
        return new Curl(Integer.parseInt(out.substring(nl + 1).trim()), out.substring(0, nl));
    }

    /** The gRPC answer to a request given in text format, as protoc decodes it (text format) and then parsed. */
    private static DynamicMessage grpc(String method, String requestType, String requestText, String responseType)
            throws Exception {
        byte[] request = protoc("--encode=library.v1." + requestType, requestText.getBytes(StandardCharsets.UTF_8));
        MethodDescriptor.MethodType kind = MethodDescriptor.MethodType.UNARY;
        MethodDescriptor<byte[], byte[]> md = MethodDescriptor.<byte[], byte[]>newBuilder().setType(kind)
                .setFullMethodName("library.v1.Library/" + method).setRequestMarshaller(new ByteMarshaller())
                .setResponseMarshaller(new ByteMarshaller()).build();
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        byte[] answer;
        try {
            answer = ClientCalls.blockingUnaryCall(ch, md, CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS),
                    request);
        } finally {
            ch.shutdownNow();
        }
        String decoded = new String(protoc("--decode=library.v1." + responseType, answer), StandardCharsets.UTF_8);
        Descriptor type = SCHEMA.root().findMessageTypeByName(responseType);
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        TextFormat.getParser().merge(decoded, b);
        return b.build();
    }

    private static byte[] protoc(String mode, byte[] input) throws Exception {
        Process p = new ProcessBuilder("protoc", mode, "-I", Path.of("protos").toAbsolutePath().toString(), "-I",
                includes.toString(), "everyway/library.proto").start();
        p.getOutputStream().write(input);
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "protoc " + mode + ": " + err);
        return out;
    }

    /** google/api and google/protobuf .proto files from the classpath jars, for protoc's imports. */
    private static Path protocIncludes() throws Exception {
        Path dir = tmp.resolve("include");
        for (String f : List.of("google/api/annotations.proto", "google/api/http.proto",
                "google/protobuf/descriptor.proto", "google/protobuf/timestamp.proto")) {
            try (InputStream in = GrpcTranscodingTest.class.getClassLoader().getResourceAsStream(f)) {
                Files.createDirectories(dir.resolve(f).getParent());
                Files.write(dir.resolve(f), in.readAllBytes());
            }
        }
        return dir;
    }

    /** The JSON holds exactly the message's set fields, each in the canonical JSON form of its value. */
    private static void assertSameMessage(Message expected, String json) throws Exception {
        assertSameMessage(expected, JSON.readTree(json), "");
    }

    private static void assertSameMessage(Message expected, JsonNode actual, String path) throws Exception {
        if (expected.getDescriptorForType().getFullName().equals("google.protobuf.Timestamp")) {
            assertEquals(Timestamps.toString(Timestamp.parseFrom(expected.toByteString())), actual.asText(), path);
            return;
        }
        assertTrue(actual.isObject(), path + " is no object: " + actual);
        Map<FieldDescriptor, Object> fields = expected.getAllFields();
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        assertEquals(fields.keySet().stream().map(FieldDescriptor::getJsonName).sorted().toList(),
                names.stream().sorted().toList(), "fields of " + path + ": " + actual);
        for (Map.Entry<FieldDescriptor, Object> e : fields.entrySet()) {
            FieldDescriptor f = e.getKey();
            JsonNode v = actual.get(f.getJsonName());
            String at = path + "." + f.getJsonName();
            if (f.isRepeated()) {
                List<?> values = (List<?>) e.getValue();
                assertEquals(values.size(), v.size(), at);
                for (int i = 0; i < values.size(); i++) {
                    assertSameValue(f, values.get(i), v.get(i), at + "[" + i + "]");
                }
            } else {
                assertSameValue(f, e.getValue(), v, at);
            }
        }
    }

    private static void assertSameValue(FieldDescriptor f, Object expected, JsonNode actual, String at)
            throws Exception {
        switch (f.getJavaType()) {
            case MESSAGE -> assertSameMessage((Message) expected, actual, at);
            case LONG -> {
                assertTrue(actual.isTextual(), at + ": 64-bit integers are JSON strings, got " + actual);
                assertEquals(String.valueOf(expected), actual.asText(), at);
            }
            case ENUM -> assertEquals(((com.google.protobuf.Descriptors.EnumValueDescriptor) expected).getName(),
                    actual.asText(), at);
            case STRING -> assertEquals(expected, actual.asText(), at);
            case INT -> assertEquals(((Number) expected).intValue(), actual.intValue(), at);
            default -> fail(at + ": no comparison for " + f.getJavaType());
        }
    }
}
