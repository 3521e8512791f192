package io.redwire.admin;

import io.redwire.testing.Ports;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deploys from the admin API while clients keep calling an http-in route: every request the server accepted gets a
 * whole 200 answer from the old or the new flows; none hangs, is cut off or finds no route while routes are swapped.
 * Once with Java clients counting each outcome, once under wrk (when installed) as the issue states it.
 */
class DeployUnderLoadTest {
    private final int grpcPort = Ports.free();

    /** The grpc-server makes each deploy's stop and start asynchronous: its port is closed and bound off the loop. */
    private String flows(String answer) {
        return """
                [{"id":"t1","type":"tab","label":"load"},
                 {"id":"h1","type":"http in","z":"t1","url":"/load","method":"get","wires":[["f1"]]},
                 {"id":"f1","type":"function","z":"t1","func":"return msg;","outputs":1,"wires":[["r1"]]},
                 {"id":"g1","type":"grpc-server","port":"%d","server":"127.0.0.1","localServer":true,"protoFile":
                  "syntax = \\"proto3\\"; service S { rpc M(E) returns (E); } message E {}"},
                 {"id":"r1","type":"http response","z":"t1","statusCode":"","headers":{"x-answer":"%s"},"wires":[]}]
                """.formatted(grpcPort, answer);
    }

    @Test
    void deploysUnderLoadLoseNoAcceptedRequest() throws Exception {
        try (AdminServer s = new AdminServer()) {
            Assumptions.assumeTrue(s.server().engine().registry().has("http in"));
            HttpResponse<String> first = s.post("/flows", flows("v0"));
            assertEquals(204, first.statusCode(), first.body());
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            AtomicBoolean running = new AtomicBoolean(true);
            Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
            ExecutorService pool = Executors.newFixedThreadPool(6);
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                workers.add(pool.submit(() -> {
                    while (running.get()) {
                        String outcome;
                        try {
                            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(s.url("/load?x=1")))
                                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                            outcome = String.valueOf(r.statusCode());
                        } catch (java.net.http.HttpTimeoutException e) {
                            outcome = "timeout";
                        } catch (Exception e) {
                            outcome = e.getClass().getSimpleName();
                        }
                        outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                    }
                    return null;
                }));
            }
            for (int i = 1; i <= 30; i++) {
                HttpResponse<String> deployed = s.post("/flows", flows("v" + i));
                assertEquals(204, deployed.statusCode(), deployed.body());
                Thread.sleep(30);
            }
            running.set(false);
            for (Future<?> f : workers) {
                f.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
            System.out.println("request outcomes during 30 deploys: " + outcomes);
            assertTrue(outcomes.get("200").get() > 50, outcomes.toString());
            assertEquals(Set.of("200"), outcomes.keySet(), "every accepted request got a whole 200 answer");
        }
    }

    @Test
    void deploysUnderWrkLoadLoseNoRequest() throws Exception {
        Path wrk = Stream.of(System.getenv("PATH").split(":")).map(d -> Path.of(d, "wrk"))
                .filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(wrk != null, "wrk is not installed (apt-get install wrk)");
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> first = s.post("/flows", flows("v0"));
            assertEquals(204, first.statusCode(), first.body());
            // a request held through a slow deploy on a busy CI machine is late, not lost: allow it 10 s
            Process load = new ProcessBuilder(wrk.toString(), "-t2", "-c20", "-d4s", "--timeout", "10s",
                    s.url("/load")).redirectErrorStream(true).start();
            Thread.sleep(300);
            for (int i = 1; i <= 20; i++) {
                HttpResponse<String> deployed = s.post("/flows", flows("v" + i));
                assertEquals(204, deployed.statusCode(), deployed.body());
                Thread.sleep(100);
            }
            String report = new String(load.getInputStream().readAllBytes());
            assertEquals(0, load.waitFor(), report);
            System.out.println(report);
            Matcher done = Pattern.compile("(\\d+) requests in").matcher(report);
            assertTrue(done.find() && Long.parseLong(done.group(1)) > 1000, report);
            assertFalse(report.contains("Non-2xx"), "every request got a 200:\n" + report);
            assertFalse(report.contains("Socket errors"), "no request was cut off or timed out:\n" + report);
        }
    }
}
