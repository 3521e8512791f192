package io.redwire.reliab;

import io.redwire.msg.Json;
import io.redwire.nodes.grpc.HostileGrpcFlows;
import io.redwire.testing.Ports;
import io.redwire.testing.PythonGrpc;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * Issue 21's gRPC figures for scripts/hostile.sh, on the engine HostileFigures started: oversized metadata fails
 * its own call on the server and on the client (Python grpcio as the peer), and reflection lists only the
 * services a flow serves or, turned off, is UNIMPLEMENTED.
 */
final class GrpcHostileFigures {
    private final HostileFigures engine;

    GrpcHostileFigures(HostileFigures engine) {
        this.engine = engine;
    }

    /** grpcMetadata: a server's and a client's line. */
    void metadata() throws Exception {
        int port = Ports.free();
        deploy(HostileGrpcFlows.echoServer(port));
        Map<?, ?> server = (Map<?, ?>) Json.parse(PythonGrpc.run("big_metadata_client.py", String.valueOf(port),
                "20", "65536"));
        List<?> streams = (List<?>) server.get("streams");
        engine.figure(streams.stream().allMatch("OK"::equals) && streams.size() == 20
                        && String.valueOf(server.get("big")).startsWith("RESOURCE_EXHAUSTED: "),
                "gRPC server, 20 calls on one grpcio channel and one with 64 KB of metadata: the big one "
                        + server.get("big") + ", the 20: " + counts(streams));
        try (PythonGrpc.Server python = PythonGrpc.server("slow_echo_server.py", "1.5")) {
            deploy(HostileGrpcFlows.twentyCallsAndABigOne(python.port()));
            HttpResponse<String> answer = engine.get(HostileGrpcFlows.CLIENT_PATH);
            Map<?, ?> client = answer.statusCode() == 200 ? (Map<?, ?>) Json.parse(answer.body()) : Map.of();
            List<?> replies = client.get("replies") instanceof List<?> l ? l : List.of();
            List<?> caught = client.get("caught") instanceof List<?> l ? l : List.of();
            boolean bigFirst = !replies.isEmpty() && String.valueOf(replies.get(0)).startsWith("8 RESOURCE_EXHAUSTED");
            long ok = replies.stream().filter(r -> String.valueOf(r).endsWith(" OK")).count();
            engine.figure(bigFirst && ok == 20 && caught.size() == 1, "gRPC client, 20 grpc-calls in flight to a"
                    + " grpcio server and one with 1 MB of msg.metadata: " + (replies.isEmpty() ? answer.body()
                    : "the big one '" + replies.get(0) + "', " + ok + " of 20 OK, catch node saw " + caught));
        }
    }

    /** grpcReflection: the listing, and reflection turned off. */
    void reflection() throws Exception {
        int port = Ports.free();
        deploy(HostileGrpcFlows.reflectionServer(port, ""));
        Map<?, ?> on = listed(port);
        List<String> served = List.of("grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection",
                "refl.Served");
        engine.figure(served.equals(on.get("v1")) && served.equals(on.get("v1alpha")),
                "gRPC reflection of a proto with services Served (a flow serves it) and Unserved lists " + on);
        // a port of its own: between two deploys another process's connection could take an ephemeral port
        int offPort = Ports.free();
        deploy(HostileGrpcFlows.reflectionServer(offPort, ",\"reflection\":false"));
        Map<?, ?> off = listed(offPort);
        engine.figure(off.values().stream().allMatch(v -> String.valueOf(v).startsWith("UNIMPLEMENTED: ")),
                "gRPC reflection turned off (reflection: false) answers " + off);
    }

    private void deploy(String flows) throws Exception {
        HttpResponse<String> r = engine.deploy(flows);
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException("deploy failed: " + r.statusCode() + " " + r.body());
        }
    }

    private static Map<?, ?> listed(int port) throws Exception {
        return (Map<?, ?>) Json.parse(PythonGrpc.run("reflection_list.py", String.valueOf(port)));
    }

    private static Map<Object, Long> counts(List<?> values) {
        return values.stream().collect(java.util.stream.Collectors.groupingBy(v -> v, java.util.TreeMap::new,
                java.util.stream.Collectors.counting()));
    }
}
