package io.redwire.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.logging.Log;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;
import io.redwire.runtime.Engine;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Notices a flow loop that stops answering (a node blocking its thread) from a thread of its own: it posts a
 * heartbeat to the loop and, when one has waited longer than {@code flowWatchdog.stallTimeout} (10 s), logs an
 * error with what the loop thread is running, counts {@code redwire_flow_loop_stalls_total}, shows the blocked
 * time in {@code redwire_flow_loop_blocked_seconds} and makes readiness fail until the loop has answered for a
 * whole stall timeout again. With {@code flowWatchdog.onStall: "exit"} the process then ends with status 70 so its
 * supervisor starts a fresh one: a thread stuck in a node cannot be taken back from inside the process.
 */
public final class FlowLoopWatchdog implements AutoCloseable {
    /** The exit status of a process ended by the watchdog (EX_SOFTWARE). */
    public static final int EXIT_STATUS = 70;
    private static final int TOP_FRAMES = 3;
    private static final int OWN_FRAMES = 8;

    private final Engine engine;
    private final Log log;
    private final long stallNanos;
    private final boolean exit;
    private final Runnable halt;
    private final Counter stalls;
    private final ScheduledExecutorService timer;
    private volatile long pingSent;      // nanoTime of the heartbeat waiting for the loop, 0 when none waits
    private volatile long answeredAgain; // nanoTime the loop answered after its last stall
    private volatile boolean stalled;

    /** Null when the settings turn it off ({@code flowWatchdog.stallTimeout: 0}). */
    public static FlowLoopWatchdog start(Engine engine, MeterRegistry meters, Runnable halt) {
        long timeoutMs = RuntimeSettings.FLOW_WATCHDOG_STALL_TIMEOUT.read(engine.settings());
        if (timeoutMs <= 0) {
            return null;
        }
        // another onStall value is warned about, naming the key, with the settings' other problems
        boolean exit = RuntimeSettings.FLOW_WATCHDOG_ON_STALL.read(engine.settings()).equals("exit");
        return new FlowLoopWatchdog(engine, meters, timeoutMs, exit, halt);
    }

    private FlowLoopWatchdog(Engine engine, MeterRegistry meters, long timeoutMs, boolean exit, Runnable halt) {
        this.engine = engine;
        this.log = engine.log();
        this.stallNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.exit = exit;
        this.halt = halt;
        this.stalls = Counter.builder("redwire_flow_loop_stalls").description("times the flow loop stopped "
                + "answering for longer than flowWatchdog.stallTimeout").register(meters);
        Gauge.builder("redwire_flow_loop_blocked_seconds", this, FlowLoopWatchdog::blockedSeconds)
                .description("how long the flow loop has not answered the watchdog").register(meters);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "redwire-flow-watchdog");
            t.setDaemon(true);
            return t;
        });
        long tick = Math.max(20, timeoutMs / 5);
        // an OutOfMemoryError met while a node fills the heap must not end the checks for good
        timer.scheduleWithFixedDelay(JvmErrors.surviving(this::check, e -> log.error("flow-loop watchdog: "
                + NodeError.textOf(e))), tick, tick, TimeUnit.MILLISECONDS);
    }

    private void check() {
        long sent = pingSent;
        long now = System.nanoTime();
        if (sent == 0) {
            pingSent = now;
            engine.loop().runOnContext(v -> answered());
        } else if (!stalled && now - sent > stallNanos) {
            stalled = true;
            stalls.increment();
            Node node = engine.delivering();
            log.error("flow loop has not answered for " + TimeUnit.NANOSECONDS.toMillis(now - sent) + " ms"
                    + (node == null ? "" : " (handling a message in node " + node.id() + " (" + node.type() + "))")
                    + "; it is running:" + loopStack());
            if (exit) {
                log.error("flowWatchdog.onStall is \"exit\": ending the process (status " + EXIT_STATUS + ")");
                halt.run();
            }
        }
    }

    private void answered() {
        long waited = System.nanoTime() - pingSent;
        if (stalled) {
            answeredAgain = System.nanoTime();
            stalled = false;
            log.warn("flow loop answers again after " + TimeUnit.NANOSECONDS.toMillis(waited) + " ms");
        }
        pingSent = 0;
    }

    /** The innermost frames, then Redwire's own (a library's frames alone rarely say which node it is). */
    private String loopStack() {
        Thread t = engine.loopThread();
        if (t == null) {
            return " (unknown)";
        }
        StackTraceElement[] stack = t.getStackTrace();
        Stream<StackTraceElement> own = Arrays.stream(stack).skip(TOP_FRAMES)
                .filter(f -> f.getClassName().startsWith("io.redwire.")).limit(OWN_FRAMES);
        return Stream.concat(Arrays.stream(stack).limit(TOP_FRAMES), own).map(f -> "\n    at " + f)
                .collect(Collectors.joining());
    }

    /** Stalled now, or answering again for less than a stall timeout: not ready. */
    public boolean unhealthy() {
        long again = answeredAgain;
        return stalled || (again != 0 && System.nanoTime() - again < stallNanos);
    }

    private double blockedSeconds() {
        long sent = pingSent;
        return sent == 0 ? 0 : (System.nanoTime() - sent) / 1e9;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
