package io.redwire.it;

import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The built jar stopped as an operator stops it: SIGTERM mid-request, and kill -9 with a file context store. */
class GracefulStopIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void sigtermLetsARequestWaitingInADelayNodeFinishThenExits0WithStoppedFlows(@TempDir Path dir)
            throws Exception {
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, """
                [{"id":"t","type":"tab","label":"t"},
                 {"id":"in","type":"http in","z":"t","url":"/slow","method":"get","x":1,"y":1,"wires":[["wait"]]},
                 {"id":"wait","type":"delay","z":"t","pauseType":"delay","timeout":"3","timeoutUnits":"seconds",
                  "rate":"1","nbRateUnits":"1","rateUnits":"second","randomFirst":"1","randomLast":"5",
                  "randomUnits":"seconds","drop":false,"allowrate":false,"outputs":1,"x":1,"y":1,"wires":[["set"]]},
                 {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"waited",
                  "tot":"str"}],"x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
                """);
        int port = Ports.free();
        try (RunningRedwire rw = RunningRedwire.start(dir, flows.toString(), "-p", String.valueOf(port), "-u",
                dir.toString())) {
            rw.awaitOutput("Started flows", 90);
            assertEquals(200, get(port, "/health/ready").statusCode());
            CompletableFuture<HttpResponse<String>> pending = CompletableFuture.supplyAsync(() -> {
                try {
                    return get(port, "/slow");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1000); // the request is now held by the delay node
            rw.terminate();
            HttpResponse<String> answer = pending.get(30, TimeUnit.SECONDS);
            assertEquals(200, answer.statusCode(), rw.output());
            assertEquals("waited", answer.body());
            assertEquals(0, rw.awaitExit(30), rw.output());
            String log = rw.output();
            assertTrue(log.indexOf("Stopping flows") >= 0 && log.indexOf("Stopping flows") < log.indexOf("Stopped flows"),
                    log);
        }
    }

    @Test
    void aFileContextStoreLosesAtMostOneFlushIntervalToKill9(@TempDir Path dir) throws Exception {
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, """
                [{"id":"t","type":"tab","label":"t"},
                 {"id":"in","type":"http in","z":"t","url":"/inc","method":"get","x":1,"y":1,"wires":[["fn"]]},
                 {"id":"fn","type":"function","z":"t","func":"const n = (flow.get('n') || 0) + 1;\\nflow.set('n', n);\\nmsg.payload = String(n);\\nreturn msg;",
                  "outputs":1,"x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
                """);
        Path settings = dir.resolve("settings.js");
        Files.writeString(settings, """
                module.exports = { contextStorage: { default: { module: "localfilesystem",
                    config: { flushInterval: 1 } } } };
                """);
        int port = Ports.free();
        String[] args = {flows.toString(), "-p", String.valueOf(port), "-u", dir.toString(), "-s", settings.toString()};
        try (RunningRedwire rw = RunningRedwire.start(dir, args)) {
            rw.awaitOutput("Started flows", 90);
            assertEquals("1", get(port, "/inc").body());
            assertEquals("2", get(port, "/inc").body());
            Thread.sleep(2500); // more than one flush interval
            rw.kill();
        }
        assertTrue(Files.readString(dir.resolve("context/t/flow.json")).contains("2"));
        try (RunningRedwire rw = RunningRedwire.start(dir, args)) {
            rw.awaitOutput("Started flows", 90);
            assertEquals("3", get(port, "/inc").body(), rw.output());
        }
    }
}
