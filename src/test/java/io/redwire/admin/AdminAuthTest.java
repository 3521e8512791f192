package io.redwire.admin;

import io.redwire.api.Settings;
import io.redwire.cli.HashPassword;
import io.redwire.msg.Json;
import io.redwire.web.PasswordHash;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdminAuthTest {
    private static String adminHash;
    private static String readerHash;

    @BeforeAll
    static void hashes() {
        adminHash = PasswordHash.of("s3cret");
        readerHash = PasswordHash.of("lookonly");
    }

    private static Settings settings(String extra) {
        return AdminServer.settings("""
                {"adminAuth":{"type":"credentials","users":[
                  {"username":"admin","password":"%s","permissions":"*"},
                  {"username":"reader","password":"%s","permissions":"read"}]%s}}
                """.formatted(adminHash, readerHash, extra));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(HttpResponse<String> r) throws Exception {
        return (Map<String, Object>) Json.parse(r.body());
    }

    private static String token(AdminServer s, String user, String password) throws Exception {
        HttpResponse<String> r = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-editor",
                "grant_type", "password", "scope", "", "username", user, "password", password)));
        assertEquals(200, r.statusCode(), r.body());
        Map<String, Object> body = object(r);
        assertEquals("Bearer", body.get("token_type"));
        assertEquals(604800, body.get("expires_in"));
        String token = (String) body.get("access_token");
        assertEquals(172, token.length());
        return token;
    }

    @Test
    void withoutATokenEveryAdminRouteAnswers401ButFlowRoutesAndTheEditorStayOpen() throws Exception {
        try (AdminServer s = new AdminServer(settings(""), null)) {
            s.server().engine().routes().add("get", "/hello", ctx -> ctx.response().end("open"));
            for (String path : new String[]{"/flows", "/flows/state", "/nodes", "/settings"}) {
                assertEquals(401, s.get(path).statusCode(), path);
            }
            assertEquals(401, s.post("/flows", "[]").statusCode());
            assertEquals(401, s.post("/inject/x", "{}").statusCode());
            assertEquals(401, s.post("/debug/x/enable", "").statusCode());
            assertEquals(401, s.get("/flows", "Authorization", "Bearer not-a-token").statusCode());
            assertEquals(401, s.get("/comms").statusCode(), "the websocket endpoint too");
            CompletionException refused = assertThrows(CompletionException.class, () -> HttpClient.newHttpClient()
                    .newWebSocketBuilder().buildAsync(URI.create(s.wsUrl("/comms")), new WebSocket.Listener() { })
                    .join());
            assertEquals(401, ((java.net.http.WebSocketHandshakeException) refused.getCause()).getResponse()
                    .statusCode());

            assertEquals("open", s.get("/hello").body(), "http-in routes are not admin routes");
            Map<String, Object> login = object(s.get("/auth/login"));
            assertEquals("credentials", login.get("type"));
            assertEquals(2, ((java.util.List<?>) login.get("prompts")).size());
        }
    }

    @Test
    void aWrongPasswordIsAnInvalidGrant() throws Exception {
        try (AdminServer s = new AdminServer(settings(""), null)) {
            HttpResponse<String> r = s.post("/auth/token", "client_id=node-red-admin&grant_type=password&scope=*"
                    + "&username=admin&password=wrong", "content-type", "application/x-www-form-urlencoded");
            assertEquals(403, r.statusCode());
            assertEquals(Map.of("error", "invalid_grant", "error_description", "Invalid resource owner credentials"),
                    object(r));
            HttpResponse<String> nobody = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-admin",
                    "grant_type", "password", "scope", "*", "username", "ghost", "password", "x")));
            assertEquals(403, nobody.statusCode());
            HttpResponse<String> client = s.post("/auth/token", Json.stringify(Map.of("client_id", "curl",
                    "grant_type", "password", "scope", "*", "username", "admin", "password", "s3cret")));
            assertEquals(401, client.statusCode());
            HttpResponse<String> beyond = s.post("/auth/token", Json.stringify(Map.of("client_id",
                    "node-red-admin", "grant_type", "password", "scope", "*", "username", "reader",
                    "password", "lookonly")));
            assertEquals(403, beyond.statusCode(), "a read user cannot ask for *");
        }
    }

    @Test
    void aReadTokenReadsButCannotDeployAndAFullTokenDeploysUntilRevoked() throws Exception {
        try (AdminServer s = new AdminServer(settings(""), null)) {
            HttpResponse<String> scoped = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-admin",
                    "grant_type", "password", "scope", "", "username", "reader", "password", "lookonly")));
            assertEquals(200, scoped.statusCode());
            String read = (String) object(scoped).get("access_token");
            assertEquals(200, s.get("/flows", "Authorization", "Bearer " + read).statusCode());
            HttpResponse<String> denied = s.post("/flows", "[]", "Authorization", "Bearer " + read);
            assertEquals(403, denied.statusCode());
            assertEquals("forbidden", object(denied).get("code"));
            assertEquals(403, s.post("/inject/x", "{}", "Authorization", "Bearer " + read).statusCode());
            Map<String, Object> settings = object(s.get("/settings", "Authorization", "Bearer " + read));
            assertEquals(Map.of("username", "reader", "permissions", "read"), settings.get("user"));

            String admin = token(s, "admin", "s3cret");
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("x"), "Authorization", "Bearer " + admin)
                    .statusCode());
            try (CommsClient c = new CommsClient(s.wsUrl("/comms?access_token="
                    + java.net.URLEncoder.encode(admin, java.nio.charset.StandardCharsets.UTF_8)))) {
                c.send("{\"auth\":\"" + admin + "\"}");
                assertEquals("{\"auth\":\"ok\"}", c.nextBare(5));
                assertEquals(200, s.post("/inject/i1", "{}", "Authorization", "Bearer " + admin).statusCode());
                assertNotNull(c.next("debug", 5));
            }
            assertEquals(200, s.post("/auth/revoke", Json.stringify(Map.of("token", admin)),
                    "Authorization", "Bearer " + admin).statusCode());
            assertEquals(401, s.get("/flows", "Authorization", "Bearer " + admin).statusCode());
        }
    }

    @Test
    void anAnonymousDefaultUserGetsItsPermissionsWithoutAToken() throws Exception {
        try (AdminServer s = new AdminServer(settings(",\"default\":{\"permissions\":\"read\"}"), null)) {
            assertEquals(200, s.get("/flows").statusCode());
            assertEquals(403, s.post("/flows", "[]").statusCode());
            assertEquals(Map.of("anonymous", true, "permissions", "read"), object(s.get("/settings")).get("user"));
            try (CommsClient c = new CommsClient(s.wsUrl("/comms"))) {
                assertNotNull(c);
            }
        }
    }

    @Test
    void repeatedFailuresThrottleTheClientAddressNotTheUserName() throws Exception {
        try (AdminServer s = new AdminServer(settings(""), null)) {
            // an attacker on 127.0.0.2 guesses six times
            for (int i = 0; i < 6; i++) {
                assertTrue(tokenFrom(s, "127.0.0.2", "admin", "bad" + i).startsWith("HTTP/1.1 403"));
            }
            String throttled = tokenFrom(s, "127.0.0.2", "admin", "s3cret");
            assertTrue(throttled.startsWith("HTTP/1.1 403") && throttled.contains("Too many login attempts"),
                    throttled);
            token(s, "admin", "s3cret"); // the admin on another address is not locked out
            token(s, "reader", "lookonly");
        }
    }

    /** POST /auth/token over a socket bound to {@code from} (any 127.x address is local on Linux). */
    private static String tokenFrom(AdminServer s, String from, String user, String password) throws Exception {
        String body = Json.stringify(Map.of("client_id", "node-red-admin", "grant_type", "password", "scope", "*",
                "username", user, "password", password));
        try (java.net.Socket sock = new java.net.Socket()) {
            sock.bind(new java.net.InetSocketAddress(from, 0));
            sock.connect(new java.net.InetSocketAddress("127.0.0.1", s.server().port()), 5000);
            sock.setSoTimeout(20_000);
            byte[] b = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            sock.getOutputStream().write(("POST /auth/token HTTP/1.1\r\nhost: x\r\nconnection: close\r\n"
                    + "content-type: application/json\r\ncontent-length: " + b.length + "\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            sock.getOutputStream().write(b);
            return new String(sock.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void malformedAdminAuthIsRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdminAuth.from(
                AdminServer.settings("{\"adminAuth\":{\"type\":\"credentials\",\"users\":[{\"username\":\"a\","
                        + "\"password\":\"plain\",\"permissions\":\"*\"}]}}")));
        assertTrue(e.getMessage().contains("bcrypt"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AdminAuth.from(
                AdminServer.settings("{\"adminAuth\":{\"type\":\"strategy\"}}")));
    }

    @Test
    void permissionsFollowNodeRedsScopes() {
        assertTrue(Permissions.allows("*", "flows.write"));
        assertTrue(Permissions.allows("read", "flows.read"));
        assertTrue(!Permissions.allows("read", "flows.write"));
        assertTrue(Permissions.allows("*.write", "inject.write"));
        assertTrue(Permissions.allows(java.util.List.of("flows.read", "inject.write"), "inject.write"));
        assertTrue(!Permissions.allows("flows.read", "nodes.read"));
    }

    @Test
    void hashPwPrintsAHashTheLoginAccepts() {
        var out = new java.io.ByteArrayOutputStream();
        int rc = io.redwire.cli.HashPassword.run(new java.io.ByteArrayInputStream("pa55word\n".getBytes()),
                new java.io.PrintStream(out, true), System.err);
        assertEquals(0, rc);
        String hash = out.toString().trim();
        assertTrue(hash.startsWith("$2b$10$"), hash);
        assertTrue(at.favre.lib.crypto.bcrypt.BCrypt.verifyer().verify("pa55word".toCharArray(), hash).verified);
    }
}
