package io.redwire.api;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * setTimeout / setInterval for nodes, with Node.js's ordering, so flows whose timers fall due together (a join
 * timeout and a rate-limiting delay's next release) run in Node-RED's order. Vert.x timers differ in three ways,
 * each followed here as Node.js (libuv) does it:
 * <ul>
 * <li>a due time is whole milliseconds from the loop's time, read once per loop turn (libuv caches it per loop
 * iteration): timers armed in one turn — a timer batch or one drain of the delivery queue — share their start;</li>
 * <li>timers due at the same millisecond fire in the order they were armed, and every timer due when the loop
 * wakes fires before any message they send is delivered (Node's timers phase runs before the setImmediate queue
 * Node-RED delivers messages from);</li>
 * <li>an interval re-arms from the time it fired (Node's setInterval), not at a fixed rate (Vert.x's periodic).</li>
 * </ul>
 * Used on the flow loop only.
 */
public final class LoopTimers {
    private record Due(long atMs, long seq) implements Comparable<Due> {
        @Override
        public int compareTo(Due o) {
            return atMs != o.atMs ? Long.compare(atMs, o.atMs) : Long.compare(seq, o.seq);
        }
    }

    /** A timer; {@code periodMs} 0 for a timeout. */
    private record Timer(long id, long periodMs, Runnable task) {
    }

    private final LongSupplier clockMs;
    private final LongConsumer wakeIn;
    private final TreeMap<Due, Timer> queue = new TreeMap<>();
    /** Each pending timer's current due time, by id. */
    private final Map<Long, Due> armed = new HashMap<>();
    private long nextId = 1;
    private long nextSeq;
    /** The loop's time during a turn, else -1 (read the clock). */
    private long turnMs = -1;
    /** When the wake-up asked for last will come (MAX_VALUE: none pending). */
    private long wakeAtMs = Long.MAX_VALUE;

    /**
     * @param clockMs a monotonic clock in milliseconds
     * @param wakeIn  asks for {@link #runDue()} on the flow loop after that many milliseconds
     */
    public LoopTimers(LongSupplier clockMs, LongConsumer wakeIn) {
        this.clockMs = clockMs;
        this.wakeIn = wakeIn;
    }

    /** Runs {@code task} once, {@code delayMs} (at least 1) after the loop's time; returns its id. */
    public long setTimeout(long delayMs, Runnable task) {
        return arm(new Timer(nextId++, 0, task), now() + Math.max(1, delayMs));
    }

    /** Runs {@code task} every {@code periodMs} (at least 1), each time counted from when it last ran. */
    public long setInterval(long periodMs, Runnable task) {
        long period = Math.max(1, periodMs);
        return arm(new Timer(nextId++, period, task), now() + period);
    }

    /** Cancels a timer; unknown or finished ids are ignored. */
    public void clear(long id) {
        Due due = armed.remove(id);
        if (due != null) {
            queue.remove(due);
        }
    }

    /** Timers not yet fired or cleared. */
    public int pending() {
        return armed.size();
    }

    /** Runs {@code work} as one loop turn: timers it arms start at the same loop time. */
    public <T> T turn(Supplier<T> work) {
        if (turnMs >= 0) {
            return work.get();
        }
        turnMs = clockMs.getAsLong();
        try {
            return work.get();
        } finally {
            turnMs = -1;
        }
    }

    /**
     * Fires every timer due now, in due-then-armed order (the wake-up's callback). What a timer throws does not stop
     * the others due with it; the first such failure is rethrown afterwards, for the loop's exception handler.
     */
    public void runDue() {
        wakeAtMs = Long.MAX_VALUE;
        Throwable failure;
        try {
            failure = turn(this::fireDue);
        } finally {
            wake();
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    private Throwable fireDue() {
        long now = turnMs;
        Throwable first = null;
        for (var e = queue.firstEntry(); e != null && e.getKey().atMs() <= now; e = queue.firstEntry()) {
            queue.pollFirstEntry();
            Timer t = e.getValue();
            if (t.periodMs() == 0) {
                armed.remove(t.id());
            }
            try {
                t.task().run();
            } catch (RuntimeException | StackOverflowError ex) {
                first = first == null ? ex : first;
            }
            if (t.periodMs() > 0 && e.getKey().equals(armed.get(t.id()))) { // not cleared while it ran
                put(t, now + t.periodMs());
            }
        }
        return first;
    }

    private long now() {
        return turnMs >= 0 ? turnMs : clockMs.getAsLong();
    }

    private long arm(Timer t, long atMs) {
        put(t, atMs);
        wake();
        return t.id();
    }

    private void put(Timer t, long atMs) {
        Due due = new Due(atMs, nextSeq++);
        queue.put(due, t);
        armed.put(t.id(), due);
    }

    /** Asks to be woken for the earliest timer unless a wake-up at or before it is pending. */
    private void wake() {
        if (queue.isEmpty()) {
            return;
        }
        long at = queue.firstKey().atMs();
        if (at < wakeAtMs) {
            wakeAtMs = at;
            wakeIn.accept(Math.max(1, at - clockMs.getAsLong()));
        }
    }
}
