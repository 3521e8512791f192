package io.redwire.reliab;

import io.redwire.testing.PeerProcess;
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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node's code that runs out of memory or overflows the stack, in an engine with the launcher's production JVM
 * settings (serial GC, -Xmx384m, 512 kB stacks) as a child process (issue 21): the request is answered by the catch
 * node's 500, the log names the node, the next request is served, and Vert.x's blocked-thread checker and the
 * flow-loop watchdog still report a blocked loop afterwards.
 */
class NodeJvmErrorsTest {
    /** The launcher's JVM options that bound memory and stacks (./redwire). */
    static final List<String> LAUNCHER_LIMITS = List.of("-XX:+UseSerialGC", "-Xmx384m", "-Xss512k");

    @Test
    void aNodeRunningOutOfMemoryIsItsErrorAndTheWatchdogsLiveOn(@TempDir Path dir) throws Exception {
        // a bound far above the heap, so the template renders until the JVM itself refuses the memory
        try (Child c = Child.start(dir, "-D", "templateMaxOutput=100000000000")) {
            HttpResponse<String> r = c.get("/tpl", 120);
            assertEquals(500, r.statusCode(), r.body() + "\n" + c.engine.output());
            assertTrue(r.body().startsWith("RangeError: Out of memory"), r.body());
            assertTrue(c.engine.output().contains("[template:tpl] ran out of memory"), c.engine.output());
            c.assertServesAndWatchdogsLive();
        }
    }

    /** By default the same template stops at templateMaxOutput, well before the heap is full, in under 5 s. */
    @Test
    void aTemplateOverLongListsStopsAtItsOutputBound(@TempDir Path dir) throws Exception {
        try (Child c = Child.start(dir)) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = c.get("/tpl", 60);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(500, r.statusCode(), r.body() + "\n" + c.engine.output());
            assertEquals("Template output passed 16777216 characters", r.body());
            assertTrue(ms < 5000, "answered after " + ms + " ms");
            c.assertServesAndWatchdogsLive();
        }
    }

    @Test
    void aNodeOverflowingTheStackIsItsError(@TempDir Path dir) throws Exception {
        try (Child c = Child.start(dir)) {
            HttpResponse<String> r = c.get("/deep", 60);
            assertEquals(500, r.statusCode(), r.body() + "\n" + c.engine.output());
            assertEquals("Maximum call stack size exceeded", r.body()); // mustache.js's err.message, as Node-RED's
            c.assertServesAndWatchdogsLive();
        }
    }

    /** The engine as a child JVM serving {@link NodeErrorFigures#FLOWS}, with a 1 s watchdog stall timeout. */
    record Child(PeerProcess engine, int port, HttpClient http) implements AutoCloseable {
        static Child start(Path dir, String... defines) throws Exception {
            Path flows = dir.resolve("flows.json");
            Files.writeString(flows, NodeErrorFigures.FLOWS);
            int port = Ports.free();
            List<String> cmd = new java.util.ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(LAUNCHER_LIMITS);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.redwire.cli.Main", "run",
                    flows.toString(), "--user-dir", dir.resolve("user").toString(), "--port", String.valueOf(port),
                    "-D", "flowWatchdog.stallTimeout=1000"));
            cmd.addAll(List.of(defines));
            PeerProcess engine = PeerProcess.start(cmd.toArray(String[]::new));
            engine.awaitPort(port).awaitOutput("Started flows", 60);
            return new Child(engine, port, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build());
        }

        HttpResponse<String> get(String path, int seconds) throws Exception {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(seconds)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** /ok answers; a 2.5 s block of the loop is still reported by Vert.x's checker and by the watchdog. */
        void assertServesAndWatchdogsLive() throws Exception {
            assertEquals(200, get("/ok", 20).statusCode(), engine.output());
            String threads = NodeErrorFigures.threadDump(engine.process().pid());
            assertTrue(threads.contains("\"vertx-blocked-thread-checker\""), threads);
            assertTrue(threads.contains("\"redwire-flow-watchdog\""), threads);
            int stalls = count("flow loop has not answered");
            int blocked = count("has been blocked for");
            assertEquals(200, get("/block", 30).statusCode(), engine.output());
            long end = System.nanoTime() + 10_000_000_000L;
            while ((count("flow loop has not answered") == stalls || count("has been blocked for") == blocked)
                    && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertTrue(count("flow loop has not answered") > stalls, "the watchdog reports:\n" + engine.output());
            assertTrue(count("has been blocked for") > blocked, "Vert.x's checker reports:\n" + engine.output());
            assertTrue(engine.process().isAlive(), engine.output());
        }

        private int count(String text) {
            return engine.output().split(java.util.regex.Pattern.quote(text), -1).length - 1;
        }

        @Override
        public void close() throws Exception {
            engine.close();
        }
    }
}
