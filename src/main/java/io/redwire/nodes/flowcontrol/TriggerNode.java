package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;
import io.redwire.js.Mustache;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * trigger: on the first message sends op1 at once, then after the duration sends op2 (on a second output if so
 * configured); messages arriving meanwhile are ignored or, with extend, restart the wait. Duration 0 blocks until
 * reset; a negative duration resends op1 every |duration|. msg.reset (or a payload equal to the reset value) stops
 * without sending op2. Per-topic when bytopic is "topic".
 */
public final class TriggerNode extends Node {
    private static final List<String> OP_TYPES = List.of("str", "num", "bool", "json", "bin", "date", "env", "flow",
            "global", "msg", "jsonata", "val", "pay", "payl", "nul");
    static final Field NAME = Field.str("name", "");
    static final Field OP1 = Field.typed("op1", "op1type", "val", OP_TYPES);
    static final Field OP2 = Field.typed("op2", "op2type", "val", OP_TYPES);
    static final Field DURATION = Field.num("duration", 250);
    static final Field EXTEND = Field.bool("extend", false);
    static final Field OVERRIDE_DELAY = Field.bool("overrideDelay", false);
    static final Field UNITS = Field.select("units", "ms", "ms", "s", "min", "hr");
    static final Field RESET = Field.str("reset", "");
    static final Field BYTOPIC = Field.select("bytopic", "all", "all", "topic");
    static final Field TOPIC = Field.str("topic", "topic");
    static final Field OUTPUTS = Field.num("outputs", 1);

    public static final NodeType TYPE = NodeType.builder("trigger", "function").icon("trigger")
            .label(Label.computed())
            .help("Sends a message, then a second one after a time unless reset; or sends once and blocks until reset.")
            .color("#E6E0F8").ports(1, 1)
            .fields(NAME, OP1, OP2, DURATION, EXTEND, OVERRIDE_DELAY, UNITS, RESET, BYTOPIC, TOPIC, OUTPUTS)
            .factory(TriggerNode::new);
    private static final String ALL_TOPICS = "_none";

    /** What an op sends: a typed value, a mustache text, the payload ("pay"), the latest msg ("payl") or nothing. */
    private record Op(String type, TypedValue value, Mustache template) {
        boolean is(String t) {
            return type.equals(t);
        }
    }

    /** The running state of one topic: its timer (-1 none; BLOCKED when waiting for a reset) and op2's value. */
    private static final class Running {
        long timer = -1;
        Object op2Value = Undefined.VALUE;
    }

    private static final long BLOCKED = -2;

    private final Op op1;
    private final Op op2;
    private final boolean secondOutput;
    private final PropertyPath topicPath;
    private final boolean byTopic;
    private final boolean extend;
    private final boolean overrideDelay;
    private final String resetValue;
    private final double durationMs;
    private final boolean loop;
    private final Map<String, Running> topics = new LinkedHashMap<>();
    /** op2 "payl": the latest message per topic. */
    private final Map<String, Map<String, Object>> latest = new HashMap<>();

    TriggerNode(NodeConfig c) {
        super(c);
        this.op1 = op(c, OP1, "1");
        this.op2 = op(c, OP2, "0");
        this.secondOutput = c.num(OUTPUTS) == 2;
        this.topicPath = PropertyPath.ofMsg(c.str(TOPIC).isEmpty() ? "topic" : c.str(TOPIC));
        this.byTopic = !"all".equals(c.str(BYTOPIC)) && !c.str(BYTOPIC).isEmpty();
        double d = JsRules.parseFloat(c.str(DURATION));
        if (Double.isNaN(d)) {
            d = 250;
        }
        this.loop = d < 0;
        this.extend = !loop && c.bool(EXTEND);
        // JavaScript truthiness of the raw value: the editor's default "false" string switches the override on
        this.overrideDelay = c.truthy(OVERRIDE_DELAY);
        this.resetValue = c.str(RESET);
        this.durationMs = Math.abs(d) * switch (c.str(UNITS)) {
            case "s" -> 1000;
            case "min" -> 60_000;
            case "hr" -> 3_600_000;
            default -> 1;
        };
    }

    /** Node-RED's op normalisation: blank values take the default, "val" picks bool/null/str from the text. */
    private static Op op(NodeConfig c, Field field, String dflt) {
        String value = c.str(field).isEmpty() ? dflt : c.str(field);
        String type = c.typeOf(field, "str");
        if (type.equals("date") && value.equals(dflt)) {
            value = "";
        }
        if (type.equals("val")) {
            type = switch (value) {
                case "true", "false" -> "bool";
                case "null" -> "null";
                default -> "str";
            };
        }
        return switch (type) {
            case "pay", "payl", "nul", "null" -> new Op(type, null, null);
            case "str" -> value.contains("{{") ? new Op(type, null, template(c, field, value))
                    : new Op(type, c.typed(value, type, field), null);
            default -> new Op(type, c.typed(value, type, field), null);
        };
    }

