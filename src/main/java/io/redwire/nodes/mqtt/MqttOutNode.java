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

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * mqtt out: publishes msg.payload to the node's topic (else msg.topic) with the node's QoS / retain (else the
 * msg's), as Node-RED 5.0.7 does: a missing payload publishes nothing, an invalid topic is a warning, done comes
 * when the broker acknowledged the message. msg.action connect / disconnect drive the shared connection. On an
 * MQTT 5 broker the node's respTopic / contentType / userProps / correl / expiry (else the msg's responseTopic,
 * contentType, userProperties, correlationData, messageExpiryInterval, payloadFormatIndicator) are sent as PUBLISH
 * properties, and a msg without a topic goes to its responseTopic. msg.topicAlias is not sent.
 */
public final class MqttOutNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field TOPIC = Field.str("topic", "");
    static final Field QOS = Field.select("qos", "", "", "0", "1", "2").wholeNumber(0, 2).checkedByEditorOnly();
    static final Field RETAIN = Field.select("retain", "", "", "true", "false");
    static final Field RESP_TOPIC = Field.str("respTopic", "");
    static final Field CONTENT_TYPE = Field.str("contentType", "");
    static final Field USER_PROPS = Field.str("userProps", "");
    static final Field CORREL = Field.str("correl", "");
    static final Field EXPIRY = Field.str("expiry", "");
    static final Field BROKER = Field.config("broker", "mqtt-broker").asRequired();

    public static final NodeType TYPE = NodeType.builder("mqtt out", "network").icon("mqtt").ports(1, 0).color("#d8bfd8")
            .help("Publishes `msg.payload` to the node's topic or `msg.topic`, with its QoS and retain flag (or the msg's).")
            .label(Label.firstOf("name", "topic").or("mqtt"))
            .fields(NAME, TOPIC, QOS, RETAIN, RESP_TOPIC, CONTENT_TYPE, USER_PROPS, CORREL, EXPIRY, BROKER)
            .factory(MqttOutNode::new);

    private final MqttBrokerNode broker;
    private final String topic;
    private final String qos;
    private final String retain;
    private final Map<String, Object> v5Defaults = new LinkedHashMap<>();

    MqttOutNode(NodeConfig c) {
        super(c);
        this.broker = c.configNode(BROKER, MqttBrokerNode.class);
        this.topic = c.str(TOPIC);
        this.qos = c.str(QOS);
        this.retain = c.str(RETAIN);
        Map<String, String> user = MqttProperties.userPropertiesText(c.str(USER_PROPS));
        if (user != null) {
            v5Defaults.put("userProperties", user);
        }
        putIfSet("responseTopic", c.str(RESP_TOPIC));
        putIfSet("correlationData", c.str(CORREL));
        putIfSet("contentType", c.str(CONTENT_TYPE));
        putIfSet("messageExpiryInterval", c.str(EXPIRY));
    }

    private void putIfSet(String key, String value) {
        if (!value.isEmpty()) {
            v5Defaults.put(key, value);
        }
    }

    @Override
    public Future<Void> start() {
        if (broker == null) {
            error("missing broker configuration", null);
        } else {
            broker.register(this);
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (broker != null) {
            broker.deregister(this);
        }
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object action = msg.get("action");
        if (action != null && !"".equals(action) && !Boolean.FALSE.equals(action)) {
            switch (String.valueOf(action)) {
                case "connect" -> MqttActions.connect(broker, msg, done);
                case "disconnect" -> MqttActions.disconnect(broker, done);
                default -> done.done(new NodeError("Error: Invalid action specified"));
            }
            return;
        }
        if (!topic.isEmpty()) {
            msg.put("topic", topic);
        }
        int level = qosOf(msg);
        msg.put("qos", level);
        boolean keep = retainOf(msg);
        msg.put("retain", keep);
        MqttProperties properties = null;
        if (broker.isV5()) {
            msg.putAll(v5Defaults);
            properties = MqttProperties.fromMsg(msg);
            if (!JsValues.truthy(msg.get("topic")) && properties.responseTopic() != null) {
                msg.put("topic", msg.remove("responseTopic"));
            }
        }
        if (!msg.containsKey("payload")) {
            done.done();
            return;
        }
        if (!(msg.get("topic") instanceof String t) || !MqttTopics.validPublish(t)) {
            warn("Error: " + MqttInNode.INVALID_TOPIC);
            return;
        }
        byte[] bytes = MqttPayloads.encode(msg.get("payload"));
        if (!broker.connection().publish(t, bytes, level, keep, properties, done::done)) {
            broker.droppedWhileDisconnected(this);
        }
    }

    /** Node-RED: Number(node.qos || msg.qos || 0), msg.qos outside 0..2 ignored. */
    private int qosOf(Map<String, Object> msg) {
        if (!qos.isEmpty()) {
            double q = JsValues.toNumber(qos);
            return Double.isNaN(q) || q < 0 || q > 2 ? 0 : (int) q;
        }
        Object m = msg.get("qos");
        if (m == null || !JsValues.truthy(m)) {
            return 0;
        }
        double q = JsValues.toNumber(m);
        return q == 1 || q == 2 ? (int) q : 0;
    }

    private boolean retainOf(Map<String, Object> msg) {
        if (!retain.isEmpty()) {
            return retain.equals("true"); // Node-RED: node.retain || msg.retain, and "false" is a truthy string
        }
        Object r = msg.get("retain");
        return Boolean.TRUE.equals(r) || "true".equals(r);
    }
}
