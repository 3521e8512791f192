package io.redwire.it;

import io.redwire.testing.Ports;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs one of the recorded Node-RED 5.0.7 suites in ../shared against the built jar (scripts/conformance.sh). */
final class RecordedSuite {
    private static final Pattern SUMMARY = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed");

    private RecordedSuite() {
    }

    /** Every case of the suite must pass; its "N passed, N failed" line is printed for the record. */
    static void assertAllPass(String suiteDir, String junitFile) throws Exception {
        Processes.jar();
        Path suite = Path.of("..", "shared", suiteDir);
        assertTrue(Files.isDirectory(suite), "suite not found at " + suite.toAbsolutePath());
        // 30 s per request: on a loaded shared machine the first function node's JS context can take over 10 s
        Processes.Result r = Processes.run(List.of("bash", "scripts/conformance.sh", "--junit", junitFile,
                        "--timeout", "30"),
                Map.of("CONFORMANCE_DIR", suite.toAbsolutePath().toString(),
                        "CONF_PORT", String.valueOf(Ports.free()), "SHOW_ENGINE_LOG", "1"), 900);
        System.out.println(r.output());
        Matcher m = SUMMARY.matcher(r.output());
        assertTrue(m.find(), "no summary line in the output of " + suiteDir);
        assertEquals("0", m.group(2), m.group(0));
        assertEquals(0, r.exitCode());
    }
}