    /** Op strings with {{...}} are mustache templates rendered against the msg (as mustache.js would). */
    private static Mustache template(NodeConfig c, Field field, String text) {
        try {
            return Mustache.parse(text);
        } catch (IllegalArgumentException e) {
            throw c.error(field, e.getMessage());
        }
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object topicValue = topicPath.get(msg, msg);
        String topic = byTopic && JsValues.truthy(topicValue) ? JsValues.toJsString(topicValue) : ALL_TOPICS;
        double delay = durationMs;
        if (overrideDelay && msg.containsKey("delay") && !Double.isNaN(JsRules.parseFloat(msg.get("delay")))) {
            delay = JsRules.parseFloat(msg.get("delay"));
        }
        Running running = topics.computeIfAbsent(topic, k -> new Running());
        if (msg.containsKey("reset") || isResetPayload(msg)) {
            cancel(running);
            topics.remove(topic);
            status(stat());
            done.done();
            return;
        }
        if (op2.is("payl")) {
            latest.put(topic, Messages.cloneMessage(msg));
        }
        if (running.timer == -1 || loop) {
            start(topic, running, msg, delay);
            done.done();
            status(stat());
            if (!op1.is("nul")) {
                send(Messages.cloneMessage(msg));
            }
            return;
        }
        if (extend && delay > 0) {
            if (op2.is("payl")) {
                running.op2Value = Messages.deepCopy(msg.get("payload"));
            }
            cancel(running);
            running.timer = timers().setTimeout(JsRules.timerDelay(delay), () -> extendedEnd(topic, msg));
        }
        done.done();
    }

    /** A payload whose String() equals the configured reset value (loose ==) stops the trigger. */
    private boolean isResetPayload(Map<String, Object> msg) {
        if (resetValue.isEmpty() || !msg.containsKey("payload") || msg.get("payload") == null) {
            return false;
        }
        return JsValues.toJsString(msg.get("payload")).equals(resetValue);
    }

    /** First message (or every message when looping): computes op2 now, applies op1, starts the timer. */
    private void start(String topic, Running running, Map<String, Object> msg, double delay) {
        if (op2.is("pay")) {
            running.op2Value = Messages.deepCopy(msg.get("payload"));
        } else if (!op2.is("nul")) {
            running.op2Value = value(op2, msg);
        }
        if (!op1.is("pay") && !op1.is("nul")) {
            Object v = value(op1, msg);
            if (v == Undefined.VALUE) {
                msg.remove("payload");
            } else {
                msg.put("payload", v);
            }
        }
        if (loop) {
            cancel(running); // a new message restarts the repetition with its own content
        }
        if (delay == 0) {
            running.timer = BLOCKED;
        } else if (loop) {
            if (!op1.is("nul")) {
                Map<String, Object> repeat = Messages.cloneMessage(msg);
                running.timer = timers().setInterval(JsRules.timerDelay(delay), () -> {
                    if (op1.is("date")) {
                        repeat.put("payload", (double) System.currentTimeMillis());
                    }
                    send(Messages.cloneMessage(repeat));
                });
            }
        } else if (running.timer == -1) {
            running.timer = timers().setTimeout(JsRules.timerDelay(delay), () -> end(topic, running, msg));
        }
    }

    /** The wait is over: op2 goes out on a copy of the (op1-modified) first message. */
    private void end(String topic, Running running, Map<String, Object> msg) {
        running.timer = -1;
        try {
            if (!op2.is("nul")) {
                Map<String, Object> out = Messages.cloneMessage(msg);
                if (op2.is("flow") || op2.is("global") || op2.is("date")) {
                    running.op2Value = value(op2, msg);
                }
                if (op2.is("payl")) {
                    sendSecond(latest.remove(topic));
                } else {
                    setPayload(out, running.op2Value);
                    sendSecond(out);
                }
            }
        } catch (RuntimeException e) {
            error(e, null);
        }
        topics.remove(topic);
        status(stat());
    }

    /** The extended wait is over: op2 goes out on a copy of the newest message. */
    private void extendedEnd(String topic, Map<String, Object> msg) {
        Running running = topics.get(topic);
        Map<String, Object> out = null;
        try {
            if (!op2.is("nul") && running != null) {
                if (op2.is("flow") || op2.is("global")) {
                    running.op2Value = value(op2, msg);
                }
                out = Messages.cloneMessage(msg);
                setPayload(out, running.op2Value);
            }
        } catch (RuntimeException e) {
            error(e, null);
            return;
        }
        topics.remove(topic);
        status(stat());
        sendSecond(out);
    }

    private void sendSecond(Map<String, Object> out) {
        if (out == null) {
            return;
        }
        send(secondOutput ? Arrays.asList(null, out) : out);
    }

    private static void setPayload(Map<String, Object> msg, Object value) {
        if (value == Undefined.VALUE) {
            msg.remove("payload");
        } else {
            msg.put("payload", value);
        }
    }

    private Object value(Op op, Map<String, Object> msg) {
        if (op.template() != null) {
            return op.template().render(msg, (name, found, topLevel) -> found);
        }
        if (op.is("null")) {
            return null;
        }
        return op.value().evaluate(msg, this);
    }

    private void cancel(Running running) {
        if (running.timer >= 0) {
            timers().clear(running.timer);
        }
        running.timer = -1;
    }

    /** Blue dot while something runs; with several topics running, their number. */
    private Map<String, Object> stat() {
        int n = topics.size();
        if (n == 0) {
            return Map.of();
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("fill", "blue");
        s.put("shape", "dot");
        if (n > 1) {
            s.put("text", n);
        }
        return s;
    }

    @Override
    public Future<Void> close() {
        new ArrayList<>(topics.values()).forEach(this::cancel);
        topics.clear();
        latest.clear();
        status(stat());
        return Future.succeededFuture();
    }
}
