package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.PropertyPath;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * join: rebuilds a split sequence from msg.parts (auto), collects messages into a string/array/buffer/object
 * (manual: after a count, a timeout or a msg.complete), or folds a sequence with JSONata (reduce).
 */
public final class JoinNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field MODE = Field.select("mode", "auto", "auto", "custom", "reduce")
            .optionLabels("auto", "automatic", "custom", "manual", "reduce", "reduce sequence");
    static final Field BUILD = Field.select("build", "object", "object", "merged", "array", "string", "buffer")
            .runtimeDefault("array").label("to create").shownWhen("mode", "custom")
            .optionLabels("string", "a String", "array", "an Array", "buffer", "a Buffer", "object",
                    "a key/value Object", "merged", "a merged Object");
    static final Field PROPERTY = Field.typed("property", "propertyType", "msg", List.of("msg", "full"))
            .label("combine each").shownWhen("mode", "custom");
    static final Field KEY = Field.str("key", "topic").label("using the value of msg. … as the key")
            .shownWhen("mode", "custom").shownWhen("build", "object");
    static final Field JOINER = Field.typed("joiner", "joinerType", "str", List.of("str", "bin")).label("joined using")
            .shownWhen("mode", "custom").shownWhen("build", "string", "buffer");
    static final Field USEPARTS = Field.bool("useparts", false).runtimeDefault(true)
            .label("use existing msg.parts property").shownWhen("mode", "custom");
    static final Field ACCUMULATE = Field.bool("accumulate", false).label("and every subsequent message")
            .shownWhen("mode", "custom").shownWhen("build", "object", "merged");
    static final Field TIMEOUT = Field.num("timeout", null).label("after a timeout following the first message (s)")
            .shownWhen("mode", "custom");
    static final Field COUNT = Field.num("count", null).label("after a number of message parts").shownWhen("mode", "custom");
    static final Field REDUCE_RIGHT = Field.bool("reduceRight", false).label("evaluate in reverse order (last to first)")
            .shownWhen("mode", "reduce");
    static final Field REDUCE_EXP = Field.str("reduceExp", "").label("reduce exp").shownWhen("mode", "reduce");
    static final Field REDUCE_INIT = Field.typed("reduceInit", "reduceInitType", "num", Field.ALL_TYPES)
            .label("initial value").shownWhen("mode", "reduce");
    static final Field REDUCE_FIXUP = Field.str("reduceFixup", "").label("fix-up exp").shownWhen("mode", "reduce");



    public static final NodeType TYPE = NodeType.builder("join", "sequence").icon("join")
            .help("Joins a sequence of messages back into one: automatically from `msg.parts`, by count or time, or by reducing.")
            .label(Label.computed())
            .color("#E2D96E").ports(1, 1)
            .fields(NAME, MODE, BUILD, PROPERTY, KEY, JOINER, USEPARTS, ACCUMULATE, TIMEOUT, COUNT, REDUCE_RIGHT,
                    REDUCE_EXP, REDUCE_INIT, REDUCE_FIXUP)
            .factory(JoinNode::new);
    /** Groups without msg.parts.id (manual mode) share this id. */
    private static final String DEFAULT_GROUP = "_";

    private final String mode;
    private final boolean wholeMsg;
    private final String propertyName;
    private final PropertyPath property;
    private final PropertyPath key;
    private final String build;
    private final Object joiner;
    private final boolean useParts;
    private final boolean accumulate;
    private final long timeoutMs;
    private final double count;
    /** The editor leaves count blank to mean "use msg.parts.count". */
    private final boolean countFromParts;
    private final JoinReducer reducer;
    private final Map<String, JoinGroup> inflight = new LinkedHashMap<>();

    JoinNode(NodeConfig c) {
        super(c);
        this.mode = c.str(MODE).isEmpty() ? "auto" : c.str(MODE);
        this.wholeMsg = "full".equals(c.typeOf(PROPERTY));
        this.propertyName = wholeMsg || c.str(PROPERTY).isEmpty() ? "payload" : c.str(PROPERTY);
        this.property = PropertyPath.ofMsg(propertyName);
        this.key = PropertyPath.ofMsg(c.str(KEY).isEmpty() ? "topic" : c.str(KEY));
        // the editor writes "object", but a flow without the field builds an array
        this.build = c.str(BUILD).isEmpty() ? "array" : c.str(BUILD);
        this.joiner = joiner(c);
        this.useParts = c.bool(USEPARTS);
        // only a real boolean true accumulates (the editor's default is the string "false")
        this.accumulate = Boolean.TRUE.equals(c.get(ACCUMULATE));
        this.timeoutMs = mode.equals("auto") ? 0 : Math.round(c.num(TIMEOUT) * 1000);
        this.count = c.num(COUNT);
        this.countFromParts = "".equals(c.get(COUNT));
        this.reducer = mode.equals("reduce") ? new JoinReducer(this, c) : null;
    }

    private static Object joiner(NodeConfig c) {
        String type = c.typeOf(JOINER);
        if (type.equals("bin")) {
            String text = c.str(JOINER).isEmpty() ? "[]" : c.str(JOINER);
            return c.typed(text, "bin", JOINER).evaluate(null, null);
        }
        return MessageParts.unescapeSeparator(c.str(JOINER));
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value;
        if (wholeMsg) {
            value = msg;
        } else {
            try {
                value = property.get(msg, msg);
                if (value == null && !property.exists(msg, msg)) {
                    value = Undefined.VALUE;
                }
            } catch (PropertyPath.PropertyException e) {
                warn("Message property " + propertyName + " not found");
                done.done();
                return;
            }
        }
        Map<String, Object> parts = MessageParts.of(msg);
        if (mode.equals("auto") && (parts == null || !parts.containsKey("id"))) {
            if (msg.containsKey("reset")) {
                clear(false);
            } else {
                warn("Message missing msg.parts property - cannot join in 'auto' mode");
            }
            done.done();
            return;
        }
        if (mode.equals("custom") && msg.containsKey(MessageParts.KEY) && !useParts) {
            // manual mode ignores the incoming sequence but keeps any outer level for after the join
            if (parts != null && parts.containsKey(MessageParts.KEY)) {
                Map<String, Object> outer = new LinkedHashMap<>();
                outer.put(MessageParts.KEY, parts.get(MessageParts.KEY));
                msg.put(MessageParts.KEY, outer);
            } else {
                msg.remove(MessageParts.KEY);
            }
            parts = MessageParts.of(msg);
        }
        if (reducer != null) {
            reducer.add(msg, done);
            return;
        }
        collect(msg, parts, value, done);
    }

    private void collect(Map<String, Object> msg, Map<String, Object> parts, Object value, Done done) {
        String groupId = DEFAULT_GROUP;
        String payloadType;
        Object propertyKey = Undefined.VALUE;
        double targetCount;
        Object joinChar;
        Object arrayLen = Undefined.VALUE;
        double propertyIndex = Double.NaN;
        String prop;
        if (mode.equals("auto")) {
            groupId = JsValues.toJsString(parts.get("id"));
            payloadType = parts.containsKey("type") ? JsValues.toJsString(parts.get("type")) : null;
            targetCount = MessageParts.count(parts);
            joinChar = parts.containsKey("ch") ? parts.get("ch") : Undefined.VALUE;
            if (parts.containsKey("key")) {
                propertyKey = parts.get("key");
            }
            if (parts.containsKey("len")) {
                arrayLen = parts.get("len");
            }
            if (parts.containsKey("index")) {
                propertyIndex = JsValues.toNumber(parts.get("index"));
            }
            prop = parts.get("property") instanceof String s ? s : null;
            PropertyPath where = PropertyPath.ofMsg(prop == null ? "payload" : prop);
            value = where.get(msg, msg);
            if (value == null && !where.exists(msg, msg)) {
                value = Undefined.VALUE;
            }
        } else {
            payloadType = build;
            targetCount = count;
            joinChar = joiner;
            prop = propertyName;
            if (countFromParts && parts != null) {
                targetCount = JsValues.toNumber(parts.getOrDefault("count", 0));
                if (parts.containsKey("id")) {
                    groupId = JsValues.toJsString(parts.get("id"));
                }
            }
            if (build.equals("object")) {
                Object k = key.get(msg, msg);
                propertyKey = k == null && !key.exists(msg, msg) ? Undefined.VALUE : k;
            }
        }

        if (msg.containsKey("restartTimeout")) {
            JoinGroup g = inflight.get(groupId);
            if (g != null) {
                cancelTimer(g);
                startTimer(groupId, g);
            }
        }
        if (msg.containsKey("reset")) {
            JoinGroup g = inflight.remove(groupId);
            if (g != null) {
                cancelTimer(g);
                g.dones.forEach(Done::done);
            }
            done.done();
            return;
        }
        if ("object".equals(payloadType) && isBlankKey(propertyKey)) {
            if (mode.equals("auto")) {
                warn("Message missing 'msg.parts.key' property - cannot add to object");
            } else if (msg.containsKey("complete")) {
                JoinGroup g = inflight.get(groupId);
                if (g != null) {
                    g.msg.put("complete", msg.get("complete"));
                    completeSend(groupId);
                }
            } else {
                warn("Message missing key property 'msg." + key.text() + "' - cannot add to object");
            }
            done.done();
            return;
        }

        JoinGroup group = inflight.get(groupId);
        if (group == null) {
            boolean object = "object".equals(payloadType) || "merged".equals(payloadType);
            group = new JoinGroup(object ? "object" : payloadType, targetCount,
                    "string".equals(payloadType) || "buffer".equals(payloadType) ? joinChar : Undefined.VALUE,
                    "array".equals(payloadType) ? arrayLen : Undefined.VALUE, prop, msg);
            inflight.put(groupId, group);
            startTimer(groupId, group);
        }
        group.dones.add(done);

        if ("buffer".equals(payloadType) && value != Undefined.VALUE) {
            group.addBufferLength(value);
        }
        if ("object".equals(payloadType)) {
            group.putKey(JsValues.toJsString(propertyKey), value);
        } else if ("merged".equals(payloadType)) {
            if (!group.merge(value) && !msg.containsKey("complete")) {
                warn("Cannot merge non-object types");
            }
        } else if (!Double.isNaN(propertyIndex)) {
            group.putIndex(propertyIndex, value);
        } else if (value != Undefined.VALUE) {
            group.push(value);
        }
        group.msg.putAll(msg);
        double target = group.targetCount;
        if (msg.containsKey(MessageParts.KEY)) {
            target = JsValues.truthy(target) ? target : MessageParts.count(parts);
            group.targetCount = target;
        }
        if ((target > 0 && group.currentCount() >= target) || msg.containsKey("complete")) {
            completeSend(groupId);
        }
    }

    private static boolean isBlankKey(Object key) {
        return key == null || key == Undefined.VALUE || "".equals(key);
    }

    /** Sends the group's result; in accumulate mode (manual) the group stays open for more messages. */
    private void completeSend(String groupId) {
        JoinGroup group = inflight.get(groupId);
        cancelTimer(group);
        if (mode.equals("auto") || !accumulate || group.msg.containsKey("complete")) {
            inflight.remove(groupId);
        }
        Map<String, Object> out = group.complete(wholeMsg);
        send(Messages.cloneMessage(out));
        List<Done> dones = List.copyOf(group.dones);
        group.dones.clear();
        dones.forEach(Done::done);
    }

    private void startTimer(String groupId, JoinGroup group) {
        if (timeoutMs <= 0) {
            return;
        }
        group.timer = timers().setTimeout(timeoutMs, () -> {
            group.timer = -1;
            if (inflight.get(groupId) != group) {
                return;
            }
            try {
                completeSend(groupId);
            } catch (RuntimeException e) {
                error(e, null);
            }
        });
    }

    private void cancelTimer(JoinGroup group) {
        if (group.timer >= 0) {
            timers().clear(group.timer);
            group.timer = -1;
        }
    }

    /** Drops every open group; their messages complete when {@code release} is set (close), as in Node-RED. */
    private void clear(boolean release) {
        for (JoinGroup g : inflight.values()) {
            cancelTimer(g);
            if (release) {
                g.dones.forEach(Done::done);
            }
        }
        inflight.clear();
    }

    @Override
    public Future<Void> close() {
        clear(true);
        if (reducer != null) {
            reducer.clear();
        }
        return Future.succeededFuture();
    }
}
