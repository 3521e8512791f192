package io.redwire.it;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** `java -jar target/redwire.jar ...` started in the background: its output collected, waited on, stopped. */
final class RunningRedwire implements AutoCloseable {
    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final Thread reader;

    private RunningRedwire(Process process) {
        this.process = process;
        this.reader = new Thread(() -> drain(process.getInputStream()), "redwire-output");
        reader.setDaemon(true);
        reader.start();
    }

    static RunningRedwire start(java.nio.file.Path workDir, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("java", "-Dpolyglot.engine.WarnInterpreterOnly=false", "-jar",
                Processes.jar().toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        return start(new ProcessBuilder(cmd).directory(workDir.toFile()));
    }

    /** Any command that runs Redwire (e.g. the distribution's bin/redwire), as the builder describes it. */
    static RunningRedwire start(ProcessBuilder command) throws IOException {
        return new RunningRedwire(command.redirectErrorStream(true).start());
    }

    private void drain(InputStream in) {
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = in.read(buf)) > 0) {
                output.append(new String(buf, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException ignored) {
            // process ended
        }
    }

    String output() {
        return output.toString();
    }

    /** Waits until the output has a line matching the pattern; fails with the output so far. */
    void awaitOutput(String regex, long timeoutSeconds) throws InterruptedException {
        Pattern p = Pattern.compile(regex, Pattern.MULTILINE);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!p.matcher(output).find()) {
            if (!process.isAlive()) {
                reader.join(10_000); // let the reader take the last bytes
                if (p.matcher(output).find()) {
                    return;
                }
                throw new AssertionError("redwire exited " + process.exitValue() + " before /" + regex + "/:\n"
                        + output);
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no /" + regex + "/ within " + timeoutSeconds + " s:\n" + output);
            }
            Thread.sleep(50);
        }
    }

    /**
     * SIGTERM, as `kill` or a container stop sends it. Through the ProcessHandle: Process.destroy() also closes this
     * side of the child's stdout pipe, so whatever the child logs while it stops would be lost.
     */
    void terminate() {
        process.toHandle().destroy();
    }

    /** kill -9: no shutdown hooks run. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    int awaitExit(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            throw new AssertionError("redwire still running after " + timeoutSeconds + " s:\n" + output);
        }
        reader.join(10_000); // the last lines it wrote
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
