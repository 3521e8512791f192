package io.redwire.admin;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deploys from the admin API while clients keep calling an http-in route: every request the server accepted gets a
 * whole answer (200 from the old or new flows, or 404 in the instant no route exists), none hangs or is cut off.
 */
class DeployUnderLoadTest {
    private static String flows(String answer) {
        return """
                [{"id":"t1","type":"tab","label":"load"},
                 {"id":"h1","type":"http in","z":"t1","url":"/load","method":"get","wires":[["r1"]]},
                 {"id":"r1","type":"http response","z":"t1","statusCode":"","headers":{"x-answer":"%s"},"wires":[]}]
                """.formatted(answer);
    }

    @Test
    void deploysUnderLoadLoseNoAcceptedRequest() throws Exception {
        try (AdminServer s = new AdminServer()) {
            org.junit.jupiter.api.Assumptions.assumeTrue(s.server().engine().registry().has("http in"));
            assertEquals(204, s.post("/flows", flows("v0")).statusCode());
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
                assertEquals(204, s.post("/flows", flows("v" + i)).statusCode());
                Thread.sleep(30);
            }
            running.set(false);
            for (Future<?> f : workers) {
                f.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
            System.out.println("request outcomes during 30 deploys: " + outcomes);
            assertTrue(outcomes.get("200").get() > 50, outcomes.toString());
            assertTrue(outcomes.keySet().stream().allMatch(k -> k.equals("200") || k.equals("404")),
                    "every accepted request got a whole answer: " + outcomes);
        }
    }
}
