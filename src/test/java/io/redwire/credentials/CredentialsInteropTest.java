package io.redwire.credentials;

import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.embed.Server;
import io.redwire.msg.Json;
import io.redwire.runtime.Version;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;
import io.redwire.testing.Ports;

import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Credentials with the real Node-RED 5.0.7, both directions: a flow whose http request node authenticates with basic
 * auth (user "ada", password "s3cret") is deployed with its credentials in one program, and its flows.json +
 * flows_cred.json + secret are run by the other, whose request must authenticate against a real server. The
 * password never appears in the flows file, GET /flows or the credentials file.
 */
class CredentialsInteropTest {
    private static final String PASSWORD = "s3cret";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static HttpServer protectedServer;

    /** Answers 200 "welcome ada" to basic auth ada:s3cret, 401 otherwise. */
    @BeforeAll
    static void startProtectedServer() throws Exception {
        protectedServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String expected = "Basic " + Base64.getEncoder().encodeToString(("ada:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        protectedServer.createContext("/secret", ex -> {
            boolean ok = expected.equals(ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (ok ? "welcome ada" : "who are you").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(ok ? 200 : 401, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        protectedServer.start();
    }

    @AfterAll
    static void stopProtectedServer() {
        protectedServer.stop(0);
    }

    /** http in /go → http request (basic auth, credentials as the editor posts them) → http response. */
    private static String flowWithCredentials() {
        return """
                [{"id":"t1","type":"tab","label":"creds"},
                 {"id":"in1","type":"http in","z":"t1","name":"","url":"/go","method":"get","upload":false,
                  "swaggerDoc":"","x":100,"y":60,"wires":[["req1"]]},
                 {"id":"req1","type":"http request","z":"t1","name":"","method":"GET","ret":"txt",
                  "paytoqs":"ignore","url":"http://127.0.0.1:%d/secret","tls":"","persist":false,"proxy":"",
                  "insecureHTTPParser":false,"authType":"basic","senderr":false,"headers":[],"x":300,"y":60,
                  "wires":[["out1"]],"credentials":{"user":"ada","password":"%s"}},
                 {"id":"out1","type":"http response","z":"t1","name":"","statusCode":"","headers":{},"x":500,
                  "y":60,"wires":[]}]
                """.formatted(protectedServer.getAddress().getPort(), PASSWORD);
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return HTTP.send(b.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> postFlows(String base, String flows) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + "/flows")).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(flows)));
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(url)));
    }

    /** Node-RED answers a deploy before its flows have started: a new route is 404 for a moment. */
    private static HttpResponse<String> getOnceRouted(String url) throws Exception {
        HttpResponse<String> r = get(url);
        for (int i = 0; i < 100 && r.statusCode() == 404; i++) {
            Thread.sleep(100);
            r = get(url);
        }
        return r;
    }

    private static void writeNodeRedSettings(Path userDir, String secretLine) throws Exception {
        Files.writeString(userDir.resolve("settings.js"), """
                module.exports = {
                    uiHost: "127.0.0.1", flowFile: "flows.json", %s
                    telemetry: { enabled: false, updateNotification: false },
                    externalModules: { autoInstall: false }, editorTheme: { tours: false }
                };
                """.formatted(secretLine));
    }

    private static Server redwire(Path userDir, Settings settings) {
        Server s = new Server(settings, Path.of("protos"), new FlowFile(userDir.resolve("flows.json")), false,
                userDir);
        Harness.await(s.listen("127.0.0.1", 0));
        return s;
    }

    private static void assertNoSecretIn(Path file) throws Exception {
        assertFalse(Files.readString(file).contains(PASSWORD), file + " holds the password:\n"
                + Files.readString(file));
    }

    @Test
    void nodeRedsEncryptedCredentialsRunInRedwire(@TempDir Path userDir) throws Exception {
        writeNodeRedSettings(userDir, "credentialSecret: \"shared secret\",");
        try (NodeRedPeer nodeRed = NodeRedPeer.start(userDir, Ports.free(), null)) {
            assertEquals(204, postFlows(nodeRed.url(""), flowWithCredentials()).statusCode(), nodeRed.log());
            HttpResponse<String> viaNodeRed = getOnceRouted(nodeRed.url("/go"));
            assertEquals("welcome ada", viaNodeRed.body(), "Node-RED itself authenticates");
        }
        Map<?, ?> credFile = (Map<?, ?>) Json.parse(Files.readString(userDir.resolve("flows_cred.json")));
        assertTrue(CredentialCipher.isEncrypted(credFile), "Node-RED encrypted its file: " + credFile);

        Map<String, Object> s = new LinkedHashMap<>();
        s.put("credentialSecret", "shared secret");
        Server server = redwire(userDir, new Settings(s));
        try {
            Harness.await(server.deploy(new FlowFile(userDir.resolve("flows.json")).load(server.engine().log())));
            HttpResponse<String> viaRedwire = get("http://127.0.0.1:" + server.port() + "/go");
            assertEquals(200, viaRedwire.statusCode(), viaRedwire.body());
            assertEquals("welcome ada", viaRedwire.body());
            HttpResponse<String> flows = get("http://127.0.0.1:" + server.port() + "/flows");
            assertFalse(flows.body().contains(PASSWORD), flows.body());
            HttpResponse<String> described = get("http://127.0.0.1:" + server.port()
                    + "/credentials/http%20request/req1");
            assertTrue(described.body().contains("\"has_password\":true"), described.body());
            assertFalse(described.body().contains(PASSWORD), described.body());
        } finally {
            Harness.await(server.close());
        }

        // a different secret is reported, never read as "no credentials"
        Map<String, Object> wrong = new LinkedHashMap<>();
        wrong.put("credentialSecret", "not the secret");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> redwire(userDir, new Settings(wrong)));
        assertTrue(e.getMessage().contains("Failed to decrypt credentials")
                && e.getMessage().contains("flows_cred.json"), e.getMessage());
    }

    @Test
    void redwiresCredentialsWithAGeneratedSecretRunInNodeRed(@TempDir Path userDir) throws Exception {
        Server server = redwire(userDir, Settings.defaults()); // no credentialSecret: one is generated
        try {
            String base = "http://127.0.0.1:" + server.port();
            assertEquals(204, postFlows(base, flowWithCredentials()).statusCode());
            assertEquals("welcome ada", get(base + "/go").body(), "Redwire authenticates");
            assertFalse(get(base + "/flows").body().contains(PASSWORD));
        } finally {
            Harness.await(server.close());
        }
        assertNoSecretIn(userDir.resolve("flows.json"));
        assertNoSecretIn(userDir.resolve("flows_cred.json"));
        assertTrue(Files.readString(userDir.resolve(".config.runtime.json")).contains("_credentialSecret"));

        writeNodeRedSettings(userDir, ""); // Node-RED takes the generated secret from .config.runtime.json
        try (NodeRedPeer nodeRed = NodeRedPeer.start(userDir, Ports.free(), null)) {
            HttpResponse<String> viaNodeRed = getOnceRouted(nodeRed.url("/go"));
            assertEquals(200, viaNodeRed.statusCode(), viaNodeRed.body() + "\n" + nodeRed.log());
            assertEquals("welcome ada", viaNodeRed.body());
        }
    }
}
