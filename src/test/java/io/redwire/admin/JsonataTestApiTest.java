package io.redwire.admin;

import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSONata editor's test panel: the runtime's engine evaluates an expression against an example msg. */
class JsonataTestApiTest {
    @Test
    void anExpressionIsEvaluatedAgainstTheExampleMessage() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals("{\"result\":42}", answer(s, "payload.a * 2", Map.of("payload", Map.of("a", 21))));
            assertEquals("{\"result\":[\"x\",\"y\"]}", answer(s, "$split(topic, ',')", Map.of("topic", "x,y")));
            assertEquals("{\"undefined\":true}", answer(s, "nothing.here", Map.of()));
        }
    }

    @Test
    void aBadExpressionOrRequestIsAClearErrorAndTheServerKeepsServing() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> bad = s.post("/redwire/jsonata", Json.stringify(Map.of("expression", "payload +",
                    "msg", Map.of())), "content-type", "application/json");
            assertEquals(400, bad.statusCode(), bad.body());
            Map<?, ?> body = (Map<?, ?>) Json.parse(bad.body());
            assertEquals("invalid_expression", body.get("code"));
            assertTrue(String.valueOf(body.get("message")).contains("JSONata"), bad.body());
            HttpResponse<String> noExpression = s.post("/redwire/jsonata", "{\"msg\":{}}",
                    "content-type", "application/json");
            assertEquals(400, noExpression.statusCode());
            assertEquals("invalid_request", ((Map<?, ?>) Json.parse(noExpression.body())).get("code"));
            assertEquals("{\"result\":3}", answer(s, "1 + 2", Map.of()));
        }
    }

    private static String answer(AdminServer s, String expression, Map<String, Object> msg) throws Exception {
        HttpResponse<String> r = s.post("/redwire/jsonata", Json.stringify(Map.of("expression", expression, "msg", msg)),
                "content-type", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        return Json.stringify(Json.parse(r.body()));
    }
}
