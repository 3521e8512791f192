package io.redwire.nodes.mqtt;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * mqtt in: subscribes to {@code topic} (wildcards allowed) and sends {topic, payload, qos, retain} per received
 * message, the payload converted by {@code datatype}. With {@code inputs: 1} it subscribes dynamically: msg.action
 * {@code subscribe} / {@code unsubscribe} (msg.topic a filter, an array of them, {topic, qos, datatype} objects, or
 * {@code true} for all), {@code getSubscriptions}, {@code connect} / {@code disconnect} — as Node-RED 5.0.7 does.
 */
public final class MqttInNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field TOPIC = Field.str("topic", "");
    static final Field QOS = Field.select("qos", "2", "0", "1", "2").wholeNumber(0, 2).checkedByEditorOnly();
    static final Field DATATYPE = Field.select("datatype", "auto-detect", "auto-detect", "auto", "buffer", "utf8", "json", "base64");
    static final Field BROKER = Field.config("broker", "mqtt-broker").asRequired();
    static final Field NL = Field.bool("nl", false);
    static final Field RAP = Field.bool("rap", true);
    static final Field RH = Field.num("rh", 0).wholeNumber(0, 2).checkedByEditorOnly();
    static final Field INPUTS = Field.num("inputs", 0);

    public static final NodeType TYPE = NodeType.builder("mqtt in", "network").icon("mqtt").ports(0, 1).color("#d8bfd8")
            .help("Subscribes to a topic (wildcards and `$share/` allowed) and sends each message received, with `topic`, `qos` and `retain`; the payload parsed as configured. With an input, subscriptions follow `msg.action`.")
            .label(Label.firstOf("name", "topic").or("mqtt"))
            .fields(NAME, TOPIC, QOS, DATATYPE, BROKER, NL, RAP, RH, INPUTS)
            .factory(MqttInNode::new);

    static final String INVALID_TOPIC = "Invalid topic specified";

    private final MqttBrokerNode broker;
    private final String topic;
    private final int qos;
    private final String datatype;
    private final boolean dynamic;
    /** Dynamic subscriptions by filter, as msg.subscriptions lists them. */
    private final Map<String, Map<String, Object>> dynamicSubs = new LinkedHashMap<>();

    MqttInNode(NodeConfig c) {
        super(c);
        this.broker = c.configNode(BROKER, MqttBrokerNode.class);
        this.topic = c.str(TOPIC);
        double q = JsValues.toNumber(c.get(QOS));
        this.qos = Double.isNaN(q) || q < 0 || q > 2 ? 2 : (int) q;
        this.datatype = c.str(DATATYPE).isEmpty() ? "utf8" : c.str(DATATYPE);
        this.dynamic = JsValues.toNumber(c.get(INPUTS)) == 1;
    }

    @Override
    public Future<Void> start() {
        if (broker == null) {
            error("missing broker configuration", null);
            return Future.succeededFuture();
        }
        if (!dynamic && !MqttTopics.validSubscription(topic)) {
            warn(INVALID_TOPIC);
            return Future.succeededFuture();
        }
        if (topic.isEmpty() && !dynamic) {
            error("topic not defined", null);
            return Future.succeededFuture();
        }
        broker.register(this);
        if (!dynamic) {
            broker.connection().subscribe(topic, subOptions(qos, config().get(NL), config().get(RAP),
                    config().get(RH), null), id(), m -> received(datatype, m));
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (broker != null) {
            if (dynamic) {
                dynamicSubs.keySet().forEach(f -> broker.connection().unsubscribe(f, id()));
                dynamicSubs.clear();
            } else {
                broker.connection().unsubscribe(topic, id());
            }
            broker.deregister(this);
        }
        return Future.succeededFuture();
    }

    /**
     * Node-RED's subscription options: on MQTT 5 also rh (0..2, default 0), rap and nl when given as booleans or
     * "true" / "false". {@code sub}, a dynamic subscription, gets the values written back as Node-RED does.
     */
    private MqttLink.SubOptions subOptions(int level, Object nl, Object rap, Object rh, Map<String, Object> sub) {
        if (!broker.isV5()) {
            return MqttLink.SubOptions.qos(level);
        }
        double h = JsValues.toNumber(rh == null || "".equals(rh) ? 0 : rh);
        int handling = Double.isNaN(h) || h < 0 || h > 2 ? 0 : (int) h;
        Boolean retainAsPublished = flag(rap);
        Boolean noLocal = flag(nl);
        if (sub != null) {
            sub.put("rh", handling);
            sub.put("rap", retainAsPublished == null || retainAsPublished);
            if (noLocal == null) {
                sub.remove("nl");
            } else {
                sub.put("nl", noLocal);
            }
        }
        return new MqttLink.SubOptions(level, noLocal, retainAsPublished, handling);
    }

    private static Boolean flag(Object v) {
        if (Boolean.TRUE.equals(v) || "true".equals(v)) {
            return true;
        }
        return Boolean.FALSE.equals(v) || "false".equals(v) ? false : null;
    }

    private void received(String type, MqttLink.Inbound m) {
        byte[] bytes = m.payload();
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("topic", m.topic());
        msg.put("payload", null);
        msg.put("qos", m.qos());
        msg.put("retain", m.retain());
        if (m.properties() != null) {
            m.properties().putInto(msg);
        }
        try {
            msg.put("payload", MqttPayloads.decode(type, bytes, m.properties()));
        } catch (NodeError e) {
            Map<String, Object> failed = new LinkedHashMap<>();
            failed.put("payload", bytes);
            failed.put("topic", m.topic());
            failed.put("qos", m.qos());
            failed.put("retain", m.retain());
            error(e, failed);
            return;
        }
        if (broker.isLocal()) {
            msg.put("_topic", m.topic());
        }
        send(msg);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object action = msg.get("action");
        if (!(action instanceof String a) || !List.of("connect", "disconnect", "subscribe", "unsubscribe",
                "getSubscriptions").contains(a)) {
            done.done(new NodeError("Error: Invalid action specified"));
            return;
        }
        switch (a) {
            case "connect" -> MqttActions.connect(broker, msg, done);
            case "disconnect" -> MqttActions.disconnect(broker, done);
            case "getSubscriptions" -> {
                msg.put("topic", "subscriptions");
                msg.put("payload", new ArrayList<>(dynamicSubs.values()));
                send(msg);
                done.done();
            }
            default -> changeSubscriptions(a.equals("subscribe"), msg, done);
        }
    }

    private void changeSubscriptions(boolean subscribe, Map<String, Object> msg, Done done) {
        Object t = msg.get("topic");
        List<?> requested;
        if (!subscribe && Boolean.TRUE.equals(t)) {
            requested = new ArrayList<>(dynamicSubs.values());
        } else if (t instanceof List<?> l) {
            requested = l;
        } else if (t instanceof String || t instanceof Map) {
            requested = List.of(t);
        } else {
            done.done(new NodeError("Error: msg.topic is missing or invalid"));
            return;
        }
        List<Map<String, Object>> subs = new ArrayList<>();
        for (Object r : requested) {
            Map<String, Object> sub = new LinkedHashMap<>();
            if (r instanceof String s) {
                sub.put("topic", s);
            } else if (r instanceof Map<?, ?> m) {
                m.forEach((k, v) -> sub.put(String.valueOf(k), v));
            }
            if (!(sub.get("topic") instanceof String f) || f.isEmpty() || !MqttTopics.validSubscription(f)) {
                done.done(new NodeError("Error: " + INVALID_TOPIC));
                return;
            }
            subs.add(sub);
        }
        MqttConnection c = broker.connection();
        for (Map<String, Object> sub : subs) {
            String filter = (String) sub.get("topic");
            if (dynamicSubs.remove(filter) != null || !subscribe) {
                c.unsubscribe(filter, id());
            }
            if (subscribe) {
                double q = JsValues.toNumber(sub.get("qos"));
                int level = sub.containsKey("qos") && !Double.isNaN(q) && q >= 0 && q <= 2 ? (int) q : 2;
                sub.put("qos", level);
                String type = sub.get("datatype") instanceof String d && !d.isEmpty() ? d : datatype;
                MqttLink.SubOptions options = subOptions(level, sub.get("nl"), sub.get("rap"), sub.get("rh"), sub);
                c.subscribe(filter, options, id(), m -> received(type, m));
                dynamicSubs.put(filter, sub);
            }
        }
        msg.put("subscriptions", new ArrayList<>(dynamicSubs.values()));
        done.done();
    }
}
