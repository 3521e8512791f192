package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * batch: turns a stream of messages into msg.parts sequences — every N messages (optionally overlapping, optionally
 * also ending where an incoming sequence ends), everything that arrived in each interval, or one sequence per
 * configured topic concatenated in topic order.
 */
public final class BatchNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field MODE = Field.select("mode", "count", "count", "interval", "concat").onlyOptions();
    static final Field COUNT = Field.num("count", 10).runtimeDefault(1);
    static final Field OVERLAP = Field.num("overlap", 0);
    static final Field INTERVAL = Field.num("interval", 10).label("interval (s)").runtimeDefault(0);
    static final Field ALLOW_EMPTY_SEQUENCE = Field.bool("allowEmptySequence", false);
    static final Field HONOUR_PARTS = Field.bool("honourParts", false);
    static final Field TOPICS = Field.rows("topics", Field.row("topic", ""), Field.str("topic", "").label("topic"))
            .runtimeDefault(List.of());



    public static final NodeType TYPE = NodeType.builder("batch", "sequence").icon("batch")
            .help("Groups messages into sequences by count, time interval or concatenation.")
            .label(Label.computed())
            .color("#E2D96E").ports(1, 1)
            .fields(NAME, MODE, COUNT, OVERLAP, INTERVAL, ALLOW_EMPTY_SEQUENCE, HONOUR_PARTS, TOPICS)
            .factory(BatchNode::new);

    private record Held(Map<String, Object> msg, Done done) {
    }

    /** Concat mode: the sequences received for one topic, oldest first, keyed by msg.parts.id. */
    private static final class TopicSequences {
        final Map<String, List<Held>> groups = new LinkedHashMap<>();
        final Map<String, Double> counts = new LinkedHashMap<>();
    }

    private final String mode;
    private final int count;
    private final int overlap;
    private final long intervalMs;
    private final boolean allowEmpty;
    private final boolean honourParts;
    private final List<String> topics = new ArrayList<>();

    private List<Held> queue = new ArrayList<>();
    private final Map<String, TopicSequences> byTopic = new LinkedHashMap<>();
    private int pendingCount;
    private boolean endOfSequence;
    private long timer = -1;

    BatchNode(NodeConfig c) {
        super(c);
        this.mode = c.str(MODE).isEmpty() ? "count" : c.str(MODE);
        // blank or zero settings fall back as in Node-RED (count 1, overlap 0, no interval), not to editor defaults
        this.count = (int) orDefault(c, COUNT);
        this.overlap = (int) orDefault(c, OVERLAP);
        this.intervalMs = Math.round(orDefault(c, INTERVAL) * 1000);
        this.allowEmpty = c.bool(ALLOW_EMPTY_SEQUENCE);
        this.honourParts = c.bool(HONOUR_PARTS);
        switch (mode) {
            case "count" -> {
                if (count <= overlap) {
                    throw c.error(OVERLAP, "Invalid count and overlap");
                }
            }
            case "interval" -> {
            }
            case "concat" -> {
                List<?> configured = c.list(TOPICS);
                for (Object t : configured) {
                    topics.add(t instanceof Map<?, ?> m ? JsValues.toJsString(m.get("topic")) : "");
                }
            }
            default -> throw new IllegalStateException("mode " + mode); // the declaration refused other modes
        }
    }

    /** Node-RED's {@code Number(n.x || dflt)}: anything falsy takes the runtime default. */
    private static double orDefault(NodeConfig c, Field field) {
        return JsValues.truthy(c.get(field)) ? c.num(field) : ((Number) field.runtimeDefault()).doubleValue();
    }

    @Override
    public Future<Void> start() {
        if (mode.equals("interval")) {
            startInterval();
        }
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (msg.containsKey("reset")) {
            releaseAll();
            if (mode.equals("interval")) {
                stopInterval();
                startInterval();
            }
            done.done();
            return;
        }
        switch (mode) {
            case "count" -> byCount(msg, done);
            case "interval" -> {
                queue.add(new Held(msg, done));
                pendingCount++;
                checkOverflow();
            }
            default -> concat(msg, done);
        }
    }

    private void byCount(Map<String, Object> msg, Done done) {
        Map<String, Object> parts = MessageParts.of(msg);
        if (honourParts && parts != null && parts.get("index") instanceof Number index
                && parts.get("count") instanceof Number total && index.doubleValue() + 1 == total.doubleValue()) {
            endOfSequence = true;
        }
        queue.add(new Held(msg, done));
        pendingCount++;
        if (queue.size() == count || endOfSequence) {
            List<Held> batch = queue;
            sendSequence(batch, overlap > 0);
            for (int i = 0; i < batch.size() - overlap; i++) {
                batch.get(i).done().done();
            }
            queue = overlap == 0 ? new ArrayList<>()
                    : new ArrayList<>(batch.subList(Math.max(0, batch.size() - overlap), batch.size()));
            pendingCount = 0;
            endOfSequence = false;
        }
        checkOverflow();
    }

    /** nodeMessageBufferMaxLength: too many held messages fail the newest and drop the rest. */
    private void checkOverflow() {
        int max = RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(engine().settings());
        if (max > 0 && pendingCount > max) {
            Held last = queue.remove(queue.size() - 1);
            last.done().done(new NodeError("too many pending messages in batch node"));
            queue.forEach(h -> h.done().done());
            queue = new ArrayList<>();
            pendingCount = 0;
        }
    }

    /** Numbers the messages as one sequence whose id is the first message's _msgid. */
    private void sendSequence(List<Held> batch, boolean clone) {
        Object id = batch.get(0).msg().get("_msgid");
        for (int i = 0; i < batch.size(); i++) {
            Map<String, Object> msg = clone ? Messages.cloneMessage(batch.get(i).msg()) : batch.get(i).msg();
            Map<String, Object> parts = MessageParts.of(msg);
            if (!msg.containsKey(MessageParts.KEY)) {
                parts = new LinkedHashMap<>();
                msg.put(MessageParts.KEY, parts);
            } else if (parts == null) {
                continue; // a primitive msg.parts cannot take the numbering (JavaScript would ignore the writes)
            }
            parts.put("id", id);
            parts.put("index", i);
            parts.put("count", batch.size());
            send(msg);
        }
    }

    private void startInterval() {
        if (intervalMs > 0) {
            timer = timers().setInterval(intervalMs, () -> flushInterval());
        }
    }

    private void stopInterval() {
        if (timer >= 0) {
            timers().clear(timer);
            timer = -1;
        }
    }

    private void flushInterval() {
        if (!queue.isEmpty()) {
            List<Held> batch = queue;
            queue = new ArrayList<>();
            sendSequence(batch, false);
            batch.forEach(h -> h.done().done());
        } else if (allowEmpty) {
            Map<String, Object> parts = new LinkedHashMap<>();
            parts.put("id", Messages.newId());
            parts.put("index", 0);
            parts.put("count", 1);
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("payload", null);
            msg.put(MessageParts.KEY, parts);
            send(msg);
        }
        pendingCount = 0;
    }

    private void concat(Map<String, Object> msg, Done done) {
        Object topicValue = msg.get("topic");
        String topic = topicValue instanceof String s ? s : null;
        if (topic == null || !topics.contains(topic)) {
            return; // Node-RED neither sends nor completes messages of other topics
        }
        Map<String, Object> parts = MessageParts.of(msg);
        if (parts == null || !parts.containsKey("id") || !parts.containsKey("index") || !parts.containsKey("count")) {
            done.done(new NodeError("no parts property in message"));
            return;
        }
        TopicSequences seqs = byTopic.computeIfAbsent(topic, k -> new TopicSequences());
        String gid = JsValues.toJsString(parts.get("id"));
        seqs.groups.computeIfAbsent(gid, k -> new ArrayList<>()).add(new Held(msg, done));
        seqs.counts.putIfAbsent(gid, JsValues.toNumber(parts.get("count")));
        pendingCount++;
        int max = RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(engine().settings());
        if (max > 0 && pendingCount > max) {
            byTopic.values().forEach(s -> s.groups.values().forEach(g -> g.forEach(h ->
                    h.done().done(h.msg() == msg ? new NodeError("too many pending messages in batch node") : null))));
            byTopic.clear();
            pendingCount = 0;
        }
        tryConcat();
    }

    /**
     * Once every topic has its oldest sequence complete, sends them together as one sequence, in topic order. A topic
     * listed twice contributes its oldest sequence twice (as copies), as in Node-RED.
     */
    private void tryConcat() {
        for (String topic : topics) {
            TopicSequences s = byTopic.get(topic);
            if (s == null || s.groups.isEmpty()) {
                return;
            }
            var first = s.groups.entrySet().iterator().next();
            if (first.getValue().size() != s.counts.get(first.getKey())) {
                return;
            }
        }
        List<Held> all = new ArrayList<>();
        for (String topic : topics) {
            all.addAll(byTopic.get(topic).groups.values().iterator().next());
        }
        List<Held> used = new ArrayList<>();
        for (String topic : new LinkedHashSet<>(topics)) {
            TopicSequences s = byTopic.get(topic);
            String gid = s.groups.keySet().iterator().next();
            used.addAll(s.groups.remove(gid));
            s.counts.remove(gid);
        }
        sendSequence(all, true);
        used.forEach(h -> h.done().done());
        pendingCount -= used.size();
    }

    /** msg.reset and close: held messages complete without being sent. */
    private void releaseAll() {
        queue.forEach(h -> h.done().done());
        queue = new ArrayList<>();
        byTopic.values().forEach(s -> s.groups.values().forEach(g -> g.forEach(h -> h.done().done())));
        byTopic.clear();
        pendingCount = 0;
    }

    @Override
    public Future<Void> close() {
        stopInterval();
        releaseAll();
        return Future.succeededFuture();
    }
}
