package io.redwire.nodes.exec;

import io.vertx.core.Context;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A started OS process whose output and exit are reported on a Vert.x context, the way Node's child_process reports
 * them to the exec node: output chunks as they are read, then one close with the exit code, or no code and the name
 * of the signal that ended it. Java reports a signalled process as 128 + signal number; since only the signals this
 * class sent can be told apart from such an exit code, those are the ones reported as signals.
 */
final class ChildProcess {
    /** How a process ended: code null when a signal ended it. */
    record Exit(long pid, Integer code, String signal) {
    }

    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ExecutorService IO = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "redwire-exec-io-" + COUNT.incrementAndGet());
        t.setDaemon(true);
        return t;
    });
    private static final Map<String, Integer> SIGNALS = Map.of("SIGHUP", 1, "SIGINT", 2, "SIGQUIT", 3, "SIGKILL", 9,
            "SIGUSR1", 10, "SIGUSR2", 12, "SIGTERM", 15, "SIGSTOP", 19, "SIGCONT", 18);

    /**
     * A JVM started in the background inherits SIGINT and SIGQUIT as ignored and passes that on, so msg.kill
     * 'SIGINT' would do nothing; Node's libuv resets signal dispositions in the child. GNU env does the same.
     */
    private static final List<String> DEFAULT_SIGNALS = probeDefaultSignals();

    private final Process process;
    private volatile String signalSent;

    private ChildProcess(Process process) {
        this.process = process;
    }

    /**
     * Starts the command; stdout/stderr chunks go to the consumers (streaming) or are collected; onClose gets the
     * exit and the collected output. All callbacks run on {@code context}.
     */
    static ChildProcess start(List<String> command, Context context, Consumer<byte[]> stdout,
                              Consumer<byte[]> stderr, CloseHandler onClose) throws IOException {
        List<String> argv = new ArrayList<>(DEFAULT_SIGNALS);
        argv.add(executable(command.get(0)));
        argv.addAll(command.subList(1, command.size()));
        Process p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        ChildProcess child = new ChildProcess(p);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CountDownLatch streams = new CountDownLatch(2);
        IO.execute(() -> pump(p.getInputStream(), out, stdout, context, streams));
        IO.execute(() -> pump(p.getErrorStream(), err, stderr, context, streams));
        IO.execute(() -> {
            try {
                streams.await();
                int code = p.waitFor();
                Exit exit = child.exitOf(code);
                context.runOnContext(v -> onClose.closed(exit, out.toByteArray(), err.toByteArray()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return child;
    }

    private static List<String> probeDefaultSignals() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal", "true").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0 ? List.of("env", "--default-signal") : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    /** The program's path as the OS would find it; a missing one fails here, as Node's spawn does (ENOENT). */
    private static String executable(String name) throws IOException {
        if (name.contains("/")) {
            if (!Files.isExecutable(Path.of(name))) {
                throw new NoSuchFileException(name);
            }
            return name;
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (!name.isEmpty() && Files.isExecutable(candidate)
                    && !Files.isDirectory(candidate)) {
                return candidate.toString();
            }
        }
        throw new NoSuchFileException(name);
    }

    /** Receives the end of a process. */
    @FunctionalInterface
    interface CloseHandler {
        void closed(Exit exit, byte[] stdout, byte[] stderr);
    }

    private static void pump(InputStream in, ByteArrayOutputStream collect, Consumer<byte[]> chunks, Context context,
                             CountDownLatch done) {
        byte[] buf = new byte[65536];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                byte[] chunk = Arrays.copyOf(buf, n);
                if (chunks != null) {
                    context.runOnContext(v -> chunks.accept(chunk));
                } else {
                    synchronized (collect) {
                        collect.write(chunk, 0, n);
                    }
                }
            }
        } catch (IOException ignored) {
            // the stream closed under us (process killed): what was read so far stands
        } finally {
            done.countDown();
        }
    }

    private Exit exitOf(int code) {
        String sent = signalSent;
        if (sent != null && SIGNALS.containsKey(sent) && code == 128 + SIGNALS.get(sent)) {
            return new Exit(process.pid(), null, sent);
        }
        return new Exit(process.pid(), code, null);
    }

    long pid() {
        return process.pid();
    }

    /** Sends a signal by name (SIGTERM when unknown to this class). */
    void kill(String signal) {
        String name = SIGNALS.containsKey(signal) ? signal : "SIGTERM";
        signalSent = name;
        if (name.equals("SIGTERM")) {
            process.destroy();
        } else if (name.equals("SIGKILL")) {
            process.destroyForcibly();
        } else {
            try {
                new ProcessBuilder("kill", "-s", name.substring(3), String.valueOf(process.pid())).start();
            } catch (IOException e) {
                process.destroy();
            }
        }
    }
}
