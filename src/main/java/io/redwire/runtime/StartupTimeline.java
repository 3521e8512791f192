package io.redwire.runtime;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The start-up's phases with their time since the process started (wall) and the process's CPU time, for finding
 * where start-up goes. Off unless {@code REDWIRE_TIMELINE=1} or {@code -Dredwire.timeline=true}; then each phase
 * costs one read of the process's CPU time. CPU time is the figure to compare on a busy machine: wall time there
 * mostly measures the other processes.
 */
public final class StartupTimeline {
    private static final boolean ON = Boolean.getBoolean("redwire.timeline")
            || "1".equals(System.getenv("REDWIRE_TIMELINE"));
    /** Linux's /proc clock ticks (USER_HZ), the same on every architecture. */
    private static final long PROC_TICKS_PER_SECOND = 100;
    private static final List<String> PHASES = new ArrayList<>();
    private static long originMs = -1;
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
        if (originMs < 0) {
            originMs = processStartMillis();
            long jvmAt = ManagementFactory.getRuntimeMXBean().getStartTime() - originMs;
            phase += " (the launcher took " + jvmAt + " ms of it, the JVM the rest)";
        }
        long wallMs = System.currentTimeMillis() - originMs;
        long cpuMs = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        PHASES.add(String.format("start-up timeline: %6d ms wall (+%5d), %6d ms cpu (+%5d)  %s", wallMs,
                wallMs - lastWallMs, cpuMs, cpuMs - lastCpuMs, phase));
        lastWallMs = wallMs;
        lastCpuMs = cpuMs;
    }

    /**
     * When the process was spawned, in epoch ms, from the kernel's boot clock: its start in ticks since boot
     * (/proc/self/stat) against the time since boot now (/proc/uptime), both 10 ms steps. Not
     * {@code ProcessHandle.info().startInstant()}: that adds the start ticks to /proc/stat's boot time, which is
     * whole seconds, so it puts the start up to a second early (679 ms on the machine of docs/perf/README.md).
     * Elsewhere the JVM's own start time (after the launcher).
     */
    static long processStartMillis() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long startTicks = Long.parseLong(fields[19]); // field 22 of proc(5), counted after the command's name
            double uptimeSeconds = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
            long bootMs = System.currentTimeMillis() - Math.round(uptimeSeconds * 1000);
            return bootMs + startTicks * 1000 / PROC_TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return ManagementFactory.getRuntimeMXBean().getStartTime();
        }
    }

    /** The phases so far, once (later marks are ignored: a redeploy is not start-up). */
    public static synchronized List<String> report() {
        reported = true;
        return List.copyOf(PHASES);
    }
}
