package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.NodeConfig;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import java.util.Arrays;
import java.util.LinkedList;
import java.util.Map;

/**
 * The delay node's rate modes. "rate": the first message passes, later ones queue and leave one per interval (or,
 * with drop, are discarded / sent to output 2). "burst": up to N messages per window. "queue"/"timed": one slot per
 * msg.topic (newest wins), released one topic per interval or all at once.
 */
final class DelayRateLimiter {
    private record Held(Map<String, Object> msg, Done done) {
    }

    private static final long DEPTH_REPORT_MS = 500;

    private final DelayNode node;
    private final String mode;
    private final boolean drop;
    private final boolean allowRate;
    private final boolean secondOutput;
    /** Milliseconds between releases (rate/queue/timed). */
    private final double fixedRate;
    private double rate;
    /** Burst mode: messages per window, and the window length. */
    private final double burst;
    private final double windowMs;

    private LinkedList<Held> buffer = new LinkedList<>();
    private long interval = -1;
    private long depthTimer = -1;
    private long lastSentNanos = -1;
    private int inflight;
    private long[] burstTimers = new long[0];

    DelayRateLimiter(DelayNode node, NodeConfig c) {
        this.node = node;
        this.mode = c.str(DelayNode.PAUSE_TYPE);
        this.drop = c.bool(DelayNode.DROP);
        this.allowRate = c.bool(DelayNode.ALLOWRATE);
        this.secondOutput = c.num(DelayNode.OUTPUTS) == 2;
        double unit = switch (c.str(DelayNode.RATE_UNITS)) {
            case "minute" -> 60_000;
            case "hour" -> 3_600_000;
            case "day" -> 86_400_000;
            default -> 1000;
        };
        double perUnits = DelayNode.rawNumber(c, DelayNode.NB_RATE_UNITS);
        double r = unit / DelayNode.rawNumber(c, DelayNode.RATE);
        this.fixedRate = r * (perUnits > 0 ? perUnits : 1);
        this.rate = fixedRate;
        this.burst = DelayNode.rawNumber(c, DelayNode.RATE);
        this.windowMs = perUnits * unit;
    }

    void start() {
        switch (mode) {
            case "burst" -> node.status(Map.of("fill", "green", "shape", "ring", "text", ""));
            case "queue", "timed" -> interval = node.timers().setInterval(JsRules.timerDelay(rate), () -> topicTick());
            default -> {
            }
        }
    }

    void onInput(Map<String, Object> msg, Done done) {
        switch (mode) {
            case "rate" -> {
                if (drop) {
                    dropping(msg, done);
                } else {
                    queueing(msg, done);
                }
            }
            case "burst" -> burst(msg, done);
            default -> byTopic(msg, done);
        }
    }

    // ---- rate: queue and release one per interval ---------------------------------------------------------------

    private void queueing(Map<String, Object> msg, Done done) {
        Map<String, Object> m = Messages.cloneMessage(msg);
        m.remove("flush");
        if (m.size() > 1) { // a message holding nothing but _msgid is not worth sending
            if (interval != -1) {
                if (rateOverride(m) && JsValues.toNumber(m.get("rate")) != rate) {
                    rate = JsValues.toNumber(m.get("rate"));
                    restartInterval();
                }
                int max = RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(node.engine().settings());
                if (max > 0 && buffer.size() >= max) {
                    buffer = new LinkedList<>();
                    node.error(new NodeError("too many pending messages in delay node"), m);
                } else if (Boolean.TRUE.equals(msg.get("toFront"))) {
                    buffer.addFirst(new Held(m, done));
                    reportDepth();
                } else {
                    buffer.addLast(new Held(m, done));
                    reportDepth();
                }
            } else {
                if (rateOverride(m)) {
                    rate = JsValues.toNumber(m.get("rate"));
                }
                if (msg.containsKey("reset")) {
                    if (msg.containsKey("flush")) {
                        buffer.addLast(new Held(m, done));
                    }
                } else {
                    node.send(m);
                }
                reportDepth();
                interval = node.timers().setInterval(JsRules.timerDelay(rate), () -> releaseOne());
                done.done();
            }
        }
        if (msg.containsKey("flush")) {
            flushQueue(msg.get("flush"));
            done.done();
        }
        if (msg.containsKey("reset")) {
            reset(msg);
            done.done();
        }
    }

    private boolean rateOverride(Map<String, Object> m) {
        return allowRate && m.containsKey("rate") && !Double.isNaN(JsRules.parseFloat(m.get("rate")));
    }

    /** Interval tick: the oldest queued message leaves; an empty queue stops the interval. */
    private void releaseOne() {
        if (buffer.isEmpty()) {
            stopInterval();
        } else {
            Held h = buffer.removeFirst();
            if (h.msg().size() > 1) {
                node.send(h.msg());
                h.done().done();
            }
        }
        reportDepth();
    }

    private void flushQueue(Object flush) {
        int n = buffer.size();
        if (flush instanceof Number count) {
            n = (int) Math.min(Math.floor(count.doubleValue()), n);
        }
        if (n <= 0) {
            stopInterval();
        } else {
            for (; n > 0 && !buffer.isEmpty(); n--) {
                Held h = buffer.removeFirst();
                h.msg().remove("flush");
                h.msg().remove("reset");
                if (h.msg().size() > 1) {
                    node.send(h.msg());
                    h.done().done();
                }
            }
            restartInterval();
        }
        node.status(Map.of("fill", "blue", "shape", "dot", "text", buffer.size()));
    }

