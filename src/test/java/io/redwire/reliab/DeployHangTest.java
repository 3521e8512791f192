package io.redwire.reliab;

import io.redwire.admin.AdminServer;
import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deploys that used to never answer and lock every later deploy (issue 15): each is answered 400 quickly with a
 * clear error, and the next good deploy succeeds.
 */
public class DeployHangTest {
    private static final String TAB = "{\"id\":\"t1\",\"type\":\"tab\",\"label\":\"f\"}";
    /** Under a shared CI machine a second can stretch; the bound is a second on a quiet one. */
    private static final long ANSWER_MS = 5000;

    static String good() {
        return "[" + TAB + ",{\"id\":\"in\",\"type\":\"http in\",\"z\":\"t1\",\"url\":\"/ok\",\"method\":\"get\","
                + "\"wires\":[[\"r\"]]},{\"id\":\"r\",\"type\":\"http response\",\"z\":\"t1\",\"wires\":[]}]";
    }

    static String nodeIdFromEnv() {
        return "[" + TAB + ",{\"id\":\"${HOME}\",\"type\":\"comment\",\"z\":\"t1\",\"wires\":[]}]";
    }

    static String deepProto() {
        StringBuilder p = new StringBuilder("syntax = \"proto3\";\n");
        int n = 1200;
        for (int i = 0; i < n; i++) {
            p.append("message M").append(i).append(" {\n");
        }
        p.append("}\n".repeat(n));
        return "[" + TAB + ",{\"id\":\"g\",\"type\":\"grpc-server\",\"port\":\"0\",\"localServer\":false,"
                + "\"protoFile\":" + Json.stringify(p.toString()) + "}]";
    }

    static String deepThrift() {
        int n = 5000;
        String type = "list<".repeat(n) + "i32" + ">".repeat(n);
        String idl = "struct S {\n  1: " + type + " x\n}\nservice Svc { i32 f() }\n";
        return "[" + TAB + ",{\"id\":\"s\",\"type\":\"thrift-server\",\"port\":\"0\",\"localServer\":false,"
                + "\"idl\":" + Json.stringify(idl) + "}]";
    }

    public static String deepJsonata() {
        int n = 5000;
        String expr = "(".repeat(n) + "1" + ")".repeat(n);
        return "[" + TAB + ",{\"id\":\"c\",\"type\":\"change\",\"z\":\"t1\",\"rules\":[{\"t\":\"set\",\"p\":\"payload\","
                + "\"pt\":\"msg\",\"to\":" + Json.stringify(expr) + ",\"tot\":\"jsonata\"}],\"wires\":[]}]";
    }

    @Test
    void eachHangingInputIsRefusedQuicklyAndTheNextGoodDeploySucceeds() throws Exception {
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("node id ${HOME}", nodeIdFromEnv());
        bad.put("1200 nested .proto messages", deepProto());
        bad.put("5000-deep thrift list", deepThrift());
        bad.put("5000 nested JSONata brackets", deepJsonata());
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", good()).statusCode());
            for (Map.Entry<String, String> e : bad.entrySet()) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = s.post("/flows", e.getValue());
                long ms = (System.nanoTime() - t0) / 1_000_000;
                String label = e.getKey() + " (" + ms + " ms): " + r.body();
                if (e.getKey().startsWith("node id")) {
                    assertEquals(204, r.statusCode(), label); // a valid flow: the id is not substituted
                } else {
                    assertEquals(400, r.statusCode(), label);
                    assertTrue(r.body().contains("nest"), label);
                }
                assertTrue(ms < ANSWER_MS, label);
                assertEquals(204, s.post("/flows", good()).statusCode(), "good deploy after " + e.getKey());
                assertEquals(200, s.get("/ok").statusCode(), "running after " + e.getKey());
            }
        }
    }

    @Test
    void aNodeIdNamingAnEnvironmentVariableKeepsItsId() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.post("/flows", nodeIdFromEnv()).statusCode());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> flows = (List<Map<String, Object>>) Json.parse(s.get("/flows").body());
            assertEquals("${HOME}", flows.get(1).get("id"));
            assertTrue(s.server().engine().node("${HOME}") != null, "running under its own id");
        }
    }
}
