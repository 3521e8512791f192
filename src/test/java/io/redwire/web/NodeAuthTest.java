package io.redwire.web;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.redwire.api.Settings;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Node-RED's httpNodeAuth on a real server: basic auth with a bcrypt hash in front of http in routes only. */
class NodeAuthTest {
    private static final String FLOW = """
            [{"id":"t","type":"tab","label":"t"},
             {"id":"in","type":"http in","z":"t","url":"/hello","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"hi","tot":"str"}],
              "x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
            """;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static HttpResponse<String> get(Harness h, String path, String method, String userPass) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.url(path))).method(method,
                HttpRequest.BodyPublishers.noBody());
        if (userPass != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    userPass.getBytes(StandardCharsets.UTF_8)));
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void httpInRoutesNeedTheUserAndPasswordTheAdminApiDoesNot() throws Exception {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("httpNodeAuth", Map.of("user", "ada",
                "pass", BCrypt.with(BCrypt.Version.VERSION_2A).hashToString(8, "s3cret".toCharArray())));
        try (Harness h = new Harness(new Settings(values))) {
            h.deploy(FLOW);
            HttpResponse<String> none = get(h, "/hello", "GET", null);
            assertEquals(401, none.statusCode());
            assertEquals("Basic realm=\"Authorization Required\"",
                    none.headers().firstValue("www-authenticate").orElse(""));
            assertEquals("Unauthorized", none.body());
            assertEquals(401, get(h, "/hello", "GET", "ada:wrong").statusCode());
            assertEquals(401, get(h, "/hello", "GET", "bob:s3cret").statusCode());
            HttpResponse<String> ok = get(h, "/hello", "GET", "ada:s3cret");
            assertEquals(200, ok.statusCode(), ok.body());
            assertEquals("hi", ok.body());
            assertEquals("hi", get(h, "/hello", "GET", "ada:s3cret").body(), "the remembered password");
            assertEquals(401, get(h, "/hello", "GET", "ada:s3cret2").statusCode());
            assertEquals(401, get(h, "/nothing", "GET", null).statusCode(), "the 404 is behind it too, as in Node-RED");
            assertTrue(get(h, "/hello", "OPTIONS", null).statusCode() != 401, "OPTIONS passes (CORS preflight)");
            assertEquals(200, get(h, "/flows", "GET", null).statusCode(), "the admin API has its own adminAuth");
            assertTrue(h.server().engine().settings().problems().stream().noneMatch(p -> p.contains("httpNodeAuth")));
        }
    }
}
