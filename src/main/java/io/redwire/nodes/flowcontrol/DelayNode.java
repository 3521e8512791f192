package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * delay: holds each message for a fixed, per-message (msg.delay) or random time — msg.reset drops everything
 * waiting, msg.flush releases it now — or limits the rate (see {@link DelayRateLimiter}).
 */
public final class DelayNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field PAUSE_TYPE = Field.select("pauseType", "delay", "delay", "delayv", "random", "rate", "burst", "queue", "timed")
            .onlyOptions();
    static final Field TIMEOUT = Field.num("timeout", 5).runtimeDefault(null);
    static final Field TIMEOUT_UNITS = Field.select("timeoutUnits", "seconds", "milliseconds", "seconds", "minutes", "hours", "days");
    static final Field RATE = Field.num("rate", 1).runtimeDefault(null);
    static final Field NB_RATE_UNITS = Field.num("nbRateUnits", 1).runtimeDefault(null);
    static final Field RATE_UNITS = Field.select("rateUnits", "second", "second", "minute", "hour", "day");
    static final Field RANDOM_FIRST = Field.num("randomFirst", 1).runtimeDefault(null);
    static final Field RANDOM_LAST = Field.num("randomLast", 5).runtimeDefault(null);
    static final Field RANDOM_UNITS = Field.select("randomUnits", "seconds", "milliseconds", "seconds", "minutes", "hours", "days");
    static final Field DROP = Field.bool("drop", false);
    static final Field ALLOWRATE = Field.bool("allowrate", false);
    static final Field OUTPUTS = Field.num("outputs", 1);

    public static final NodeType TYPE = NodeType.builder("delay", "function").icon("delay")
            .label(Label.computed())
            .help("Delays each message, or limits how many pass per time unit (dropping or queueing the rest).")
            .color("#E6E0F8").ports(1, 1)
            .fields(NAME, PAUSE_TYPE, TIMEOUT, TIMEOUT_UNITS, RATE, NB_RATE_UNITS, RATE_UNITS, RANDOM_FIRST,
                    RANDOM_LAST, RANDOM_UNITS, DROP, ALLOWRATE, OUTPUTS)
            .factory(DelayNode::new);

    /** One held message: its timer, what firing does, and what cancelling does (complete without output). */
    private final class Pending {
        private final long timer;
        private final Runnable fire;
        private final Runnable cancel;

        Pending(double delayMs, Runnable fire, Runnable cancel) {
            this.fire = fire;
            this.cancel = cancel;
            this.timer = timers().setTimeout(JsRules.timerDelay(delayMs), () -> fire.run());
        }

        void clear() {
            timers().clear(timer);
            cancel.run();
        }

        void trigger() {
            timers().clear(timer);
            fire.run();
        }
    }

    private final String pauseType;
    private final double timeoutMs;
    private final double randomFirstMs;
    private final double randomSpanMs;
    private final DelayRateLimiter limiter;
    private final List<Pending> pending = new ArrayList<>();

    DelayNode(NodeConfig c) {
        super(c);
        this.pauseType = c.str(PAUSE_TYPE);
        this.timeoutMs = rawNumber(c, TIMEOUT) * unitMs(c.str(TIMEOUT_UNITS));
        this.randomFirstMs = rawNumber(c, RANDOM_FIRST) * unitMs(c.str(RANDOM_UNITS));
        this.randomSpanMs = rawNumber(c, RANDOM_LAST) * unitMs(c.str(RANDOM_UNITS)) - randomFirstMs;
        this.limiter = switch (pauseType) {
            case "delay", "delayv", "random" -> null;
            case "rate", "burst", "queue", "timed" -> new DelayRateLimiter(this, c);
            default -> throw c.error(PAUSE_TYPE, "unknown pause type ''"); // the declaration refused all but blank
        };
    }

    /** Number(n.x) as Node-RED computes it: a field the flow leaves out is NaN (its runtime default is null). */
    static double rawNumber(NodeConfig c, Field field) {
        Object raw = c.get(field);
        return raw == null ? Double.NaN : JsValues.toNumber(raw);
    }

    /** Milliseconds per timeout/random unit; anything unknown counts as seconds, as in Node-RED. */
    private static double unitMs(String unit) {
        return switch (unit) {
            case "milliseconds" -> 1;
            case "minutes" -> 60_000;
            case "hours" -> 3_600_000;
            case "days" -> 86_400_000;
            default -> 1000;
        };
    }

    @Override
    public Future<Void> start() {
        if (limiter != null) {
            limiter.start();
        }
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (limiter != null) {
            limiter.onInput(msg, done);
            return;
        }
        double wait = switch (pauseType) {
            case "delayv" -> variableDelay(msg);
            case "random" -> randomFirstMs + randomSpanMs * ThreadLocalRandom.current().nextDouble();
            default -> timeoutMs;
        };
        Pending[] self = new Pending[1];
        self[0] = new Pending(wait, () -> {
            pending.remove(self[0]);
            send(msg);
            afterRelease();
            done.done();
        }, done::done);
        if (msg.size() == 2 && msg.containsKey("flush")) {
            self[0].clear(); // a bare flush command is not itself delayed
        } else {
            pending.add(self[0]);
        }
        // the fixed-delay mode treats reset and flush as alternatives; delayv and random check each on its own
        boolean exclusive = pauseType.equals("delay");
        boolean reset = msg.containsKey("reset");
        boolean flush = msg.containsKey("flush");
        if (reset) {
            clearPending(true);
        }
        if (flush && !(exclusive && reset)) {
            flushPending(msg.get("flush"));
            done.done();
        }
        if (!exclusive || !reset && !flush) {
            reportHeld();
        }
    }

    /** msg.delay (ms, parseFloat) overrides the configured delay; negative means none. */
    private double variableDelay(Map<String, Object> msg) {
        double d = timeoutMs;
        if (msg.containsKey("delay")) {
            double v = JsRules.parseFloat(msg.get("delay"));
            if (!Double.isNaN(v)) {
                d = v;
            }
        }
        return d < 0 ? 0 : d;
    }

    /** Status after a message leaves; Node-RED shows the count only for long delays (always for delayv). */
    private void afterRelease() {
        if (pauseType.equals("delayv") && pending.isEmpty()) {
            status(Map.of());
        }
        reportHeld();
    }

    private void reportHeld() {
        boolean show = switch (pauseType) {
            case "delayv" -> true;
            case "delay" -> timeoutMs > 1000;
            default -> timeoutMs >= 1000; // random mode looks at the (unused) fixed timeout, as Node-RED does
        };
        if (show) {
            status(Map.of("fill", "blue", "shape", "dot", "text", pending.size()));
        }
    }

    /** msg.reset / close: drops every held message (each completes without output). */
    private void clearPending(boolean showCount) {
        List<Pending> all = List.copyOf(pending);
        pending.clear();
        all.forEach(Pending::clear);
        status(showCount ? Map.of("fill", "blue", "shape", "ring", "text", 0) : Map.of());
    }

    /** msg.flush: releases all held messages now, or the first N when flush is a number. */
    private void flushPending(Object flush) {
        int n = pending.size();
        if (flush instanceof Number count) {
            n = (int) Math.max(0, Math.min(Math.floor(count.doubleValue()), n));
        }
        for (int i = 0; i < n && !pending.isEmpty(); i++) {
            pending.get(0).trigger();
        }
        status(Map.of("fill", "blue", "shape", "dot", "text", pending.size()));
    }

    @Override
    public Future<Void> close() {
        if (limiter != null) {
            limiter.close();
        } else {
            clearPending(false);
        }
        return Future.succeededFuture();
    }
}
