package io.redwire.it;

import io.redwire.msg.Json;
import io.redwire.reliab.DeployHangTest;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `java -jar target/redwire.jar run ...` as a user runs it: headless flows, benchmark flags, bad input. */
class HeadlessCliIT {
    @Test
    void seedHttpLoopRunsHeadlessAndReportsElapsedTimes() throws Exception {
        Processes.Result r = Processes.run(List.of("java", "-jar", Processes.jar().toString(), "run",
                "flows/seed-http-only.json", "--port", String.valueOf(io.redwire.testing.Ports.free()), "--inject", "e95f41214660dee0", "--times", "2",
                "--exit-after-debug", "2", "--debug", "json"), Map.of(), 120);
        assertEquals(0, r.exitCode(), r.output());
        List<String> lines = r.output().lines().filter(l -> l.startsWith("{")).toList();
        assertEquals(2, lines.size(), r.output());
        for (String line : lines) {
            Map<?, ?> debug = (Map<?, ?>) Json.parse(line);
            assertEquals("f81476510ec5f8e4", debug.get("id"));
            assertInstanceOf(Number.class, debug.get("value"), line);
            assertTrue(((Number) debug.get("value")).doubleValue() >= 0, line);
        }
    }

    @Test
    void malformedFlowFileNamesLineAndColumnAndExitsNonZero() throws Exception {
        java.nio.file.Path bad = java.nio.file.Files.createTempFile("bad", ".json");
        java.nio.file.Files.writeString(bad, "[{\"id\":\"a\",\n \"type\":\"inject\",,}]");
        Processes.Result r = Processes.run(List.of("java", "-jar", Processes.jar().toString(), "run",
                bad.toString(), "--port", String.valueOf(io.redwire.testing.Ports.free())), Map.of(), 60);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.output().contains(bad + ":2:"), r.output());
    }

    @Test
    void aHeadlessRunWithUnknownNodeTypesListsThemAndExitsOne() throws Exception {
        java.nio.file.Path flows = java.nio.file.Files.createTempFile("unknown", ".json");
        java.nio.file.Files.writeString(flows, """
                [{"id":"t","type":"tab"},{"id":"a","type":"mystery","z":"t","x":1,"y":1,"wires":[]},
                 {"id":"b","type":"enigma","z":"t","x":1,"y":1,"wires":[]}]""");
        Processes.Result r = Processes.run(List.of("java", "-jar", Processes.jar().toString(), "run",
                flows.toString(), "--port", String.valueOf(io.redwire.testing.Ports.free()),
                "--exit-after-debug", "1"), Map.of(), 60);
        assertEquals(1, r.exitCode(), r.output());
        assertTrue(r.output().contains("enigma (used by b)") && r.output().contains("mystery (used by a)"),
                r.output());
    }

    @Test
    void aFlowFileTooDeeplyNestedToParseExitsOneQuicklyInsteadOfHanging() throws Exception {
        java.nio.file.Path flows = java.nio.file.Files.createTempFile("deep", ".json");
        java.nio.file.Files.writeString(flows, io.redwire.reliab.DeployHangTest.deepJsonata());
        long t0 = System.nanoTime();
        Processes.Result r = Processes.run(List.of("java", "-jar", Processes.jar().toString(), "run",
                flows.toString(), "--port", String.valueOf(io.redwire.testing.Ports.free())), Map.of(), 60);
        assertEquals(1, r.exitCode(), r.output());
        assertTrue(r.output().contains("nested deeper than"), r.output());
        assertTrue(System.nanoTime() - t0 < 45_000_000_000L, "exited before the 60 s start limit");
    }
}
