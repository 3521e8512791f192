package io.redwire.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The start-up's phases with their time since the JVM started (wall) and the process's CPU time, for finding where
 * start-up goes. Off unless {@code REDWIRE_TIMELINE=1} or {@code -Dredwire.timeline=true}; then each phase costs
 * one read of the process's CPU time. CPU time is the figure to compare on a busy machine: wall time there mostly
 * measures the other processes.
 */
public final class StartupTimeline {
    private static final boolean ON = Boolean.getBoolean("redwire.timeline")
            || "1".equals(System.getenv("REDWIRE_TIMELINE"));
    private static final List<String> PHASES = new ArrayList<>();
    private static long lastWallMs;
    private static long lastCpuMs;
    private static boolean reported;

    private StartupTimeline() {
    }

    public static boolean enabled() {
        return ON;
    }

    /** Records that {@code phase} has just ended. */
    public static synchronized void mark(String phase) {
        if (!ON || reported) {
            return;
        }
        ProcessHandle.Info info = ProcessHandle.current().info();
        long wallMs = info.startInstant().map(s -> Duration.between(s, Instant.now()).toMillis()).orElse(-1L);
        long cpuMs = info.totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        PHASES.add(String.format("start-up timeline: %6d ms wall (+%5d), %6d ms cpu (+%5d)  %s", wallMs,
                wallMs - lastWallMs, cpuMs, cpuMs - lastCpuMs, phase));
        lastWallMs = wallMs;
        lastCpuMs = cpuMs;
    }

    /** The phases so far, once (later marks are ignored: a redeploy is not start-up). */
    public static synchronized List<String> report() {
        reported = true;
        return List.copyOf(PHASES);
    }
}
