package io.redwire.nodes.grpc;

import io.redwire.msg.Json;

/**
 * The flows of the gRPC metadata and reflection checks, shared by their tests and scripts/hostile.sh's figures
 * (io.redwire.reliab.GrpcHostileFigures). A port 0 picks a free one.
 */
public final class HostileGrpcFlows {
    /** limits.Limits: Get and a Chat bidi stream, as the Python scripts call them with raw bytes. */
    static final String LIMITS_PROTO = """
            syntax = "proto3";
            package limits;
            message Chunk { string data = 1; }
            service Limits {
              rpc Get(Chunk) returns (Chunk);
              rpc Chat(stream Chunk) returns (stream Chunk);
            }
            """;
    /** Two services, of which the reflection flow serves one. */
    static final String REFLECTION_PROTO = """
            syntax = "proto3";
            package refl;
            message Ping { string data = 1; }
            service Served { rpc Get(Ping) returns (Ping); rpc Other(Ping) returns (Ping); }
            service Unserved { rpc Get(Ping) returns (Ping); }
            """;
    /** The path of the client flow's http in node. */
    public static final String CLIENT_PATH = "/grpc-metadata";

    private HostileGrpcFlows() {
    }

    /** A local server "srv" echoing Limits.Get and Limits.Chat straight back. */
    public static String echoServer(int port) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":%s,"localServer":true},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Get","wires":[["resp"]]},
                 {"id":"chat","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits",
                  "method":"Chat","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]}]
                """.formatted(port, Json.stringify(LIMITS_PROTO));
    }

    /**
     * GET {@link #CLIENT_PATH} makes 20 calls to Limits.Get on the server at {@code port}, then one with 1 MB of
     * msg.metadata, all on one grpc-call node; it answers {replies: [...], caught} once all 21 have ended: each
     * reply "n OK" or its msg.error.message in the order they ended, caught what a catch node saw of the call
     * nodes' errors ("message / code").
     */
    public static String twentyCallsAndABigOne(int port) {
        String fan = "const out = []; for (let i = 0; i < 20; i++) { out.push({...msg, payload: {data: String(i)}}); }"
                + " out.push({...msg, payload: {data: 'big'}, metadata: {'x-big': 'm'.repeat(1 << 20)}});"
                + " return [out];";
        String collect = "const r = flow.get('replies') || [];"
                + " r.push(msg.error ? msg.error.message : msg.payload.data + ' OK'); flow.set('replies', r);"
                + " if (r.length < 21) { return null; }"
                + " flow.set('replies', []); msg.payload = {replies: r, caught: flow.get('caught') || []};"
                + " flow.set('caught', []); return msg;";
        String caught = "flow.set('caught', (flow.get('caught') || []).concat([msg.error.message + ' / '"
                + " + msg.error.code])); return null;";
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"py","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":%s},
                 {"id":"in","type":"http in","z":"t1","url":"%s","method":"get","wires":[["fan"]]},
                 {"id":"fan","type":"function","z":"t1","outputs":1,"func":%s,"wires":[["call"]]},
                 {"id":"call","type":"grpc-call","z":"t1","server":"py","service":"Limits","method":"Get",
                  "deadline":"20000","wires":[["collect"]]},
                 {"id":"collect","type":"function","z":"t1","outputs":1,"func":%s,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t1","wires":[]},
                 {"id":"c1","type":"catch","z":"t1","scope":["call"],"wires":[["caught"]]},
                 {"id":"caught","type":"function","z":"t1","outputs":1,"func":%s,"wires":[]}]
                """.formatted(port, Json.stringify(LIMITS_PROTO), CLIENT_PATH, Json.stringify(fan),
                Json.stringify(collect), Json.stringify(caught));
    }

    /**
     * A local server "srv" for {@link #REFLECTION_PROTO} whose Served.Get has a register-function node (Unserved has
     * none); {@code serverFields} is added to the grpc-server's config, e.g. {@code ,"reflection":false}.
     */
    public static String reflectionServer(int port, String serverFields) {
        return """
                [{"id":"t1","type":"tab"},
                 {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":%s,
                  "localServer":true%s},
                 {"id":"get","type":"grpc-register-function","z":"t1","server":"srv","service":"Served",
                  "method":"Get","wires":[["resp"]]},
                 {"id":"resp","type":"grpc-response","z":"t1","wires":[]}]
                """.formatted(port, Json.stringify(REFLECTION_PROTO), serverFields);
    }
}
