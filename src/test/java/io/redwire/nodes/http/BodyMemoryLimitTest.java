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

/**
 * settings.httpBodyMemoryLimit: concurrent uploads past the total are answered 503, everything is answered; plain
 * bodies and multipart forms alike (the form's file sizes are answered).
 */
class BodyMemoryLimitTest {
    static final String FLOW = """
            [{"id":"t1","type":"tab","label":"up"},
             {"id":"in","type":"http in","z":"t1","url":"/up","method":"post","skipBodyParsing":true,"wires":[["dl"]]},
             {"id":"form","type":"http in","z":"t1","url":"/form","method":"post","upload":true,"wires":[["dl"]]},
             {"id":"dl","type":"delay","z":"t1","pauseType":"delay","timeout":"300","timeoutUnits":"milliseconds",
              "wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t1","outputs":1,"wires":[["out"]],
              "func":"msg.payload = String(msg.req.files ? msg.req.files.map(f => f.size) : msg.payload.length); return msg;"},
             {"id":"out","type":"http response","z":"t1","wires":[]},
             {"id":"ok","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["out2"]]},
             {"id":"out2","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void uploadsPastTheTotalAreShedWith503AndOtherRequestsKeepBeingServed() throws Exception {
        int mb = 1024 * 1024;
        try (Harness h = engine("{\"httpBodyMemoryLimit\":\"4mb\"}")) {
            byte[] body = new byte[mb];
            List<CompletableFuture<HttpResponse<String>>> uploads = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                uploads.add(client.sendAsync(HttpRequest.newBuilder(URI.create(h.url("/up")))
                        .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(), HttpResponse.BodyHandlers.ofString()));
            }
            assertEquals(200, h.get("/ok").statusCode(), "served while uploads are held");
            assertSomeAnsweredAndSomeShed(uploads, String.valueOf(mb));
            assertBudgetGivenBack(h);
            HttpResponse<String> after = client.send(HttpRequest.newBuilder(URI.create(h.url("/up")))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, after.statusCode());
        }
    }

    private static final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private static Harness engine(String settings) {
        return new Harness(AdminServer.settings(settings)).deploy(FLOW);
    }

    /** A multipart/form-data body with one file of the given size. */
    static byte[] form(int fileBytes) {
        String head = "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n";
        byte[] h = head.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] tail = "\r\n--XyZ--\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + fileBytes + tail.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(tail, 0, all, h.length + fileBytes, tail.length);
        return all;
    }

    private static HttpRequest.Builder formRequest(Harness h) {
        return HttpRequest.newBuilder(URI.create(h.url("/form"))).timeout(Duration.ofSeconds(60))
                .header("content-type", "multipart/form-data; boundary=XyZ");
    }

    @Test
    void multipartUploadsCountAgainstTheBodyLimitAndTheBudget() throws Exception {
        int mb = 1024 * 1024;
        try (Harness h = engine("{\"httpBodyMemoryLimit\":\"4mb\",\"apiMaxLength\":\"2mb\"}")) {
            HttpResponse<String> one = client.send(formRequest(h).POST(HttpRequest.BodyPublishers.ofByteArray(
                    form(mb))).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("1048576", one.body(), "a file within the limits arrives whole");
            assertEquals(413, client.send(formRequest(h).POST(HttpRequest.BodyPublishers.ofByteArray(form(3 * mb)))
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode(), "declared past apiMaxLength");
            byte[] big = form(3 * mb); // sent chunked: no Content-Length, counted as the file arrives
            assertEquals(413, client.send(formRequest(h).POST(HttpRequest.BodyPublishers.ofInputStream(
                    () -> new java.io.ByteArrayInputStream(big))).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode(), "a chunked file past apiMaxLength");
            List<CompletableFuture<HttpResponse<String>>> uploads = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                uploads.add(client.sendAsync(formRequest(h).POST(HttpRequest.BodyPublishers.ofByteArray(form(mb)))
                        .build(), HttpResponse.BodyHandlers.ofString()));
            }
            assertSomeAnsweredAndSomeShed(uploads, "1048576");
            assertBudgetGivenBack(h);
        }
    }

    /** Every upload answered: 200 with the expected body, or 503 with Retry-After; at least one of each. */
    private static void assertSomeAnsweredAndSomeShed(List<CompletableFuture<HttpResponse<String>>> uploads,
                                                     String answer) throws Exception {
        int ok = 0;
        int shed = 0;
        for (CompletableFuture<HttpResponse<String>> f : uploads) {
            HttpResponse<String> r = f.get();
            if (r.statusCode() == 200) {
                assertEquals(answer, r.body());
                ok++;
            } else {
                assertEquals(503, r.statusCode(), r.body());
                assertEquals("1", r.headers().firstValue("retry-after").orElse(""));
                shed++;
            }
        }
        assertTrue(ok >= 1 && shed >= 1, ok + " answered 200, " + shed + " answered 503");
    }

    private static void assertBudgetGivenBack(Harness h) throws InterruptedException {
        BodyBudget budget = h.server().engine().shared(BodyBudget.class, () -> null);
        long deadline = System.currentTimeMillis() + 5000;
        while (budget.used() != 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, budget.used(), "every body's bytes are given back once answered");
    }
}
