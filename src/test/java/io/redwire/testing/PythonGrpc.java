package io.redwire.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An independent gRPC peer: the scripts in src/test/resources/grpc run by Debian's python3-grpcio (stubs made at
 * runtime with python3-grpc-tools), importable only under /usr/bin/python3. Tests skip when it is missing.
 */
public final class PythonGrpc {
    private static final String PYTHON = "/usr/bin/python3";
    private static final Path SCRIPTS = Path.of("src/test/resources/grpc");

    private PythonGrpc() {
    }

    /** Skips the calling tests unless /usr/bin/python3 imports grpc and grpc_tools. */
    public static void assume() throws Exception {
        boolean ok = Files.isExecutable(Path.of(PYTHON));
        if (ok) {
            Process p = new ProcessBuilder(PYTHON, "-c", "import grpc, grpc_tools").redirectErrorStream(true).start();
            ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        }
        Assumptions.assumeTrue(ok, PYTHON + " cannot import grpc and grpc_tools (apt-get install python3-grpcio "
                + "python3-grpc-tools); Python gRPC tests skipped");
    }

    /** Runs a script and returns its stdout; fails with its stderr when it exits non-zero. */
    public static String run(String script, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, SCRIPTS.resolve(script).toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), script + " timed out");
        assertEquals(0, p.exitValue(), script + " failed:\n" + err + out);
        return out.trim();
    }

    /** Starts a server script that prints "PORT n" once it listens and stops when its stdin closes. */
    public static Server server(String script, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, SCRIPTS.resolve(script).toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        if (line == null || !line.startsWith("PORT ")) {
            p.destroyForcibly();
            throw new IllegalStateException(script + " did not start: " + line);
        }
        return new Server(p, Integer.parseInt(line.substring("PORT ".length()).trim()));
    }

    public record Server(Process process, int port) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            try {
                process.getOutputStream().close();
            } catch (java.io.IOException gone) {
                // it has exited already
            }
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
