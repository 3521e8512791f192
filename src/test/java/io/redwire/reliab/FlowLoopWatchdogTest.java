package io.redwire.reliab;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.redwire.admin.AdminServer;
import io.redwire.ops.FlowLoopWatchdog;
import io.redwire.testing.Harness;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node that blocks the flow loop is reported: an error log naming what the loop runs, readiness 503 and the
 * stall counter (issue 15). The blocker is a function stuck in a loop for 4 s, past a 1 s stall timeout.
 */
class FlowLoopWatchdogTest {
    static final String FLOW = """
            [{"id":"t1","type":"tab","label":"w"},
             {"id":"in1","type":"http in","z":"t1","url":"/block","method":"get","wires":[["f1"]]},
             {"id":"f1","type":"function","z":"t1","func":"while (true) {}","outputs":1,"wires":[["r1"]]},
             {"id":"r1","type":"http response","z":"t1","wires":[]},
             {"id":"in2","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["r2"]]},
             {"id":"r2","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void aBlockedFlowLoopIsLoggedCountedAndMakesReadinessFailUntilItAnswersAgain() throws Exception {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.list = new java.util.concurrent.CopyOnWriteArrayList<>(); // appended on the watchdog's thread
        Logger logger = (Logger) LoggerFactory.getLogger("redwire");
        logs.start();
        logger.addAppender(logs);
        try (Harness h = new Harness(AdminServer.settings(
                "{\"functionTimeout\":4,\"flowWatchdog\":{\"stallTimeout\":1000}}")).deploy(FLOW)) {
            assertEquals(200, h.get("/ok").statusCode());
            awaitReady(h); // a cold start-up may itself hold the loop past 1 s (class loading, first JS context)
            double before = stalls(h);
            logs.list.clear();
            HttpClient client = HttpClient.newHttpClient();
            CompletableFuture<HttpResponse<String>> blocked = client.sendAsync(HttpRequest.newBuilder(
                    URI.create(h.url("/block"))).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            // the request waits in the function node until its sandbox is built (seconds in a cold JVM)
            long end = System.nanoTime() + 20_000_000_000L;
            while (!logged(logs, "flow loop has not answered") && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertTrue(logged(logs, "flow loop has not answered"), "a stall is logged while the loop is blocked");
            assertTrue(logged(logs, "in node f1 (function)"), "the log names the node");
            assertTrue(logged(logs, "FunctionSandbox.run"), "the log shows what the loop runs");
            // answered once the function's time limit stops the loop (the health request waited for the loop)
            HttpResponse<String> ready = h.get("/health/ready");
            assertEquals(503, ready.statusCode(), ready.body());
            assertTrue(ready.body().contains("stalled"), ready.body());
            assertEquals(before + 1, stalls(h));
            assertTrue(blocked.isDone() || !blocked.isCompletedExceptionally());
            assertEquals(200, h.get("/ok").statusCode(), "the flows serve again");
            awaitReady(h); // after a whole stall timeout answering again
            assertTrue(logged(logs, "flow loop answers again after"));
        } finally {
            logger.detachAppender(logs);
        }
    }

    /**
     * onStall "exit": the engine runs as a child process (as a supervisor would run it); once it serves, a request
     * to /block holds its flow loop past a 2 s stall timeout, and the process ends by itself with status 70.
     */
    @Test
    void onStallExitEndsTheProcessWithStatus70(@TempDir Path dir) throws Exception {
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, FLOW);
        int port = Ports.free();
        try (PeerProcess engine = PeerProcess.start(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.redwire.cli.Main", "run", flows.toString(),
                "--user-dir", dir.resolve("user").toString(), "--port", String.valueOf(port),
                "-D", "flowWatchdog.stallTimeout=2000", "-D", "flowWatchdog.onStall=exit").awaitPort(port)
                .awaitOutput("Started flows", 60)) { // it listens before the flows run, as Node-RED does
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest ok = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ok")).build();
            assertEquals(200, client.send(ok, HttpResponse.BodyHandlers.ofString()).statusCode(), engine.output());
            client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/block")).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(FlowLoopWatchdog.EXIT_STATUS, engine.waitFor(30), engine.output());
            assertTrue(engine.output().contains("flow loop has not answered"), engine.output());
        }
    }

    private static void awaitReady(Harness h) throws Exception {
        long end = System.nanoTime() + 15_000_000_000L;
        int status;
        while ((status = h.get("/health/ready").statusCode()) != 200 && System.nanoTime() < end) {
            Thread.sleep(100);
        }
        assertEquals(200, status, "ready again");
    }

    private static boolean logged(ListAppender<ILoggingEvent> logs, String text) {
        return logs.list.stream().anyMatch(e -> e.getFormattedMessage().contains(text));
    }

    private static double stalls(Harness h) throws Exception {
        for (String line : h.get("/metrics").body().split("\n")) {
            if (line.startsWith("redwire_flow_loop_stalls_total ")) {
                return Double.parseDouble(line.substring(line.indexOf(' ') + 1));
            }
        }
        throw new AssertionError("no redwire_flow_loop_stalls_total");
    }
}
