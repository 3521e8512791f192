package io.redwire.reliab;

import io.redwire.msg.Json;
import io.redwire.testing.Ports;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Connect figure for scripts/hostile.sh (connectBadRequests), on the engine HostileFigures started: the items
 * service of ConnectInteropTest gets rounds of bad Connect requests (bad JSON, a field of the wrong type, a wrong
 * content type, an envelope with unknown flags, one cut short, one declaring 64 MB, a body cut off by a closed
 * socket) with a good call after each round; every bad one must get its Connect error and every good one its item.
 */
final class ConnectHostileFigures {
    private static final String GET_ITEM = "/shop.v1.ItemService/GetItem";
    private static final String LIST_ITEMS = "/shop.v1.ItemService/ListItems";

    private final HostileFigures engine;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20)).build();

    ConnectHostileFigures(HostileFigures engine) {
        this.engine = engine;
    }

    /** A bad request, what it sends and the answer it must get (status and a piece of the body). */
    private record Bad(String name, String path, String contentType, byte[] body, int status, String expected) {
    }

    void badRequests(int rounds) throws Exception {
        int port = Ports.free();
        String proto;
        String flow;
        try (InputStream p = getClass().getResourceAsStream("/connect/items.proto");
             InputStream f = getClass().getResourceAsStream("/connect/items-flow.json")) {
            proto = new String(p.readAllBytes(), StandardCharsets.UTF_8);
            flow = new String(f.readAllBytes(), StandardCharsets.UTF_8);
        }
        HttpResponse<String> deployed = engine.deploy(flow.replace("\"PROTO\"", Json.stringify(proto))
                .replace("\"port\":\"0\"", "\"port\":\"" + port + "\""));
        if (deployed.statusCode() / 100 != 2) {
            throw new IllegalStateException("deploy failed: " + deployed.statusCode() + " " + deployed.body());
        }
        List<Bad> bad = List.of(
                new Bad("bad JSON", GET_ITEM, "application/json", utf8("{\"id\":"), 400, "\"invalid_argument\""),
                new Bad("wrong field type", GET_ITEM, "application/json", utf8("{\"id\":{}}"), 400, "field 'id'"),
                new Bad("wrong content type", GET_ITEM, "text/xml", utf8("<id/>"), 415, "\"invalid_argument\""),
                new Bad("unknown envelope flags", LIST_ITEMS, "application/connect+json", envelope(0x40, utf8("{}"), 2),
                        200, "invalid envelope flags 64"),
                new Bad("envelope cut short", LIST_ITEMS, "application/connect+json", envelope(0, utf8("{"), 9), 200,
                        "ends inside an envelope"),
                new Bad("envelope declaring 64 MB", LIST_ITEMS, "application/connect+proto",
                        envelope(0, new byte[0], 64 << 20), 200, "\"resource_exhausted\""));
        Map<String, Integer> answered = new TreeMap<>();
        int wrong = 0;
        int good = 0;
        String firstWrong = null;
        for (int round = 0; round < rounds; round++) {
            for (Bad b : bad) {
                HttpResponse<String> r = post(port, b.path(), b.contentType(), b.body());
                if (r.statusCode() == b.status() && r.body().contains(b.expected())) {
                    answered.merge(b.name(), 1, Integer::sum);
                } else if (wrong++ == 0) {
                    firstWrong = b.name() + ": " + r.statusCode() + " " + r.body();
                }
            }
            halfSentBody(port);
            HttpResponse<String> item = post(port, GET_ITEM, "application/json", utf8("{\"id\":\"" + round + "\"}"));
            if (item.statusCode() == 200 && item.body().contains("\"displayName\":\"Item " + round + "\"")) {
                good++;
            }
        }
        engine.figure(wrong == 0 && good == rounds, "Connect, " + rounds + " rounds of bad requests on one "
                + "grpc-server, each round also a body cut off by a closed socket, then a good GetItem: answered as "
                + "expected " + answered + (firstWrong == null ? "" : ", wrong " + wrong + " (first: " + firstWrong
                + ")") + ", good calls " + good + " of " + rounds);
    }

    /** A POST that announces 1000 bytes, sends 10 and closes the socket. */
    private static void halfSentBody(int port) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port); OutputStream out = s.getOutputStream()) {
            out.write(("POST " + GET_ITEM + " HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
                    + "content-length: 1000\r\n\r\n{\"id\":\"12").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private HttpResponse<String> post(int port, String path, String contentType, byte[] body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] envelope(int flags, byte[] payload, int length) {
        return ByteBuffer.allocate(5 + payload.length).put((byte) flags).putInt(length).put(payload).array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