    /** msg.reset: empties the queue and restores the configured rate; with msg.flush the interval keeps running. */
    private void reset(Map<String, Object> msg) {
        if (!msg.containsKey("flush")) {
            stopInterval();
            lastSentNanos = -1;
        }
        buffer = new LinkedList<>();
        rate = fixedRate;
        node.status(Map.of("fill", "blue", "shape", "ring", "text", 0));
    }

    // ---- rate with drop: pass at most one per interval ------------------------------------------------------------

    private void dropping(Map<String, Object> msg, Done done) {
        if (msg.containsKey("reset")) {
            reset(msg);
            done.done();
            return;
        }
        if (rateOverride(msg)) {
            rate = JsValues.toNumber(msg.get("rate"));
        }
        long now = System.nanoTime();
        if (lastSentNanos < 0 || now - lastSentNanos > rate * 1_000_000) {
            lastSentNanos = now;
            node.send(msg);
        } else if (secondOutput) {
            node.send(Arrays.asList(null, msg));
        }
        done.done();
    }

    // ---- burst: up to N per window -------------------------------------------------------------------------------

    private void burst(Map<String, Object> msg, Done done) {
        if (msg.containsKey("reset")) {
            cancelBurstTimers();
            inflight = 0;
            node.status(Map.of("fill", "green", "shape", "ring", "text", ""));
            done.done();
            return;
        }
        if (inflight < burst) {
            inflight++;
            node.send(msg);
            if (burstTimers.length < inflight) {
                burstTimers = Arrays.copyOf(burstTimers, inflight);
            }
            burstTimers[inflight - 1] = node.timers().setTimeout(JsRules.timerDelay(windowMs), () -> {
                if (inflight == burst) {
                    node.status(Map.of("fill", "green", "shape", "ring", "text", ""));
                }
                inflight--;
            });
        } else {
            if (secondOutput) {
                node.send(Arrays.asList(null, msg));
            }
            node.status(Map.of("fill", "red", "shape", "dot", "text", ""));
        }
        done.done();
    }

    private void cancelBurstTimers() {
        for (long t : burstTimers) {
            node.timers().clear(t);
        }
        burstTimers = new long[0];
    }

    // ---- queue / timed: one slot per topic ---------------------------------------------------------------------------

    private void byTopic(Map<String, Object> msg, Done done) {
        if (rateOverride(msg) && JsValues.toNumber(msg.get("rate")) != rate) {
            rate = JsValues.toNumber(msg.get("rate"));
            restartInterval(); // from now on ticks with releaseOne, not topicTick, as Node-RED does
        }
        if (!msg.containsKey("topic")) {
            msg.put("topic", "_none_");
        }
        boolean replaced = false;
        for (int i = 0; i < buffer.size(); i++) {
            Held old = buffer.get(i);
            if (JsRules.strictEquals(msg.get("topic"), old.msg().get("topic"))) {
                if (secondOutput) {
                    node.send(Arrays.asList(null, old.msg()));
                }
                old.done().done();
                buffer.set(i, new Held(msg, done));
                replaced = true;
                break;
            }
        }
        if (!replaced) {
            buffer.addLast(new Held(msg, done));
            reportDepth();
        }
        if (msg.containsKey("flush")) {
            int n = buffer.size();
            if (msg.get("flush") instanceof Number count) {
                n = (int) Math.floor(count.doubleValue());
            }
            for (; n > 0 && !buffer.isEmpty(); n--) {
                Held h = buffer.removeFirst();
                h.msg().remove("flush");
                h.msg().remove("reset");
                if (h.msg().size() > 2) { // more than _msgid and the topic
                    node.send(h.msg());
                    h.done().done();
                }
            }
            node.status(Map.of());
            done.done();
        }
        if (msg.containsKey("reset")) {
            buffer.forEach(h -> h.done().done());
            buffer = new LinkedList<>();
            rate = fixedRate;
            node.status(Map.of("text", "reset"));
            done.done();
        }
    }

    /** queue: the oldest topic leaves each interval; timed: every held topic leaves. */
    private void topicTick() {
        if (mode.equals("queue")) {
            if (!buffer.isEmpty()) {
                Held h = buffer.removeFirst();
                node.send(h.msg());
                h.done().done();
            }
        } else {
            while (!buffer.isEmpty()) {
                Held h = buffer.removeFirst();
                node.send(h.msg());
                h.done().done();
            }
        }
        reportDepth();
    }

    // ---- shared ---------------------------------------------------------------------------------------------------

    /** Shows the queue length at most every half second. */
    private void reportDepth() {
        if (depthTimer == -1) {
            depthTimer = node.timers().setTimeout(DEPTH_REPORT_MS, () -> {
                depthTimer = -1;
                node.status(Map.of("fill", "blue", "shape", "dot", "text", buffer.size()));
            });
        }
    }

    private void restartInterval() {
        stopInterval();
        interval = node.timers().setInterval(JsRules.timerDelay(rate), () -> releaseOne());
    }

    private void stopInterval() {
        if (interval != -1) {
            node.timers().clear(interval);
            interval = -1;
        }
    }

    void close() {
        stopInterval();
        cancelBurstTimers();
        if (depthTimer != -1) {
            node.timers().clear(depthTimer);
            depthTimer = -1;
        }
        buffer.forEach(h -> h.done().done());
        buffer = new LinkedList<>();
        node.status(Map.of());
    }
}
