package io.redwire.reliab;

import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a redeploy does to requests the old flows had accepted but not answered (issue 15). */
class RedeployInFlightTest {
    static final String DELAY_FLOW = """
            [{"id":"t1","type":"tab","label":"d"},
             {"id":"in1","type":"http in","z":"t1","url":"/slow","method":"get","wires":[["d1"]]},
             {"id":"d1","type":"delay","z":"t1","pauseType":"delay","timeout":"30","timeoutUnits":"seconds",
              "rate":"1","nbRateUnits":"1","rateUnits":"second","randomFirst":"1","randomLast":"5",
              "randomUnits":"seconds","drop":false,"wires":[["r1"]]},
             {"id":"r1","type":"http response","z":"t1","wires":[]},
             {"id":"in2","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["r2"]]},
             {"id":"r2","type":"http response","z":"t1","wires":[]}]
            """;

    /**
     * The delay node drops its held msg on close, as Node-RED's does; Node-RED then leaves the client's connection
     * open until the client gives up. Redwire answers it 503 when the old flows stop.
     */
    @Test
    void aRequestHeldInADelayNodeIsAnswered503WhenARedeployDropsIt() throws Exception {
        try (Harness h = new Harness().deploy(DELAY_FLOW)) {
            HttpClient client = HttpClient.newHttpClient();
            CompletableFuture<HttpResponse<String>> held = client.sendAsync(HttpRequest.newBuilder(
                    URI.create(h.url("/slow"))).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            Thread.sleep(500); // the msg waits in the delay node (30 s)
            assertEquals(200, h.get("/ok").statusCode());
            h.deploy(DELAY_FLOW);
            HttpResponse<String> answer = held.get(10, TimeUnit.SECONDS); // before: open until the client's 20 s
            assertEquals(503, answer.statusCode(), answer.body());
            assertTrue(answer.body().contains("stopped"), answer.body());
            assertEquals(200, h.get("/ok").statusCode(), "the new flows serve");
        }
    }

    static String catchFlow(int version) {
        return """
                [{"id":"t1","type":"tab","label":"c"},
                 {"id":"in1","type":"http in","z":"t1","url":"/c","method":"post","wires":[["f1"]]},
                 {"id":"f1","type":"function","z":"t1","func":"throw new Error(msg.payload + ' boom %d');","outputs":1,
                  "wires":[["r1"]]},
                 {"id":"c1","type":"catch","z":"t1","scope":["f1"],"uncaught":false,"wires":[["f2"]]},
                 {"id":"c2","type":"catch","z":"t1","scope":null,"uncaught":false,"wires":[["f2"]]},
                 {"id":"f2","type":"function","z":"t1",
                  "func":"if (msg.caught) { return null; } msg.caught = true; msg.payload = 'caught: ' + msg.error.message; return msg;",
                  "outputs":1,"wires":[["r1"]]},
                 {"id":"s1","type":"status","z":"t1","scope":null,"wires":[[]]},
                 {"id":"k1","type":"complete","z":"t1","scope":["f2"],"uncaught":false,"wires":[[]]},
                 {"id":"r1","type":"http response","z":"t1","wires":[]}]
                """.formatted(version);
    }

    /**
     * Requests that arrive while a flow set starts wait until every node (catch, status and complete included) has
     * started, then are handled as after start-up: not one may miss its catch node, nor lose its body while it
     * waits (held POSTs were never answered: their body went by before a route read it).
     */
    @Test
    void requestsDuringDeploysAllReachTheirCatchNodes() throws Exception {
        try (Harness h = new Harness().deploy(catchFlow(0))) {
            String first = h.post("/c", "text/plain", "first").body();
            assertEquals("caught: Error: first boom 0", first);
            java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
            java.util.List<String> wrong = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
            java.util.List<Thread> clients = new java.util.ArrayList<>();
            for (int c = 0; c < 4; c++) {
                String name = "client" + c;
                Thread t = new Thread(() -> {
                    HttpClient client = HttpClient.newHttpClient();
                    while (running.get()) {
                        try {
                            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(h.url("/c")))
                                    .header("content-type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(name))
                                    .timeout(Duration.ofSeconds(15)).build(), HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() != 200 || !r.body().startsWith("caught: Error: " + name + " boom ")) {
                                wrong.add(r.statusCode() + " " + r.body());
                            }
                            answered.incrementAndGet();
                        } catch (Exception e) {
                            wrong.add(String.valueOf(e));
                        }
                    }
                });
                t.start();
                clients.add(t);
            }
            for (int v = 1; v <= 8; v++) {
                h.deploy(catchFlow(v));
            }
            running.set(false);
            for (Thread t : clients) {
                t.join(30_000);
            }
            assertTrue(wrong.isEmpty(), wrong.size() + " of " + answered.get() + " wrong: " + wrong.stream()
                    .limit(5).toList());
            assertTrue(answered.get() > 8, "requests were made: " + answered.get());
            assertEquals("caught: Error: last boom 8", h.post("/c", "text/plain", "last").body());
        }
    }
}
