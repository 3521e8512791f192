package io.redwire.admin;

import io.redwire.embed.Redwire;
import io.redwire.testing.TestCerts;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Node-RED's httpAdminRoot and https settings, from a settings.js as Node-RED users write them. */
class AdminRootAndHttpsTest {
    private static final String FLOWS = """
            [{"id":"t","type":"tab"},
             {"id":"h","z":"t","type":"http in","url":"/hello","method":"get","wires":[["c"]]},
             {"id":"c","z":"t","type":"change","rules":[{"t":"set","p":"payload","pt":"msg","to":"hi","tot":"str"}],"wires":[["r"]]},
             {"id":"r","z":"t","type":"http response","wires":[]}]""";
    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close();
    }

    @Test
    void adminApiAndEditorBelowTheAdminRootOverHttps() throws Exception {
        assumeTrue(TestCerts.opensslAvailable(), "needs openssl");
        Path dir = Files.createTempDirectory("redwire-https");
        TestCerts certs = TestCerts.create(dir);
        Files.writeString(dir.resolve("server.key"), certs.serverKey());
        Files.writeString(dir.resolve("server.pem"), certs.serverChain());
        Path settings = Files.writeString(dir.resolve("settings.js"), """
                const fs = require('fs');
                const path = require('path');
                module.exports = {
                    httpAdminRoot: '/admin',
                    https: {
                        key: fs.readFileSync(path.join(__dirname, 'server.key')),
                        cert: fs.readFileSync(path.join(__dirname, 'server.pem'))
                    }
                };
                """);
        WebClient client = WebClient.create(vertx, new WebClientOptions().setSsl(true).setFollowRedirects(false)
                .setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(certs.ca()))));
        try (Redwire redwire = Redwire.builder().flows(FLOWS).settings(settings).userDir(dir)
                .httpServer("127.0.0.1", 0).start().await()) {
            int port = redwire.port();
            HttpResponse<Buffer> flows = get(client, port, "/admin/flows");
            assertEquals(200, flows.statusCode());
            assertTrue(flows.bodyAsString().startsWith("[{\"id\":\"t\""), flows.bodyAsString());
            HttpResponse<Buffer> bare = get(client, port, "/admin");
            assertEquals(301, bare.statusCode());
            assertEquals("/admin/", bare.getHeader("location"));
            HttpResponse<Buffer> editor = get(client, port, "/admin/");
            assertEquals(200, editor.statusCode());
            assertTrue(editor.getHeader("content-type").startsWith("text/html"), editor.getHeader("content-type"));
            assertEquals(404, get(client, port, "/flows").statusCode(), "nothing of the admin API at /");
            assertEquals("hi", get(client, port, "/hello").bodyAsString(), "http in routes stay at httpNodeRoot");
        } finally {
            client.close();
        }
    }

    @Test
    void adminRootFalseLeavesOnlyTheFlows() throws Exception {
        WebClient client = WebClient.create(vertx);
        try (Redwire redwire = Redwire.builder().flows(FLOWS).settings(Map.of("httpAdminRoot", false))
                .userDir(Files.createTempDirectory("redwire-no-admin")).httpServer("127.0.0.1", 0).start().await()) {
            assertEquals(404, get(client, redwire.port(), "/flows").statusCode());
            assertEquals(404, get(client, redwire.port(), "/").statusCode());
            assertEquals("hi", get(client, redwire.port(), "/hello").bodyAsString());
        } finally {
            client.close();
        }
    }

    @Test
    void aMalformedHttpsSettingFailsTheStartNamingTheSetting() throws Exception {
        Throwable refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Redwire.builder()
                .flows(FLOWS).settings(Map.of("https", Map.of("key", "only a key")))
                .userDir(Files.createTempDirectory("redwire-bad-https")).httpServer("127.0.0.1", 0).start()
                .toCompletionStage().toCompletableFuture().get(20, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(refused.getMessage().contains("settings https: expected {key, cert}"), refused.getMessage());
    }

    private static HttpResponse<Buffer> get(WebClient client, int port, String path) {
        return client.get(port, "127.0.0.1", path).send().await();
    }
}
