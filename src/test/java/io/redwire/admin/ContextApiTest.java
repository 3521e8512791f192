package io.redwire.admin;

import io.redwire.msg.Json;
import io.redwire.web.PasswordHash;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The admin context API answers as Node-RED 5.0.7 does for the same flow (its answers were taken from the real
 * Node-RED with this flow and are the expected values here).
 */
public class ContextApiTest {
    /** A function node fills node, flow and global context once at start, then reports through a debug node. */
    public static final String FLOW = """
            [{"id":"t1","type":"tab","label":"Flow 1"},
             {"id":"i1","type":"inject","z":"t1","once":true,"onceDelay":0.1,"repeat":"","payload":"",
              "payloadType":"date","props":[{"p":"payload"}],"x":100,"y":80,"wires":[["f1"]]},
             {"id":"f1","type":"function","z":"t1","outputs":1,"x":260,"y":80,"wires":[["d1"]],
              "func":"context.set('count',3);context.set('s','hello');flow.set('obj',{a:1,b:[1,2]});global.set('arr',[1,'x']);global.set('buf',Buffer.from('hi'));global.set('n',null);return msg;"},
             {"id":"d1","type":"debug","z":"t1","active":true,"complete":"false","x":420,"y":80,"wires":[]}]
            """;

    private static Object body(HttpResponse<String> r) throws Exception {
        return Json.parse(r.body());
    }

    private static void deployAndWait(AdminServer s) throws Exception {
        assumeTrue(s.server().engine().registry().has("function"));
        assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", FLOW).statusCode());
        assertNotNull(s.nextDebug(10), "the function node ran");
    }

    @Test
    void scopesKeysAndDeletesAnswerLikeNodeRed() throws Exception {
        try (AdminServer s = new AdminServer()) {
            deployAndWait(s);
            assertEquals(Map.of("memory", Map.of(
                    "arr", Map.of("msg", "[1,\"x\"]", "format", "array[2]"),
                    "buf", Map.of("msg", "6869", "format", "buffer[2]"),
                    "n", Map.of("msg", "(undefined)", "format", "null"))), body(s.get("/context/global")));
            assertEquals("{\"memory\":{\"obj\":{\"msg\":\"{\\\"a\\\":1,\\\"b\\\":[1,2]}\",\"format\":\"Object\"}}}",
                    s.get("/context/flow/t1").body(), "the same bytes as Node-RED");
            assertEquals("{\"memory\":{\"count\":{\"msg\":\"3\",\"format\":\"number\"},"
                    + "\"s\":{\"msg\":\"hello\",\"format\":\"string[5]\"}}}", s.get("/context/node/f1").body());
            assertEquals("{\"msg\":\"3\",\"format\":\"number\"}", s.get("/context/node/f1/count").body());
            assertEquals(Map.of("msg", "[1,2]", "format", "array[2]"), body(s.get("/context/flow/t1/obj.b")));
            assertEquals(Map.of("msg", "(undefined)", "format", "undefined"), body(s.get("/context/global/missing")));
            assertEquals(Map.of("memory", Map.of("keys", List.of(Map.of("key", "count"), Map.of("key", "s")))),
                    body(s.get("/context/node/f1?keysOnly")));
            assertEquals(body(s.get("/context/global")), body(s.get("/context/global?store=memory")));
            HttpResponse<String> unknownStore = s.get("/context/global?store=nope");
            assertEquals(404, unknownStore.statusCode());
            assertEquals(Map.of("code", "not_found", "message", "Error"), body(unknownStore));
            assertEquals(Map.of("memory", Map.of()), body(s.get("/context/flow/nonexist")));
            assertEquals(Map.of(), body(s.get("/context/node/nonexist")));
            assertEquals(Map.of(), body(s.get("/context/node/nonexist/x")));

            assertEquals(204, s.send("DELETE", "/context/node/f1/count", null).statusCode());
            assertEquals(Map.of("memory", Map.of("s", Map.of("msg", "hello", "format", "string[5]"))),
                    body(s.get("/context/node/f1")));
            assertEquals(204, s.send("DELETE", "/context/flow/t1/obj?store=memory", null).statusCode());
            assertEquals(Map.of("memory", Map.of()), body(s.get("/context/flow/t1")));
            assertEquals(404, s.send("DELETE", "/context/global/arr?store=nope", null).statusCode());
            assertEquals(404, s.send("DELETE", "/context/global", null).statusCode(), "no whole-scope delete");
            assertEquals(204, s.send("DELETE", "/context/node/nonexist/x", null).statusCode());
            assertEquals(Map.of("msg", "[1,\"x\"]", "format", "array[2]"), body(s.get("/context/global/arr")));
        }
    }

    @Test
    void aKeyInANonDefaultStoreNamesItsStore() throws Exception {
        var settings = AdminServer.settings("""
                {"contextStorage":{"default":{"module":"memory"},"other":{"module":"memory"}}}""");
        try (AdminServer s = new AdminServer(settings, null)) {
            deployAndWait(s);
            s.server().engine().execute(() -> s.server().engine().globalContext().set("#:(other)::k", "v"));
            long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (!s.get("/context/global/k?store=other").body().contains("\"v\"") && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertEquals("{\"msg\":\"v\",\"format\":\"string[1]\",\"store\":\"other\"}",
                    s.get("/context/global/k?store=other").body());
            @SuppressWarnings("unchecked")
            Map<String, Object> all = (Map<String, Object>) body(s.get("/context/global"));
            assertEquals(List.of("default", "other"), List.copyOf(all.keySet()), "one entry per store");
            assertEquals(Map.of("k", Map.of("msg", "v", "format", "string[1]")), all.get("other"));
            assertTrue(((Map<?, ?>) all.get("default")).containsKey("arr"));
        }
    }

    @Test
    void contextRoutesNeedTheContextPermissions() throws Exception {
        String hash = PasswordHash.of("lookonly");
        var settings = AdminServer.settings("""
                {"adminAuth":{"type":"credentials","users":[{"username":"reader","password":"%s",
                 "permissions":"read"}]}}""".formatted(hash));
        try (AdminServer s = new AdminServer(settings, null)) {
            assertEquals(401, s.get("/context/global").statusCode());
            assertEquals(401, s.send("DELETE", "/context/global/x", null).statusCode());
            HttpResponse<String> login = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-editor",
                    "grant_type", "password", "scope", "", "username", "reader", "password", "lookonly")));
            String token = (String) ((Map<?, ?>) body(login)).get("access_token");
            assertEquals(200, s.get("/context/global", "Authorization", "Bearer " + token).statusCode());
            assertEquals(403, s.send("DELETE", "/context/global/x", null, "Authorization", "Bearer " + token)
                    .statusCode(), "read permission does not delete");
        }
    }
}
