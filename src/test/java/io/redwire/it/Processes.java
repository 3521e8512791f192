package io.redwire.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command to completion with a time limit, returning its exit code and combined output. */
final class Processes {
    record Result(int exitCode, String output) {
    }

    private Processes() {
    }

    static Result run(List<String> command, Map<String, String> env, long timeoutSeconds) throws IOException,
            InterruptedException {
        Path log = Files.createTempFile("redwire-it", ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(command + " did not finish in " + timeoutSeconds + " s:\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        return new Result(p.exitValue(), out);
    }

    /** The shaded jar `mvn package` built. */
    static Path jar() {
        Path jar = Path.of("target", "redwire.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException("target/redwire.jar is missing: run `mvn verify`, not only `mvn test`");
        }
        return jar;
    }
}
