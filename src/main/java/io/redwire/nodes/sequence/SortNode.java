package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;
import io.redwire.js.StableSort;
import io.redwire.js.Undefined;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * sort: sorts an array property of each message (by element value or a JSONata key per element), or a whole
 * msg.parts sequence (by a msg property or a JSONata key per message), rewriting parts.index in sorted order.
 * Messages whose property is not an array are dropped silently.
 */
public final class SortNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field ORDER = Field.select("order", "ascending", "ascending", "descending");
    static final Field AS_NUM = Field.bool("as_num", false);
    static final Field TARGET = Field.typed("target", "targetType", "msg", List.of("msg", "seq"));
    static final Field MSG_KEY = Field.typed("msgKey", "msgKeyType", "elem", List.of("elem", "jsonata"));
    static final Field SEQ_KEY = Field.typed("seqKey", "seqKeyType", "msg", List.of("msg", "jsonata"));



    public static final NodeType TYPE = NodeType.builder("sort", "sequence").icon("sort")
            .help("Sorts an array property, or a sequence of messages, by a value or expression.")
            .color("#E2D96E").ports(1, 1)
            .fields(NAME, ORDER, AS_NUM, TARGET, MSG_KEY, SEQ_KEY)
            .factory(SortNode::new);

    private record Held(Map<String, Object> msg, Done done) {
    }

    private static final class Group {
        double count = Double.NaN;
        final List<Held> msgs = new ArrayList<>();
        final long seq;

        Group(long seq) {
            this.seq = seq;
        }
    }

    private final boolean targetIsProperty;
    private final PropertyPath target;
    private final JsonataExpression keyExpression;
    private final PropertyPath seqKey;
    private final int direction;
    private final boolean asNumber;
    private final Map<String, Group> pending = new LinkedHashMap<>();
    private int pendingCount;
    private long nextSeq;

    SortNode(NodeConfig c) {
        super(c);
        this.targetIsProperty = "msg".equals(c.typeOf(TARGET, ""));
        this.target = PropertyPath.ofMsg(c.str(TARGET).isEmpty() ? "payload" : c.str(TARGET));
        boolean keyIsExpression = targetIsProperty ? "jsonata".equals(c.typeOf(MSG_KEY))
                : "jsonata".equals(c.typeOf(SEQ_KEY));
        Field keyField = targetIsProperty ? MSG_KEY : SEQ_KEY;
        if (keyIsExpression) {
            try {
                this.keyExpression = JsonataExpression.compile(c.str(keyField));
            } catch (IllegalArgumentException e) {
                throw c.error(keyField, "Invalid JSONata expression in sort node: " + e.getMessage());
            }
        } else {
            this.keyExpression = null;
        }
        // only a sequence sorted by a msg property reads seqKey as a path: a JSONata seqKey is not one
        this.seqKey = targetIsProperty || keyIsExpression ? null
                : PropertyPath.ofMsg(c.str(SEQ_KEY).isEmpty() ? "payload" : c.str(SEQ_KEY));
        this.direction = "descending".equals(c.str(ORDER)) ? -1 : 1;
        this.asNumber = c.bool(AS_NUM);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (targetIsProperty) {
            if (sortProperty(msg)) {
                send(msg);
            }
            done.done();
            return;
        }
        Map<String, Object> parts = MessageParts.of(msg);
        if (parts == null || !parts.containsKey("id") || !parts.containsKey("index")) {
            done.done();
            return;
        }
        String gid = JsValues.toJsString(parts.get("id"));
        Group group = pending.computeIfAbsent(gid, k -> new Group(nextSeq++));
        group.msgs.add(new Held(msg, done));
        if (parts.containsKey("count")) {
            group.count = JsValues.toNumber(parts.get("count"));
        }
        pendingCount++;
        if (group.msgs.size() == group.count) {
            pending.remove(gid);
            pendingCount -= group.msgs.size();
            sortAndSend(group);
            return;
        }
        int max = RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(engine().settings());
        if (max > 0 && pendingCount > max) {
            pendingCount -= dropOldest();
        }
    }

    /** Sorts the array property in place (or replaces it, for JSONata keys); false when it is not an array. */
    @SuppressWarnings("unchecked")
    private boolean sortProperty(Map<String, Object> msg) {
        if (!(target.get(msg, msg) instanceof List<?> raw)) {
            return false;
        }
        List<Object> data = (List<Object>) raw;
        if (keyExpression == null) {
            StableSort.sort(data, comparator(Function.identity()));
            return true;
        }
        List<Object[]> keyed = new ArrayList<>(data.size());
        for (Object elem : data) {
            keyed.add(new Object[] {elem, evaluateKey(elem)});
        }
        StableSort.sort(keyed, comparator(pair -> pair[1]));
        List<Object> sorted = new ArrayList<>(data.size());
        keyed.forEach(pair -> sorted.add(pair[0]));
        target.set(msg, sorted, true, msg);
        return true;
    }

    private void sortAndSend(Group group) {
        List<Held> msgs = group.msgs;
        try {
            if (keyExpression == null) {
                StableSort.sort(msgs, comparator(h -> {
                    Object v = seqKey.get(h.msg(), h.msg());
                    return v == null && !seqKey.exists(h.msg(), h.msg()) ? Undefined.VALUE : v;
                }));
            } else {
                List<Object[]> keyed = new ArrayList<>(msgs.size());
                for (Held h : msgs) {
                    keyed.add(new Object[] {h, evaluateKey(h.msg())});
                }
                StableSort.sort(keyed, comparator(pair -> pair[1]));
                for (int i = 0; i < keyed.size(); i++) {
                    msgs.set(i, (Held) keyed.get(i)[0]);
                }
            }
        } catch (PropertyPath.PropertyException e) {
            return; // Node-RED sends nothing when reading a key fails
        } catch (NodeError e) {
            msgs.get(msgs.size() - 1).done().done(e);
            msgs.subList(0, msgs.size() - 1).forEach(h -> h.done().done());
            return;
        }
        for (int i = 0; i < msgs.size(); i++) {
            Held h = msgs.get(i);
            MessageParts.of(h.msg()).put("index", i);
            send(h.msg());
            h.done().done();
        }
    }

    private Object evaluateKey(Object input) {
        try {
            return keyExpression.evaluate(input, this, Map.of());
        } catch (NodeError e) {
            throw new NodeError("Invalid JSONata expression in sort node: " + e.getMessage());
        }
    }

    /** Node-RED's comparison: equal (===) → 0, greater (JS >) → direction, anything else → -direction. */
    private <T> Comparator<T> comparator(Function<T, Object> key) {
        return (x, y) -> {
            Object a = convert(key.apply(x));
            Object b = convert(key.apply(y));
            if (JsRules.strictEquals(a, b)) {
                return 0;
            }
            return JsValues.lessThan(b, a) ? direction : -direction;
        };
    }

    private Object convert(Object v) {
        return asNumber ? JsValues.toNumber(v) : v;
    }

    /** Buffer overflow: the oldest unfinished sequence fails (its last message carries the error). */
    private int dropOldest() {
        String oldestId = null;
        Group oldest = null;
        for (var e : pending.entrySet()) {
            if (oldest == null || e.getValue().seq < oldest.seq) {
                oldest = e.getValue();
                oldestId = e.getKey();
            }
        }
        if (oldest == null) {
            return 0;
        }
        List<Held> msgs = oldest.msgs;
        msgs.get(msgs.size() - 1).done().done(new NodeError("Too many pending messages in sort node"));
        msgs.subList(0, msgs.size() - 1).forEach(h -> h.done().done());
        pending.remove(oldestId);
        return msgs.size();
    }

    @Override
    public Future<Void> close() {
        pending.values().forEach(g -> g.msgs.forEach(h -> h.done().done()));
        pending.clear();
        pendingCount = 0;
        return Future.succeededFuture();
    }
}
