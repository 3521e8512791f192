package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.PropertyPath;

import java.util.Map;

/** range: maps a numeric property linearly from an input range to an output range (scale, clamp, roll or drop). */
public final class RangeNode extends Node {
    static final Field MININ = Field.str("minin", "");
    static final Field MAXIN = Field.str("maxin", "");
    static final Field MINOUT = Field.str("minout", "");
    static final Field MAXOUT = Field.str("maxout", "");
    static final Field ACTION = Field.select("action", "scale", "scale", "clamp", "roll", "drop");
    static final Field ROUND = Field.bool("round", false);
    static final Field PROPERTY = Field.str("property", "payload");

    public static final NodeType TYPE = NodeType.builder("range", "function").icon("range")
            .help("Maps a number from one range to another, optionally clamped or wrapped, and rounded.")
            .computedPortLabels()
            .label(Label.computed())
            .color("#E2D96E").ports(1, 1)
            .field(MININ).field(MAXIN)
            .field(MINOUT).field(MAXOUT)
            .fields(ACTION, ROUND, PROPERTY)
            .factory(RangeNode::new);

    private final String action;
    private final boolean round;
    private final double minIn;
    private final double maxIn;
    private final double minOut;
    private final double maxOut;
    private final PropertyPath property;

    RangeNode(NodeConfig c) {
        super(c);
        this.action = c.str(ACTION);
        this.round = c.bool(ROUND);
        double inLow = JsValues.toNumber(c.get(MININ));
        double inHigh = JsValues.toNumber(c.get(MAXIN));
        double outLow = JsValues.toNumber(c.get(MINOUT));
        double outHigh = JsValues.toNumber(c.get(MAXOUT));
        if (inLow > inHigh) { // a reversed input range flips the output range with it
            double t = inLow;
            inLow = inHigh;
            inHigh = t;
            t = outLow;
            outLow = outHigh;
            outHigh = t;
        }
        if (round) {
            outHigh = Math.floor(outHigh);
            outLow = Math.ceil(outLow);
        }
        this.minIn = inLow;
        this.maxIn = inHigh;
        this.minOut = outLow;
        this.maxOut = outHigh;
        this.property = c.msgPath(PROPERTY);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value = property.get(msg, msg); // a missing parent throws, which the runtime reports
        if (value == null && !property.exists(msg, msg)) {
            send(msg); // no property: passed on untouched
            done.done();
            return;
        }
        double n = JsValues.toNumber(value);
        if (Double.isNaN(n)) {
            log("Not a number: " + JsValues.toJsString(value));
            done.done();
            return;
        }
        switch (action) {
            case "drop" -> {
                if (n < minIn || n > maxIn) {
                    done.done();
                    return;
                }
            }
            case "clamp" -> {
                if (n < minIn) {
                    n = minIn;
                }
                if (n > maxIn) {
                    n = maxIn;
                }
            }
            case "roll" -> {
                double span = maxIn - minIn;
                n = ((n - minIn) % span + span) % span + minIn;
            }
            default -> {
            }
        }
        double out = (n - minIn) / (maxIn - minIn) * (maxOut - minOut) + minOut;
        property.set(msg, round ? jsRound(out) : out, true, msg);
        send(msg);
        done.done();
    }

    /** Math.round: halves go up (towards +Infinity). */
    private static double jsRound(double v) {
        double f = Math.floor(v);
        return v - f >= 0.5 ? f + 1 : f;
    }
}
