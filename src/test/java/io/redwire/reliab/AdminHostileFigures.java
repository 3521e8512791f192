package io.redwire.reliab;

import io.redwire.admin.CommsClient;
import io.redwire.admin.FrozenProcessTest;
import io.redwire.msg.Json;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;
import io.redwire.web.PasswordHash;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Issue 21's admin-API figures for scripts/hostile.sh: a web page's cross-site deploy, requests sent while the
 * process is frozen, and a /comms socket after logout and after its session expires.
 */
final class AdminHostileFigures {
    private static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"kept"},
             {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"x","payloadType":"str",
              "wires":[["d1"]]},
             {"id":"d1","type":"debug","z":"t1","active":true,"wires":[]}]
            """;
    private static final String PAGE_FLOWS = """
            [{"id":"t9","type":"tab","label":"page"},
             {"id":"c9","type":"comment","z":"t9","name":"a page of another site was here","wires":[]}]
            """;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20)).build();
    private final BiConsumer<Boolean, String> figure;

    /** @param figure prints one PASS/FAIL line and counts failures */
    AdminHostileFigures(BiConsumer<Boolean, String> figure) {
        this.figure = figure;
    }

    /** What a page of another site can post to /flows without a preflight, on an engine without adminAuth. */
    void crossSiteDeploy(int port) throws Exception {
        int deployed = post(port, "application/json", FLOWS, null).statusCode();
        Map<String, Integer> answers = new LinkedHashMap<>();
        for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x"}) {
            answers.put(type.split(";")[0], post(port, type, PAGE_FLOWS, null).statusCode());
        }
        answers.put("JSON with Origin http://evil.example", post(port, "application/json", PAGE_FLOWS,
                "http://evil.example").statusCode());
        String flows = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        boolean kept = Json.parse(flows).equals(Json.parse(FLOWS));
        int own = post(port, "application/json", FLOWS, "http://127.0.0.1:" + port).statusCode();
        boolean refused = answers.values().stream().allMatch(s -> s == 400 || s == 403);
        figure.accept(deployed == 204 && refused && kept && own == 204, "cross-site POST /flows without adminAuth: "
                + answers + ", flows unchanged " + kept + "; same-origin JSON deploy " + own);
    }

    private HttpResponse<String> post(int port, String type, String body, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (origin != null) {
            b.header("Origin", origin);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** 8 keep-alive connections whose second requests are sent while the engine is stopped 20 s (keep-alive 5 s). */
    void frozenProcess(long pid, int port) throws Exception {
        int answered = FrozenProcessTest.answeredAfterFreeze(pid, port, 8, 5_000, 20_000);
        figure.accept(answered == 8, "requests sent on 8 keep-alive connections during a 20 s SIGSTOP (keep-alive"
                + " 5 s): " + answered + " of 8 answered after SIGCONT");
    }

    /** A /comms socket after its token is revoked, and after its session expires; an engine with adminAuth. */
    void commsAfterLogout() throws Exception {
        int port = Ports.free();
        Path dir = Files.createTempDirectory("redwire-hostile-comms");
        Path settings = dir.resolve("settings.json");
        Files.writeString(settings, """
                {"adminAuth":{"type":"credentials","sessionExpiryTime":3,
                  "users":[{"username":"admin","password":"%s","permissions":"*"}]}}
                """.formatted(PasswordHash.of("s3cret")));
        Files.writeString(dir.resolve("flows.json"), FLOWS);
        try (PeerProcess engine = PeerProcess.start("./redwire", "run", dir.resolve("flows.json").toString(),
                "--port", String.valueOf(port), "--user-dir", dir.resolve("user").toString(),
                "--settings", settings.toString())) {
            engine.awaitPort(port).awaitOutput("Started flows", 60);
            String token = login(port);
            long t0;
            Integer revoked;
            boolean streamed;
            try (CommsClient c = new CommsClient(commsUrl(port, token))) {
                inject(port, token);
                streamed = c.next("debug", 10) != null;
                t0 = System.nanoTime();
                http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/auth/revoke"))
                        .header("Authorization", "Bearer " + token).header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
                revoked = c.closedWith(10);
            }
            long revokedMs = (System.nanoTime() - t0) / 1_000_000;
            Integer expired;
            try (CommsClient c = new CommsClient(commsUrl(port, login(port)))) {
                t0 = System.nanoTime();
                expired = c.closedWith(20);
            }
            long expiredMs = (System.nanoTime() - t0) / 1_000_000;
            figure.accept(streamed && Integer.valueOf(1008).equals(revoked) && Integer.valueOf(1008).equals(expired),
                    "/comms socket after POST /auth/revoke: closed " + revoked + " in " + revokedMs + " ms; with a 3 s"
                            + " session: closed " + expired + " after " + expiredMs + " ms");
        }
    }

    private String login(int port) throws Exception {
        String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/auth/token"))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"client_id\":\"node-red-editor\",\"grant_type\":\"password\",\"scope\":\"\","
                                + "\"username\":\"admin\",\"password\":\"s3cret\"}")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return (String) ((Map<?, ?>) Json.parse(body)).get("access_token");
    }

    private void inject(int port, String token) throws Exception {
        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/inject/i1"))
                .header("Authorization", "Bearer " + token).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String commsUrl(int port, String token) {
        return "ws://127.0.0.1:" + port + "/comms?access_token=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
    }
}
