package io.redwire.it;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The public Node-RED 5.0.7 conformance suite (../shared/conformance) against the built jar: all must pass. */
class ConformanceIT {
    private static final Pattern SUMMARY = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed");

    @Test
    void everyRecordedCasePasses() throws Exception {
        Processes.jar();
        Path suite = Path.of("..", "shared", "conformance");
        assertTrue(Files.isDirectory(suite), "conformance suite not found at " + suite.toAbsolutePath());
        Processes.Result r = Processes.run(List.of("bash", "scripts/conformance.sh", "--junit",
                "target/conformance-junit.xml"), Map.of("CONF_PORT", "18890", "SHOW_ENGINE_LOG", "1"), 900);
        System.out.println(r.output());
        Matcher m = SUMMARY.matcher(r.output());
        assertTrue(m.find(), "no summary line in the conformance output");
        assertEquals("0", m.group(2), m.group(0));
        assertEquals(0, r.exitCode());
    }
}
