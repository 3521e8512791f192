package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.PropertyPath;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * rbe (the "filter" node): report by exception. Passes a message only when its value changed (rbe, rbei) or moved
 * by more/less than a gap (deadband, narrowband), per topic. Like Node-RED's, it never calls done.
 */
public final class RbeNode extends Node {
    static final Field FUNC = Field.select("func", "rbe", "rbe", "rbei", "deadband", "deadbandEq", "narrowband", "narrowbandEq");
    static final Field GAP = Field.str("gap", "").label("gap (number, or percent like \"10%\")");
    static final Field START = Field.str("start", "");
    static final Field INOUT = Field.select("inout", "out", "out", "in");
    static final Field SEPTOPICS = Field.bool("septopics", true);
    static final Field PROPERTY = Field.str("property", "payload");
    static final Field TOPI = Field.str("topi", "topic");

    public static final NodeType TYPE = NodeType.builder("rbe", "function").icon("filter").paletteLabel("filter")
            .help("Passes a message only when its property changed (report by exception), or moved by more than a dead band or gap.")
            .color("#E2D96E").ports(1, 1)
            .fields(FUNC, GAP, START, INOUT, SEPTOPICS, PROPERTY, TOPI)
            .factory(RbeNode::new);

    private static final String NO_TOPIC = "_no_topic";

    private final String func;
    private final boolean percent;
    private final double gapSetting;
    private final String start;
    private final boolean compareWithInput;
    private final boolean perTopic;
    private final PropertyPath property;
    private final PropertyPath topicProperty;
    /** Last value per topic ("_no_topic" when topics are not separated). */
    private final Map<String, Object> previous = new HashMap<>();

    RbeNode(NodeConfig c) {
        super(c);
        this.func = c.str(FUNC).isEmpty() ? "rbe" : c.str(FUNC);
        String gap = c.str(GAP).isEmpty() ? "0" : c.str(GAP);
        this.percent = gap.endsWith("%");
        this.gapSetting = percent ? JsRules.parseFloat(gap) : JsValues.toNumber(gap);
        this.start = c.str(START);
        this.compareWithInput = "in".equals(c.str(INOUT));
        this.perTopic = !Boolean.FALSE.equals(c.get(SEPTOPICS));
        this.property = c.msgPath(PROPERTY);
        this.topicProperty = c.msgPath(TOPI);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object topic = topicProperty.getOrNull(msg, msg);
        if (msg.containsKey("reset")) {
            if (perTopic && topic instanceof String s && !s.isEmpty()) {
                previous.remove(JsValues.toJsString(msg.get("topic"))); // sic: Node-RED clears msg.topic's entry
            } else {
                previous.clear();
            }
        }
        Object value = property.getOrNull(msg, msg);
        if (value == null && !property.exists(msg, msg)) {
            return; // no value: ignored
        }
        String t = perTopic && JsValues.truthy(topic) ? JsValues.toJsString(topic) : NO_TOPIC;
        if (func.equals("rbe") || func.equals("rbei")) {
            onChange(msg, value, t);
        } else {
            onBand(msg, value, t);
        }
    }

    private void onChange(Map<String, Object> msg, Object value, String t) {
        boolean doSend = !func.equals("rbei") || previous.containsKey(t);
        if (JsValues.typeOf(value).equals("object")) {
            if (!JsValues.typeOf(previous.getOrDefault(t, Undefined.VALUE)).equals("object")) {
                previous.put(t, new LinkedHashMap<String, Object>());
            }
            if (!JsValues.deepEquals(value, previous.get(t))) {
                previous.put(t, Messages.deepCopy(value));
                if (doSend) {
                    send(msg);
                }
            }
        } else if (!JsRules.strictEquals(value, previous.getOrDefault(t, Undefined.VALUE))) {
            previous.put(t, value);
            if (doSend) {
                send(msg);
            }
        }
    }

    private void onBand(Map<String, Object> msg, Object value, String t) {
        double n = JsRules.parseFloat(value);
        if (Double.isNaN(n)) {
            warn("no number found in payload");
            return;
        }
        boolean narrow = func.equals("narrowband") || func.equals("narrowbandEq");
        if (!previous.containsKey(t) && narrow) {
            previous.put(t, start.isEmpty() ? n : JsValues.toNumber(start));
        }
        double gap = percent
                ? zeroIfNaN(Math.abs(number(previous.get(t)) * gapSetting / 100))
                : gapSetting;
        if (!previous.containsKey(t)) {
            previous.put(t, n - gap - 1); // so that the first value always passes a deadband
        }
        double distance = Math.abs(n - number(previous.get(t)));
        boolean pass;
        if (distance == gap) {
            pass = func.equals("deadbandEq") || func.equals("narrowband");
        } else if (distance > gap) {
            pass = func.equals("deadband") || func.equals("deadbandEq");
        } else if (distance < gap) {
            pass = narrow;
        } else {
            pass = false; // NaN gap
        }
        if (pass) {
            if (!compareWithInput) {
                previous.put(t, n);
            }
            send(msg);
        }
        if (compareWithInput) {
            previous.put(t, n);
        }
    }

    private static double number(Object v) {
        return v == null ? Double.NaN : JsValues.toNumber(v);
    }

    private static double zeroIfNaN(double d) {
        return Double.isNaN(d) ? 0 : d;
    }
}
