package io.redwire.nodes.grpc;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        String out = run(List.of(node, RESOURCES.resolve("client.cjs").toString(), dir.toString(),
                "http://127.0.0.1:" + port, descriptors.toString()));
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
}
