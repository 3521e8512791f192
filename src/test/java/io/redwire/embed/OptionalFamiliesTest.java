package io.redwire.embed;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GraalJS and libthrift are optional dependencies: an application without them on its class path runs an embedded
 * engine, and the function and thrift families are skipped with a warning that names the missing library.
 */
class OptionalFamiliesTest {
    @Test
    void familiesWhoseLibrariesAreMissingAreSkippedByName() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("/org/graalvm/") && !entry.contains("/org/apache/thrift/"))
                .collect(Collectors.joining(File.pathSeparator));
        assertTrue(classPath.contains("vertx-core"), classPath);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", classPath, WithoutOptionalLibraries.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);

        List<String> lines = output.lines().toList();
        assertTrue(lines.contains("debug: ok!"), output);
        assertTrue(lines.stream().anyMatch(l -> l.contains("node family function (io.redwire.nodes.function."
                + "FunctionNodes) from class path skipped: needs GraalJS")), output);
        assertTrue(lines.stream().anyMatch(l -> l.contains("node family thrift (io.redwire.nodes.thrift.ThriftNodes) "
                + "from class path skipped: needs org.apache.thrift:libthrift")), output);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("refused: ") && l.contains("function")), output);
        assertTrue(lines.stream().noneMatch(l -> l.contains("skipped") && l.contains("grpc")), output);
    }
}
