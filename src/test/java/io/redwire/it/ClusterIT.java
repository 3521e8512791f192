package io.redwire.it;

import io.redwire.msg.Json;
import io.redwire.testing.Ports;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three `redwire run --cluster` JVMs on 127.0.0.1: one deploy reaches all, a refused deploy changes nothing
 * anywhere, a cluster-wide counter stays exact, kill -9 of a member loses neither flows nor state, a repeating
 * inject keeps firing once per period, a restarted member rejoins with the cluster's flows (not its file's), and a
 * link out on one member reaches the link in on another; a nodes deploy restarts only the changed node on every member.
 */
class ClusterIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private final List<Member> members = new ArrayList<>();

    /** One JVM: its HTTP port, cluster port, flows file and log. */
    private record Member(int port, int clusterPort, Path flowsFile, Path log, Process process) {
        String url(String path) {
            return "http://127.0.0.1:" + port + path;
        }
    }

    @AfterEach
    void stopAll() {
        members.forEach(m -> m.process().destroyForcibly());
    }

    @Test
    void membersShareFlowsStateAndWork() throws Exception {
        Path dir = Files.createTempDirectory("redwire-cluster");
        int[] clusterPorts = {Ports.free(), Ports.free(), Ports.free()};
        String memberList = String.join(",", java.util.Arrays.stream(clusterPorts)
                .mapToObj(p -> "127.0.0.1:" + p).toList());
        // member 1 starts first and seeds the cluster from its files: the flows and a credentials file (plain JSON,
        // credentialSecret false) for the http request node; members 2 and 3 have no credentials file and get the
        // credentials with the cluster's flows
        Files.writeString(dir.resolve("flows-1_cred.json"), "{\"hr\":{\"user\":\"u\",\"password\":\"p\"}}");
        members.add(start(dir, 0, Ports.free(), clusterPorts[0], memberList, flows("v1", 1),
                "-D", "credentialSecret=false"));
        awaitStarted(members.get(0));
        for (int i = 1; i < 3; i++) {
            members.add(start(dir, i, Ports.free(), clusterPorts[i], memberList, flows("v1", 1)));
        }
        for (Member m : members) {
            awaitStarted(m);
        }
        Map<?, ?> credentials = (Map<?, ?>) Json.parse(get(members.get(2), "/credentials/http%20request/hr"));
        assertEquals(true, credentials.get("has_password"), "member 3 got the seeded credentials: " + credentials);

        // one deploy through member 1 reaches members 2 and 3; a nodes deploy is one on every member: member 2's
        // unchanged function keeps running (its On Start, which stamps its node context, does not run again)
        Member m1 = members.get(0);
        Member m2 = members.get(1);
        Member m3 = members.get(2);
        String started = get(m2, "/started");
        assertEquals(204, post(m1, "/flows", flows("v2", 1), "application/json",
                "Node-RED-Deployment-Type", "nodes").statusCode());
        assertEquals("v2", get(m2, "/hello"));
        assertEquals(started, get(m2, "/started"), "member 2 restarted only the changed node");
        assertEquals("v2", get(m3, "/hello"));
        assertTrue(Files.readString(m3.flowsFile()).contains("\"v2\""), "member 3 saved the deployed flows");

        // a deploy one member cannot start (its gRPC port is taken by the member that started first, on this one
        // machine) is refused everywhere and the previous flows keep running everywhere
        HttpResponse<String> refused = post(m1, "/flows", flows("v3", Ports.free()), "application/json");
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("member"), refused.body());
        for (Member m : members) {
            assertEquals("v2", get(m, "/hello"), "member on " + m.port() + " still runs v2");
        }

        // an atomic cluster-wide counter incremented through all three in turn
        for (int round = 0; round < 5; round++) {
            for (Member m : members) {
                post(m, "/inc", "", "text/plain");
            }
        }
        assertEquals(15, count(m2, "hits"));

        // global context set on one member is read on another
        post(m1, "/g", "{\"answer\":42}", "application/json");
        awaitEquals(() -> get(m3, "/g"), "{\"answer\":42}");

        // a link out on member 1 reaches the link in on member 3
        post(m1, "/send", "through-the-bus", "text/plain");
        awaitEquals(() -> get(m3, "/last"), "through-the-bus");

        // kill -9 of member 2: counter, context and flows intact on the others; the repeating inject keeps
        // firing once per second in the whole cluster
        m2.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        Thread.sleep(8_000); // Hazelcast removes the dead member after 5 s without a heartbeat
        assertEquals(15, count(m1, "hits"));
        assertEquals("{\"answer\":42}", get(m3, "/g"));
        assertEquals("v2", get(m3, "/hello"));
        long before = count(m1, "ticks");
        long startedAt = System.nanoTime();
        Thread.sleep(6_000);
        long ticks = count(m3, "ticks") - before;
        double seconds = (System.nanoTime() - startedAt) / 1e9;
        assertTrue(Math.abs(ticks - seconds) <= 1.5, ticks + " ticks in " + seconds + " s: should be once per second");

        // member 2 comes back with its old file (v1) and gets the cluster's flows (v2)
        Files.writeString(m2.flowsFile(), flows("v1", 1));
        Member back = start(dir, 1, m2.port(), m2.clusterPort(), memberList, null);
        members.add(back);
        awaitStarted(back);
        assertEquals("v2", get(back, "/hello"));
        assertEquals(15, count(back, "hits"));
    }

    private Member start(Path dir, int index, int port, int clusterPort, String memberList, String flows,
                         String... options) throws IOException {
        Path file = dir.resolve("flows-" + (index + 1) + ".json");
        if (flows != null) {
            Files.writeString(file, flows);
        }
        Path log = dir.resolve("member-" + (index + 1) + "-" + System.nanoTime() + ".log");
        List<String> command = new ArrayList<>(List.of("java", "-jar", Processes.jar().toAbsolutePath().toString(),
                "run", file.toString(), "--port", String.valueOf(port), "--cluster", "--cluster-port",
                String.valueOf(clusterPort), "--cluster-members", memberList));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new Member(port, clusterPort, file, log, p);
    }

    private static void awaitStarted(Member m) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            String log = Files.readString(m.log(), StandardCharsets.UTF_8);
            if (log.contains("Started flows")) {
                return;
            }
            if (!m.process().isAlive()) {
                throw new AssertionError("member on " + m.port() + " exited:\n" + log);
            }
            Thread.sleep(250);
        }
        throw new AssertionError("member on " + m.port() + " did not start:\n" + Files.readString(m.log()));
    }

    private static void awaitEquals(java.util.concurrent.Callable<String> read, String expected) throws Exception {
        String last = null;
        for (int i = 0; i < 40; i++) {
            last = read.call();
            if (expected.equals(last)) {
                return;
            }
            Thread.sleep(250);
        }
        assertEquals(expected, last);
    }

    private static long count(Member m, String counter) throws Exception {
        Map<?, ?> body = (Map<?, ?>) Json.parse(get(m, "/count?name=" + counter));
        return ((Number) body.get("n")).longValue();
    }

    private static String get(Member m, String path) throws Exception {
        // generous: right after a kill -9, operations on the dead member's partitions wait for its removal
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(m.url(path)))
                .timeout(Duration.ofSeconds(90)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    /** {@code headers}: more request headers, as name, value pairs. */
    private static HttpResponse<String> post(Member m, String path, String body, String type, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(m.url(path))).timeout(Duration.ofSeconds(120))
                .header("content-type", type).POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The test flow: /hello answers the version, /inc and /count use the cluster-wide counter, /g sets and reads
     * global context, /send goes through a link out whose link in stores flow.last (read by /last), and an inject
     * repeating every second counts "ticks". With a gRPC port, a grpc-server is added.
     */
    private static String flows(String version, int grpcPort) {
        String grpc = grpcPort <= 1 ? "" : """
                ,{"id":"gs","type":"grpc-server","port":"%d","server":"127.0.0.1","localServer":true,
                  "protoFile":"syntax = \\"proto3\\"; package t; service S { rpc M(Q) returns (Q) {} } message Q { string s = 1; }"},
                {"id":"gr","type":"grpc-register-function","z":"t1","server":"gs","service":"S","method":"M","wires":[["gp"]]},
                {"id":"gp","type":"grpc-response","z":"t1","wires":[]}""".formatted(grpcPort);
        return """
                [{"id":"t1","type":"tab","label":"cluster"},
                {"id":"h1","type":"http in","z":"t1","url":"/hello","method":"get","wires":[["c1"]]},
                {"id":"c1","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"%s","tot":"str"}],"wires":[["r1"]]},
                {"id":"r1","type":"http response","z":"t1","wires":[]},
                {"id":"h2","type":"http in","z":"t1","url":"/inc","method":"post","wires":[["f2"]]},
                {"id":"f2","type":"function","z":"t1","outputs":1,"wires":[["r1"]],
                 "func":"return cluster.increment('hits').then(n => { msg.payload = {n}; return msg; });"},
                {"id":"h3","type":"http in","z":"t1","url":"/count","method":"get","wires":[["f3"]]},
                {"id":"f3","type":"function","z":"t1","outputs":1,"wires":[["r1"]],
                 "func":"return cluster.counter(msg.req.query.name).then(n => { msg.payload = {n}; return msg; });"},
                {"id":"i4","type":"inject","z":"t1","repeat":"1","props":[{"p":"payload"}],"payloadType":"date","payload":"","wires":[["f4"]]},
                {"id":"f4","type":"function","z":"t1","outputs":1,"wires":[[]],"func":"return cluster.increment('ticks').then(() => null);"},
                {"id":"h5","type":"http in","z":"t1","url":"/g","method":"post","wires":[["c5"]]},
                {"id":"c5","type":"change","z":"t1","rules":[{"t":"set","p":"g","pt":"global","to":"payload","tot":"msg"}],"wires":[["r1"]]},
                {"id":"h6","type":"http in","z":"t1","url":"/g","method":"get","wires":[["c6"]]},
                {"id":"c6","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"g","tot":"global"}],"wires":[["r1"]]},
                {"id":"h7","type":"http in","z":"t1","url":"/send","method":"post","wires":[["lo","r1"]]},
                {"id":"lo","type":"link out","z":"t1","mode":"link","links":["li"],"wires":[]},
                {"id":"li","type":"link in","z":"t1","links":["lo"],"wires":[["c8"]]},
                {"id":"c8","type":"change","z":"t1","rules":[{"t":"set","p":"last","pt":"flow","to":"payload","tot":"msg"}],"wires":[[]]},
                {"id":"h9","type":"http in","z":"t1","url":"/last","method":"get","wires":[["c9"]]},
                {"id":"c9","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"last","tot":"flow"}],"wires":[["r1"]]},
                {"id":"h10","type":"http in","z":"t1","url":"/started","method":"get","wires":[["f10"]]},
                {"id":"f10","type":"function","z":"t1","outputs":1,"wires":[["r1"]],
                 "initialize":"context.set('started', String(Date.now()) + Math.random());",
                 "func":"msg.payload = context.get('started'); return msg;"},
                {"id":"hr","type":"http request","z":"t1","method":"GET","url":"http://127.0.0.1:1/","authType":"basic","wires":[[]]}
                %s]""".formatted(version, grpc);
    }
}
