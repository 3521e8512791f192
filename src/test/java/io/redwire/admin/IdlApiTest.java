package io.redwire.admin;

import io.redwire.msg.Json;
import io.redwire.web.PasswordHash;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /redwire/idl/:language: services and methods of a .proto / .thrift compiled by the runtime's compilers. */
public class IdlApiTest {
    public static final String PROTO = """
            syntax = "proto3";
            package shop;
            service Orders {
              rpc Place (Order) returns (Receipt);
              rpc Track (Receipt) returns (stream Order);
              rpc Upload (stream Order) returns (Receipt);
              rpc Chat (stream Order) returns (stream Order);
            }
            service Health { rpc Check (Order) returns (Order); }
            message Order { string id = 1; }
            message Receipt { string id = 1; }
            """;

    public static final String THRIFT = """
            namespace java shop
            service Calc {
              i32 add(1: i32 a, 2: i32 b),
              oneway void ping()
            }
            """;

    private static Object body(HttpResponse<String> r) throws Exception {
        return Json.parse(r.body());
    }

    @Test
    void grpcServicesAndMethodsWithTheirStreamingKind() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> r = s.post("/redwire/idl/grpc", Json.stringify(Map.of("type", "grpc-server",
                    "protoFile", PROTO)));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(Map.of("services", List.of(
                    Map.of("name", "Orders", "methods", List.of(
                            Map.of("name", "Place", "kind", "unary"),
                            Map.of("name", "Track", "kind", "server streaming"),
                            Map.of("name", "Upload", "kind", "client streaming"),
                            Map.of("name", "Chat", "kind", "bidirectional streaming"))),
                    Map.of("name", "Health", "methods", List.of(Map.of("name", "Check", "kind", "unary"))))),
                    body(r));
            // the text alone, and a file under protos/ by name
            HttpResponse<String> text = s.post("/redwire/idl/grpc", PROTO, "content-type", "text/plain");
            assertEquals(body(r), body(text));
            HttpResponse<String> file = s.post("/redwire/idl/grpc", Json.stringify(Map.of("protoFile",
                    "hello.proto")));
            assertEquals(Map.of("services", List.of(Map.of("name", "Greeter", "methods",
                    List.of(Map.of("name", "SayHello", "kind", "unary"))))), body(file));
        }
    }

    @Test
    void thriftServicesAndMethods() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> r = s.post("/redwire/idl/thrift", Json.stringify(Map.of("idl", THRIFT)));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(Map.of("services", List.of(Map.of("name", "Calc", "methods", List.of(
                    Map.of("name", "add", "kind", "call"), Map.of("name", "ping", "kind", "oneway"))))), body(r));
            HttpResponse<String> file = s.post("/redwire/idl/thrift", Json.stringify(Map.of("idl", "",
                    "idlFile", "tinycalc.thrift")));
            assertEquals(200, file.statusCode(), file.body());
            assertTrue(file.body().contains("\"name\":\"TinyCalc\""), file.body());
        }
    }

    @Test
    void aDefinitionThatDoesNotCompileIsA400WithItsLine() throws Exception {
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> proto = s.post("/redwire/idl/grpc", PROTO.replace("rpc Track", "rpc Track Track"),
                    "content-type", "text/plain");
            assertEquals(400, proto.statusCode(), proto.body());
            @SuppressWarnings("unchecked")
            Map<String, Object> p = (Map<String, Object>) body(proto);
            assertEquals("invalid_idl", p.get("code"));
            assertEquals(5, p.get("line"), proto.body());
            assertTrue(String.valueOf(p.get("message")).startsWith("protoFile.proto:5:"), proto.body());

            HttpResponse<String> thrift = s.post("/redwire/idl/thrift", THRIFT.replace("oneway void ping()",
                    "oneway void ping(,"), "content-type", "text/plain");
            assertEquals(400, thrift.statusCode(), thrift.body());
            @SuppressWarnings("unchecked")
            Map<String, Object> t = (Map<String, Object>) body(thrift);
            assertEquals("invalid_idl", t.get("code"));
            assertEquals(4, t.get("line"), thrift.body());

            HttpResponse<String> none = s.post("/redwire/idl/thrift", "{}");
            assertEquals(400, none.statusCode());
            assertTrue(none.body().contains("give the IDL text"), none.body());
            assertEquals(404, s.post("/redwire/idl/corba", "{}").statusCode());
        }
    }

    @Test
    void theRouteObeysAdminAuth() throws Exception {
        String settings = """
                {"adminAuth":{"type":"credentials","users":[
                  {"username":"reader","password":"%s","permissions":"read"}]}}
                """.formatted(PasswordHash.of("lookonly"));
        try (AdminServer s = new AdminServer(AdminServer.settings(settings), null)) {
            assertEquals(401, s.post("/redwire/idl/grpc", PROTO, "content-type", "text/plain").statusCode());
            HttpResponse<String> login = s.post("/auth/token", Json.stringify(Map.of("client_id", "node-red-editor",
                    "grant_type", "password", "scope", "", "username", "reader", "password", "lookonly")));
            @SuppressWarnings("unchecked")
            String token = (String) ((Map<String, Object>) body(login)).get("access_token");
            HttpResponse<String> r = s.post("/redwire/idl/grpc", PROTO, "content-type", "text/plain",
                    "authorization", "Bearer " + token);
            assertEquals(200, r.statusCode(), r.body());
        }
    }
}
