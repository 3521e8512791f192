package io.redwire.admin;

import io.redwire.api.Settings;
import io.redwire.embed.Server;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** --admin-port: the admin API and editor move to their own port; the flows' port keeps only http-in routes. */
class AdminPortTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private int status(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void adminRoutesAndEditorLiveOnTheAdminPortOnly() throws Exception {
        Server server = new Server(Settings.defaults(), Path.of("protos"), null, true);
        try {
            int flowsPort = Harness.await(server.listen("127.0.0.1", 0));
            int adminPort = Harness.await(server.listenAdmin("127.0.0.1", 0));
            server.engine().routes().add("get", "/hello", ctx -> ctx.response().end("hi"));
            assertEquals(200, status(adminPort, "/flows"));
            assertEquals(200, status(adminPort, "/"));
            assertEquals(200, status(adminPort, "/editor/js/main.js"));
            assertEquals(404, status(adminPort, "/hello"));
            assertEquals(404, status(flowsPort, "/flows"));
            assertEquals(404, status(flowsPort, "/"));
            assertEquals(200, status(flowsPort, "/hello"));
            assertEquals(adminPort, server.adminPort());
        } finally {
            Harness.await(server.close());
        }
    }
}
