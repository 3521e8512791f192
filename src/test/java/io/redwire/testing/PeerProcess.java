package io.redwire.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A peer program a test starts (a broker, socat, a Python client); its output goes to a temp file; always killed. */
public final class PeerProcess implements AutoCloseable {
    private final List<String> command;
    private final Process process;
    private final Path log;

    private PeerProcess(List<String> command, Process process, Path log) {
        this.command = command;
        this.process = process;
        this.log = log;
    }

    public static PeerProcess start(String... command) throws IOException {
        Path log = Files.createTempFile("redwire-peer", ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new PeerProcess(List.of(command), p, log);
    }

    /** Waits until something accepts connections on 127.0.0.1:port. */
    public PeerProcess awaitPort(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(command + " exited " + process.exitValue() + ":\n" + output());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return this;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException(command + " did not listen on " + port + ":\n" + output());
    }

    /** Waits until the output contains {@code text}. */
    public PeerProcess awaitOutput(String text, double seconds) throws Exception {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!output().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(command + " did not print '" + text + "':\n" + output());
            }
            Thread.sleep(20);
        }
        return this;
    }

    public Process process() {
        return process;
    }

    /** Waits for the process to end by itself. */
    public int waitFor(double seconds) throws Exception {
        if (!process.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(command + " still running after " + seconds + " s:\n" + output());
        }
        return process.exitValue();
    }

    public String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /** SIGKILL, as a crash: sockets are closed by the kernel, no protocol goodbye. */
    public void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        kill();
        Files.deleteIfExists(log);
    }
}
