package io.redwire.admin;

import io.redwire.api.Settings;
import io.redwire.embed.Server;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Node-RED's /library admin API: the local library under {@code <userDir>/lib} in Node-RED's file layout, the
 * read-only examples served from the families' {@code examples/} resources, and the same requests answered with
 * the same statuses and shapes as Node-RED 5.0.7 answers them.
 */
class LibraryApiTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static Path userDir;
    private static Harness redwire;

    @BeforeAll
    static void start() throws Exception {
        userDir = Files.createTempDirectory("library-api");
        redwire = new Harness(new Server(Settings.defaults(), Path.of("protos"), null, false, userDir));
    }

    @AfterAll
    static void stop() {
        redwire.close();
    }

    private static HttpResponse<String> send(String base, String method, String path, String json)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        b = json == null ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.header("content-type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException closedWhileIdle) { // Node-RED closes idle keep-alive connections after 5 s
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return send(redwire.url(""), "GET", path, null);
    }

    private static HttpResponse<String> post(String path, String json) throws Exception {
        return send(redwire.url(""), "POST", path, json);
    }

    @Test
    void functionCodeIsKeptWithItsPropertiesAsNodeRedWritesIt() throws Exception {
        assertEquals(204, post("/library/local/functions/tools/double.js",
                "{\"name\":\"double\",\"outputs\":\"1\",\"info\":\"two\\nlines\",\"text\":\"msg.payload *= 2;\\nreturn msg;\"}")
                .statusCode());
        assertEquals("// name: double\n// outputs: 1\n// info: two\\nlines\nmsg.payload *= 2;\nreturn msg;",
                Files.readString(userDir.resolve("lib/functions/tools/double.js")));
        assertEquals(List.of("tools"), Json.parse(get("/library/local/functions/").body()));
        assertEquals(List.of(Map.of("name", "double", "outputs", "1", "info", "two\nlines", "fn", "double.js")),
                Json.parse(get("/library/local/functions/tools").body()));
        HttpResponse<String> entry = get("/library/local/functions/tools/double.js");
        assertEquals(200, entry.statusCode());
        assertTrue(entry.headers().firstValue("content-type").orElse("").startsWith("text/plain"));
        assertEquals("msg.payload *= 2;\nreturn msg;", entry.body());
    }

    @Test
    void aFlowIsSavedAsJsonAndFoundWithOrWithoutItsExtension() throws Exception {
        assertEquals(204, post("/library/local/flows/saved/my%20flow", "[{\"id\":\"a\",\"type\":\"inject\"}]")
                .statusCode());
        assertTrue(Files.isRegularFile(userDir.resolve("lib/flows/saved/my flow.json")));
        assertEquals(List.of(Map.of("fn", "my flow.json")), Json.parse(get("/library/local/flows/saved").body()));
        for (String path : List.of("/library/local/flows/saved/my%20flow", "/library/local/flows/saved/my%20flow.json")) {
            HttpResponse<String> r = get(path);
            assertEquals(200, r.statusCode(), path);
            assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("application/json"), path);
            assertEquals(List.of(Map.of("id", "a", "type", "inject")), Json.parse(r.body()), path);
        }
    }

    @Test
    void pathsThatLeaveTheLibraryAreRefusedAndNothingIsWritten() throws Exception {
        for (String path : List.of("a/..%2F..%2F..%2Fevil.js", "..%2Fevil.js", "a%5C..%5Cevil.js")) {
            HttpResponse<String> r = post("/library/local/functions/" + path, "{\"text\":\"x\"}");
            assertEquals(403, r.statusCode(), path + ": " + r.body());
            assertEquals("forbidden", ((Map<?, ?>) Json.parse(r.body())).get("code"));
        }
        assertFalse(Files.exists(userDir.resolve("evil.js")));
        assertFalse(Files.exists(userDir.resolve("lib/evil.js")));
        assertEquals(200, get("/library/local/flows/").statusCode()); // still serving
    }

    @Test
    void redwiresExamplesAreListedPerFamilyAndEachIsAFlow() throws Exception {
        assertEquals(List.of("redwire"), Json.parse(get("/library/examples/flows/").body()));
        @SuppressWarnings("unchecked")
        List<String> families = (List<String>) Json.parse(get("/library/examples/flows/redwire").body());
        assertTrue(families.containsAll(List.of("common", "grpc", "mqtt", "thrift")), families.toString());
        for (String family : families) {
            @SuppressWarnings("unchecked")
            List<Map<String, String>> flows = (List<Map<String, String>>) Json.parse(
                    get("/library/examples/flows/redwire/" + family).body());
            assertFalse(flows.isEmpty(), family);
            for (Map<String, String> f : flows) {
                String name = f.get("fn");
                HttpResponse<String> r = get("/library/examples/flows/redwire/" + family + "/"
                        + name.replace(" ", "%20").replace(",", "%2C"));
                assertEquals(200, r.statusCode(), family + "/" + name);
                assertTrue(Json.parse(r.body()) instanceof List<?> l && !l.isEmpty(), family + "/" + name);
            }
        }
        assertEquals(404, get("/library/examples/flows/redwire/nope").statusCode());
        assertEquals(400, post("/library/examples/flows/redwire/x", "[]").statusCode()); // read-only
    }

    @Test
    void theExampleOfTheCommonFamilyRuns() throws Exception {
        String flow = get("/library/examples/flows/redwire/common/Inject%2C%20change%2C%20debug").body();
        try (Harness h = new Harness().deploy(flow)) {
            assertEquals("Hello from an example flow", h.nextDebug(20).value());
        }
    }

    /** The same requests to Node-RED 5.0.7 and to Redwire: the same statuses, and the same answers where shared. */
    @Test
    void answersAsNodeRedDoes() throws Exception {
        try (NodeRedPeer nodeRed = NodeRedPeer.startWith("library-parity", "[]");
             Harness fresh = new Harness(new Server(Settings.defaults(), Path.of("protos"), null, false,
                     Files.createTempDirectory("library-parity-redwire")))) {
            String[][] steps = {
                {"POST", "/library/local/functions/p/f.js", "{\"name\":\"f\",\"outputs\":\"2\",\"text\":\"return msg;\"}"},
                {"GET", "/library/local/functions/", null},
                {"GET", "/library/local/functions/p", null},
                {"GET", "/library/local/functions/p/f.js", null},
                {"POST", "/library/local/flows/q/g", "[{\"id\":\"n1\",\"type\":\"debug\"}]"},
                {"GET", "/library/local/flows/q", null},
                {"GET", "/library/local/flows/q/g", null},
                {"GET", "/library/local/flows/nowhere/", null},
                {"GET", "/library/local/flows/missing", null},
                {"GET", "/library/nolib/flows/", null},
                {"GET", "/library/local/nope/", null},
                {"POST", "/library/local/functions/a/..%2F..%2F..%2Fevil.js", "{\"text\":\"x\"}"},
                {"GET", "/library/examples/flows/nope", null},
            };
            for (String[] s : steps) {
                HttpResponse<String> theirs;
                try {
                    theirs = send(nodeRed.url(""), s[0], s[1], s[2]);
                } catch (java.io.IOException e) {
                    throw new AssertionError(s[0] + " " + s[1] + " to Node-RED: " + e + "\n" + nodeRed.log(), e);
                }
                if (s[0].equals("POST")) {
                    Thread.sleep(1000); // Node-RED answers 204 before its write (temp file, then rename) is done
                }
                HttpResponse<String> ours = send(fresh.url(""), s[0], s[1], s[2]);
                String what = s[0] + " " + s[1];
                assertEquals(theirs.statusCode(), ours.statusCode(), what + ": " + theirs.body() + " vs " + ours.body());
                if (theirs.statusCode() == 200 && theirs.headers().firstValue("content-type").orElse("")
                        .startsWith("text/plain")) {
                    assertEquals(theirs.body(), ours.body(), what);
                } else if (theirs.statusCode() == 200) {
                    assertEquals(Json.parse(theirs.body()), Json.parse(ours.body()), what);
                } else if (theirs.statusCode() != 204) {
                    assertEquals(((Map<?, ?>) Json.parse(theirs.body())).get("code"),
                            ((Map<?, ?>) Json.parse(ours.body())).get("code"), what);
                }
            }
        }
    }
}
