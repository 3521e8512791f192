package io.redwire.nodes.http;

import io.redwire.admin.AdminServer;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** settings.httpBodyMemoryLimit: concurrent uploads past the total are answered 503, everything is answered. */
class BodyMemoryLimitTest {
    static final String FLOW = """
            [{"id":"t1","type":"tab","label":"up"},
             {"id":"in","type":"http in","z":"t1","url":"/up","method":"post","skipBodyParsing":true,"wires":[["dl"]]},
             {"id":"dl","type":"delay","z":"t1","pauseType":"delay","timeout":"300","timeoutUnits":"milliseconds",
              "wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t1","func":"msg.payload = String(msg.payload.length); return msg;",
              "outputs":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t1","wires":[]},
             {"id":"ok","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["out2"]]},
             {"id":"out2","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void uploadsPastTheTotalAreShedWith503AndOtherRequestsKeepBeingServed() throws Exception {
        int mb = 1024 * 1024;
        try (Harness h = new Harness(AdminServer.settings("{\"httpBodyMemoryLimit\":\"4mb\"}"))) {
            h.deploy(FLOW);
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            byte[] body = new byte[mb];
            List<CompletableFuture<HttpResponse<String>>> uploads = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                uploads.add(client.sendAsync(HttpRequest.newBuilder(URI.create(h.url("/up")))
                        .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(), HttpResponse.BodyHandlers.ofString()));
            }
            assertEquals(200, h.get("/ok").statusCode(), "served while uploads are held");
            int ok = 0;
            int shed = 0;
            for (CompletableFuture<HttpResponse<String>> f : uploads) {
                HttpResponse<String> r = f.get();
                if (r.statusCode() == 200) {
                    assertEquals(String.valueOf(mb), r.body());
                    ok++;
                } else {
                    assertEquals(503, r.statusCode(), r.body());
                    assertEquals("1", r.headers().firstValue("retry-after").orElse(""));
                    shed++;
                }
            }
            assertTrue(ok >= 1 && shed >= 1, ok + " answered 200, " + shed + " answered 503");
            BodyBudget budget = h.server().engine().shared(BodyBudget.class, () -> null);
            long deadline = System.currentTimeMillis() + 5000;
            while (budget.used() != 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(0, budget.used(), "every body's bytes are given back once answered");
            HttpResponse<String> after = client.send(HttpRequest.newBuilder(URI.create(h.url("/up")))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, after.statusCode());
        }
    }
}
