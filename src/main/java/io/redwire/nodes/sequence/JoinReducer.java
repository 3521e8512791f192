package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.JsValues;
import io.redwire.js.StableSort;
import io.redwire.js.Undefined;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.NodeError;
import io.redwire.msg.TypedValue;

import com.dashjoin.jsonata.Jsonata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * join's reduce mode: holds each msg.parts sequence until it is complete, then folds it in msg.parts.index order
 * (or reversed) with a JSONata expression that sees $A (accumulator), $I (index) and $N (count), and sends the last
 * message with the result (after the optional fix-up expression) as its payload.
 */
final class JoinReducer {
    private record Held(Map<String, Object> msg, Done done) {
    }

    private static final class Group {
        double count = Double.NaN;
        final List<Held> msgs = new ArrayList<>();
    }

    private final JoinNode node;
    private final JsonataExpression reduce;
    private final JsonataExpression fixup;
    private final TypedValue init;
    private final boolean right;
    private final Map<String, Group> pending = new LinkedHashMap<>();
    private int pendingCount;

    JoinReducer(JoinNode node, NodeConfig c) {
        this.node = node;
        this.reduce = compile(c, JoinNode.REDUCE_EXP);
        this.fixup = c.str(JoinNode.REDUCE_FIXUP).isEmpty() ? null : compile(c, JoinNode.REDUCE_FIXUP);
        this.init = c.typed(c.str(JoinNode.REDUCE_INIT), c.typeOf(JoinNode.REDUCE_INIT, ""), JoinNode.REDUCE_INIT);
        this.right = c.bool(JoinNode.REDUCE_RIGHT);
    }

    private static JsonataExpression compile(NodeConfig c, Field field) {
        try {
            return JsonataExpression.compile(c.str(field));
        } catch (IllegalArgumentException e) {
            throw c.error(field, e.getMessage());
        }
    }

    void add(Map<String, Object> msg, Done done) {
        if (!msg.containsKey(MessageParts.KEY)) {
            node.send(msg);
            done.done();
            return;
        }
        Map<String, Object> parts = MessageParts.of(msg);
        if (parts == null && msg.get(MessageParts.KEY) == null) {
            throw new NodeError("TypeError: Cannot read properties of null (reading 'id')");
        }
        Object id = parts == null ? Undefined.VALUE : parts.getOrDefault("id", Undefined.VALUE);
        String gid = JsValues.toJsString(id);
        Group group = pending.computeIfAbsent(gid, k -> new Group());
        if (Double.isNaN(group.count) && parts != null && parts.containsKey("count")) {
            group.count = JsValues.toNumber(parts.get("count"));
        }
        group.msgs.add(new Held(msg, done));
        pendingCount++;
        if (group.msgs.size() == group.count) {
            pending.remove(gid);
            pendingCount -= group.msgs.size();
            reduceAndSend(group, done);
            return;
        }
        int max = RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(node.engine().settings());
        if (max > 0 && pendingCount > max) {
            for (Group g : pending.values()) {
                for (Held h : g.msgs) {
                    if (h.msg() != msg) {
                        h.done().done();
                    }
                }
            }
            pending.clear();
            pendingCount = 0;
            done.done(new NodeError("too many pending messages in join node"));
            return;
        }
        done.done();
    }

    /** Folds a complete group; on error the message that completed it fails and the others just complete. */
    private void reduceAndSend(Group group, Done current) {
        List<Held> arrived = List.copyOf(group.msgs);
        try {
            Object accumulator = init.evaluate(new LinkedHashMap<>(), node);
            List<Held> ordered = new ArrayList<>(group.msgs);
            int flag = right ? -1 : 1;
            StableSort.sort(ordered, (x, y) -> {
                Object ix = index(x.msg());
                Object iy = index(y.msg());
                if (JsValues.lessThan(ix, iy)) {
                    return -flag;
                }
                if (JsValues.lessThan(iy, ix)) {
                    return flag;
                }
                return 0;
            });
            double count = group.count;
            for (Held h : ordered) {
                accumulator = reduce.evaluate(h.msg(), node, bindings(accumulator, index(h.msg()), count));
            }
            if (fixup != null) {
                accumulator = fixup.evaluate(new LinkedHashMap<>(), node, bindings(accumulator, null, count));
            }
            Held last = ordered.get(ordered.size() - 1);
            if (accumulator == Undefined.VALUE) {
                last.msg().remove("payload");
            } else {
                last.msg().put("payload", accumulator);
            }
            node.send(last.msg());
        } catch (RuntimeException e) {
            arrived.stream().filter(h -> h.done() != current).forEach(h -> h.done().done());
            current.done(e);
            return;
        }
        arrived.forEach(h -> h.done().done());
    }

    private static Object index(Map<String, Object> msg) {
        Map<String, Object> parts = MessageParts.of(msg);
        return parts == null ? Undefined.VALUE : parts.getOrDefault("index", Undefined.VALUE);
    }

    /** $A, $I, $N as JSONata sees them: undefined stays unbound, null is JSONata's null. */
    private static Map<String, Object> bindings(Object accumulator, Object index, double count) {
        Map<String, Object> b = new HashMap<>();
        b.put("A", jsonata(accumulator));
        if (index != null) {
            b.put("I", jsonata(index));
        }
        b.put("N", Double.isNaN(count) ? null : count == (int) count ? (Object) (int) count : count);
        return b;
    }

    private static Object jsonata(Object v) {
        if (v == Undefined.VALUE) {
            return null;
        }
        return v == null ? Jsonata.NULL_VALUE : v;
    }

    /** Node close: the held messages complete without output. */
    void clear() {
        pending.values().forEach(g -> g.msgs.forEach(h -> h.done().done()));
        pending.clear();
        pendingCount = 0;
    }
}
