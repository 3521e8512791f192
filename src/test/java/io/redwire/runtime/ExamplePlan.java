package io.redwire.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * How one example is run: what to create in the scratch directory first, how long to wait after the deploy and
 * after each inject (fired in reading order). A wait is a quiet time (no debug message for that long) of 500 ms, or
 * the longest timer the inject's messages can meet plus 700 ms (timers beyond 6 s are not waited for: the next
 * deploy drops them); the list can set an example's quiet time, or a fixed window for output that never goes quiet.
 */
record ExamplePlan(ExampleFlow flow, List<String> create, Wait afterDeploy, List<Step> injects) {
    static final long QUIET_MS = 500;
    static final long TIMER_MARGIN_MS = 700;
    static final long TIMER_CAP_MS = 6000;

    /** No debug message for {@code millis}; or, {@code fixed}, exactly {@code millis}. */
    record Wait(long millis, boolean fixed) {
        Wait longer(int times) {
            return fixed ? this : new Wait(millis * times, false);
        }
    }

    record Step(String inject, Wait then) {
    }

    static ExamplePlan of(String name, ExampleFlow flow, ExampleList list) {
        Map<String, Long> once = flow.onceInjects();
        Wait afterDeploy = new Wait(once.isEmpty() ? QUIET_MS : quiet(name, flow, once.keySet(), list)
                + once.values().stream().mapToLong(Long::longValue).max().orElse(0), false);
        List<Step> steps = new ArrayList<>();
        for (String inject : flow.injectsInReadingOrder()) {
            Long window = list.window().get(name);
            steps.add(new Step(inject, window != null ? new Wait(window, true)
                    : new Wait(quiet(name, flow, List.of(inject), list), false)));
        }
        return new ExamplePlan(flow, list.create().getOrDefault(name, List.of()), afterDeploy, steps);
    }

    private static long quiet(String name, ExampleFlow flow, Collection<String> from, ExampleList list) {
        long timer = flow.longestTimerFrom(from);
        return list.settle().getOrDefault(name,
                timer == 0 ? QUIET_MS : Math.max(QUIET_MS, Math.min(timer, TIMER_CAP_MS) + TIMER_MARGIN_MS));
    }

    /** The same run with quiet times {@code times} as long (to confirm a difference). */
    ExamplePlan longer(int times) {
        return new ExamplePlan(flow, create, afterDeploy.longer(times),
                injects.stream().map(s -> new Step(s.inject(), s.then().longer(times))).toList());
    }
}
