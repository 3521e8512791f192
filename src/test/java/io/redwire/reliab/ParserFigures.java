package io.redwire.reliab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * Issue 21's parser figures for scripts/hostile.sh ({@link HostileFigures} runs them on a fresh engine each): deploys
 * {@link HostileParserInputTest#FLOW} and sends each hostile input while {@link FlowLoopProbe} measures how long
 * the flow loop is held. A figure passes when its request is answered (500 with the node's error; $pad 200) within
 * 10 s, the flow loop answers /ok within 2 s meanwhile and afterwards.
 */
final class ParserFigures {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    private final String base;
    private final BiConsumer<Boolean, String> figure;

    ParserFigures(int port, BiConsumer<Boolean, String> figure) {
        this.base = "http://127.0.0.1:" + port;
        this.figure = figure;
    }

    void yamlAliasBomb() throws Exception {
        refused("yaml alias bomb (" + HostileParserInputTest.yamlAliasBomb().length() + " B, 9^9 strings)", "/yaml",
                HostileParserInputTest.yamlAliasBomb(), "yamlMaxAliasExpansion");
    }

    void csvFields() throws Exception {
        refused("csv (RFC 4180 mode) line of 2.5 M fields (5 MB)", "/csv", HostileParserInputTest.csvLine(),
                "csvMaxFieldsPerLine");
        refused("csv (legacy mode) line of 2.5 M fields (5 MB)", "/csv-legacy", HostileParserInputTest.csvLine(),
                "csvMaxFieldsPerLine");
    }

    void deepXml() throws Exception {
        refused("100 000 nested XML elements", "/xml", HostileParserInputTest.nestedXml(100_000), "xmlMaxDepth");
    }

    void pad() throws Exception {
        deploy();
        try (FlowLoopProbe probe = new FlowLoopProbe(base + "/ok")) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/pad"))
                    .timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            probe.close();
            figure.accept(r.statusCode() == 200 && r.body().length() == 1_000_000 && ms < 10_000
                    && probe.slowestMs() < 2000 && probe.failed() == 0, "$pad('', 1e6, 'a') in a change node: "
                    + r.statusCode() + ", " + r.body().length() + " chars in " + ms + " ms, flow loop held at most "
                    + probe.slowestMs() + " ms");
        }
    }

    private void refused(String what, String path, String body, String setting) throws Exception {
        deploy();
        try (FlowLoopProbe probe = new FlowLoopProbe(base + "/ok")) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(120)).header("content-type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            int ok = http.send(HttpRequest.newBuilder(URI.create(base + "/ok")).timeout(Duration.ofSeconds(20))
                    .build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            probe.close();
            figure.accept(r.statusCode() == 500 && r.body().contains(setting) && ms < 10_000 && ok == 200
                    && probe.slowestMs() < 2000 && probe.failed() == 0, what + ": " + r.statusCode() + " '"
                    + r.body() + "' in " + ms + " ms, flow loop held at most " + probe.slowestMs() + " ms, /ok " + ok);
        }
    }

    private void deploy() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full")
                .POST(HttpRequest.BodyPublishers.ofString(HostileParserInputTest.FLOW)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 204 && r.statusCode() != 200) {
            throw new IllegalStateException("deploy answered " + r.statusCode() + ": " + r.body());
        }
    }
}
