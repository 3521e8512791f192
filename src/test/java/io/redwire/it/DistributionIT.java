package io.redwire.it;

import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution archive `mvn package` writes, used as on a machine with only a JDK: unpacked elsewhere, no
 * checkout, no Maven on the PATH, `bin/redwire run <flows>` answers an http in route.
 */
class DistributionIT {
    @Test
    void theUnpackedArchiveRunsAFlowWithOnlyAJdk(@TempDir Path dir) throws Exception {
        Path tarball = tarball();
        assertEquals(0, Processes.run(List.of("tar", "xzf", tarball.toAbsolutePath().toString(), "-C",
                dir.toString()), Map.of(), 120).exitCode());
        Path home;
        try (Stream<Path> unpacked = Files.list(dir)) {
            home = unpacked.filter(p -> p.getFileName().toString().startsWith("redwire-")).findFirst().orElseThrow();
        }
        Path launcher = home.resolve("bin/redwire");
        assertTrue(Files.isExecutable(launcher), "bin/redwire is executable");
        assertEquals(Files.readString(Path.of("redwire")), Files.readString(launcher),
                "bin/redwire is the repository's launcher");

        // the launcher takes the jar from lib/, and the start-up archive packaged for the JVM it picks when one is there
        ProcessBuilder print = withOnlyAJdk(new ProcessBuilder(launcher.toString()));
        print.environment().put("REDWIRE_PRINT_JAVA", "1");
        Process printing = print.redirectErrorStream(true).start();
        String command = new String(printing.getInputStream().readAllBytes()).trim();
        assertEquals(0, printing.waitFor(), command);
        Path lib = home.resolve("lib").toRealPath();
        assertTrue(command.contains(" -cp " + lib.resolve("redwire.jar") + " io.redwire.cli.Main"), command);
        Path java = Path.of(command.substring(0, command.indexOf(' ')));
        int major = majorOf(java.isAbsolute() ? java : Path.of(System.getProperty("java.home"), "bin", "java"));
        Path archive = lib.resolve("redwire.jdk" + major + (major >= 25 ? ".aot" : ".jsa"));
        if (Files.exists(archive)) {
            assertTrue(command.contains("=" + archive + " "), command);
        }

        Path work = Files.createDirectories(dir.resolve("work"));
        Path flows = work.resolve("flows.json");
        Files.writeString(flows, """
                [{"id":"t","type":"tab","label":"t"},
                 {"id":"in","type":"http in","z":"t","url":"/hi","method":"get","x":1,"y":1,"wires":[["set"]]},
                 {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg",
                  "to":"from the archive","tot":"str"}],"x":1,"y":1,"wires":[["out"]]},
                 {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
                """);
        int port = Ports.free();
        ProcessBuilder run = withOnlyAJdk(new ProcessBuilder(launcher.toString(), "run", flows.toString(), "-p",
                String.valueOf(port), "-u", work.toString()).directory(work.toFile()));
        try (RunningRedwire rw = RunningRedwire.start(run)) {
            rw.awaitOutput("Started flows", 120);
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/hi")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), rw.output());
            assertEquals("from the archive", answer.body());
            rw.terminate();
            assertEquals(0, rw.awaitExit(60), rw.output());
        }
    }

    /** target/redwire-<version>.tar.gz */
    private static Path tarball() throws IOException {
        try (Stream<Path> target = Files.list(Path.of("target"))) {
            return target.filter(p -> p.getFileName().toString().matches("redwire-.+\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no target/redwire-<version>.tar.gz: run mvn verify"));
        }
    }

    /** A JDK's feature version, from its release file as the launcher reads it. */
    private static int majorOf(Path java) throws IOException {
        Path release = java.toRealPath().getParent().getParent().resolve("release");
        String v = Files.readAllLines(release).stream().filter(l -> l.startsWith("JAVA_VERSION=")).findFirst()
                .orElseThrow().replaceAll("JAVA_VERSION=\"(\\d+).*", "$1");
        return Integer.parseInt(v);
    }

    /** Only a JDK (this test's, on the PATH) and the basic system tools: nothing of the checkout or the build. */
    private static ProcessBuilder withOnlyAJdk(ProcessBuilder command) {
        command.environment().clear();
        command.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
        command.environment().put("HOME", System.getProperty("java.io.tmpdir"));
        return command;
    }
}
