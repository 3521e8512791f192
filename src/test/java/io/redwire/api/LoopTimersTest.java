package io.redwire.api;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** LoopTimers on a hand-driven clock: Node.js's timer order without racing the wall clock. */
class LoopTimersTest {
    private long clock = 10_000;
    private final List<Long> wakeUps = new ArrayList<>();
    private final LoopTimers timers = new LoopTimers(() -> clock, wakeUps::add);
    private final List<String> fired = new ArrayList<>();

    private void advanceTo(long ms) {
        clock = ms;
        timers.runDue();
    }

    /**
     * Node-RED's "Manual join mode" example: a delay limiting to 1 msg/s arms its interval as it passes Apple, then
     * the join arms its 2 s timeout on Apple, in the same loop turn. At 2 s the timeout fires before the delay
     * releases Banana (its interval re-armed at 1 s, after the timeout), so the join sends "Apple,Orange".
     */
    @Test
    void timersDueTogetherFireInTheOrderTheyWereArmed() {
        timers.turn(() -> {
            timers.setInterval(1000, () -> fired.add("delay releases at " + clock));
            clock += 1; // a later millisecond within the same turn: the turn's time counts
            timers.setTimeout(2000, () -> fired.add("join times out at " + clock));
            return null;
        });
        advanceTo(11_000);
        advanceTo(12_000);
        assertEquals(List.of("delay releases at 11000", "join times out at 12000", "delay releases at 12000"), fired);
    }

    @Test
    void anIntervalCountsFromWhenItRanAndEveryDueTimerFiresInOneWakeUp() {
        long interval = timers.setInterval(100, () -> fired.add("tick " + clock));
        timers.setTimeout(230, () -> fired.add("timeout " + clock));
        advanceTo(10_130); // late: the next tick is due at 10_230, not 10_200
        advanceTo(10_229); // neither is due yet
        advanceTo(10_230);
        assertEquals(List.of("tick 10130", "timeout 10230", "tick 10230"), fired);
        timers.clear(interval);
        advanceTo(20_000);
        assertEquals(3, fired.size(), "a cleared interval stops");
        assertEquals(0, timers.pending());
    }

    @Test
    void aWakeUpIsAskedOnlyWhenAnEarlierTimerIsArmed() {
        timers.setTimeout(500, () -> fired.add("a"));
        timers.setTimeout(800, () -> fired.add("b"));
        timers.setTimeout(0, () -> fired.add("c")); // Node.js: a delay under 1 ms is 1 ms
        assertEquals(List.of(500L, 1L), wakeUps);
        advanceTo(10_001);
        assertEquals(List.of("c"), fired);
        assertEquals(499L, wakeUps.get(2), "woken again for the next one");
    }

    @Test
    void aFailingTimerDoesNotStopTheOthersDueWithIt() {
        timers.setTimeout(10, () -> {
            throw new IllegalStateException("boom");
        });
        timers.setTimeout(10, () -> fired.add("second"));
        clock += 10;
        assertThrows(IllegalStateException.class, timers::runDue);
        assertEquals(List.of("second"), fired);
    }
}
