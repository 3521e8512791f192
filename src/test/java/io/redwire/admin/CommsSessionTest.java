package io.redwire.admin;

import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.web.PasswordHash;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A /comms socket opened with an adminAuth token ends with the token's session: at logout, or when it expires. */
class CommsSessionTest {
    private static String adminHash;

    @BeforeAll
    static void hash() {
        adminHash = PasswordHash.of("s3cret");
    }

    /** An admin user and an anonymous default user who may read (status.read included). */
    private static Settings settings(int sessionSeconds) {
        return AdminServer.settings("""
                {"adminAuth":{"type":"credentials","sessionExpiryTime":%d,"default":{"permissions":"read"},
                  "users":[{"username":"admin","password":"%s","permissions":"*"}]}}
                """.formatted(sessionSeconds, adminHash));
    }

    private static String login(AdminServer s) throws Exception {
        String body = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-editor", "grant_type",
                "password", "scope", "", "username", "admin", "password", "s3cret"))).body();
        return (String) ((Map<?, ?>) Json.parse(body)).get("access_token");
    }

    private static String withToken(AdminServer s, String token) {
        return s.wsUrl("/comms?access_token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
    }

    private static void inject(AdminServer s, String token) throws Exception {
        assertEquals(200, s.post("/inject/i1", "{}", "Authorization", "Bearer " + token).statusCode());
    }

    @Test
    void revokingATokenClosesTheSocketsItOpenedAndNoOthers() throws Exception {
        try (AdminServer s = new AdminServer(settings(604800), null)) {
            String admin = login(s);
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("x"), "Authorization", "Bearer " + admin)
                    .statusCode());
            try (CommsClient upgraded = new CommsClient(withToken(s, admin));
                 CommsClient byMessage = new CommsClient(s.wsUrl("/comms"));
                 CommsClient anonymous = new CommsClient(s.wsUrl("/comms"))) {
                byMessage.send("{\"auth\":\"" + admin + "\"}");
                assertEquals("{\"auth\":\"ok\"}", byMessage.nextBare(5));
                inject(s, admin);
                assertNotNull(upgraded.next("debug", 5));
                assertNotNull(byMessage.next("debug", 5));
                assertNotNull(anonymous.next("debug", 5));

                assertEquals(200, s.post("/auth/revoke", Json.stringify(Map.of("token", admin)),
                        "Authorization", "Bearer " + admin).statusCode());
                assertEquals(1008, upgraded.closedWith(5), "the socket opened with the revoked token");
                assertEquals(1008, byMessage.closedWith(5), "the socket that authenticated with it");
                String again = login(s);
                inject(s, again);
                assertNotNull(anonymous.next("debug", 5), "the anonymous reader's socket streams on");
                assertNull(upgraded.next("debug", 1));
            }
        }
    }

    @Test
    void aSocketClosesWhenItsTokenExpires() throws Exception {
        try (AdminServer s = new AdminServer(settings(4), null)) {
            assertEquals(204, s.post("/flows", FlowsApiTest.flows("x"), "Authorization", "Bearer " + login(s))
                    .statusCode());
            String admin = login(s); // a fresh 4 s session
            long t0 = System.nanoTime();
            try (CommsClient c = new CommsClient(withToken(s, admin))) {
                inject(s, admin);
                assertNotNull(c.next("debug", 5));
                assertEquals(1008, c.closedWith(15), "closed once its 4 s session expired");
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 3_000, "not before the session's end: " + ms + " ms");
            }
        }
    }
}
