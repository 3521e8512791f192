package io.redwire.nodes.flowcontrol;

import io.redwire.js.JsValues;
import io.redwire.msg.PropertyPath;
import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.Map;

/** range: maps a numeric property linearly from an input range to an output range (scale, clamp, roll or drop). */
public final class RangeNode extends Node {
    public static final NodeType TYPE = NodeType.builder("range", "function").icon("range")
            .label("name || \"range\"")
            .help("Maps a number from one range to another, optionally clamped or wrapped, and rounded.")
            .color("#E2D96E").ports(1, 1)
            .field(Field.str("minin", "")).field(Field.str("maxin", ""))
            .field(Field.str("minout", "")).field(Field.str("maxout", ""))
            .field(Field.select("action", "scale", "scale", "clamp", "roll", "drop"))
            .field(Field.bool("round", false))
            .field(Field.str("property", "payload"))
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
        this.action = c.str("action");
        this.round = c.bool("round");
        double inLow = JsValues.toNumber(c.get("minin"));
        double inHigh = JsValues.toNumber(c.get("maxin"));
        double outLow = JsValues.toNumber(c.get("minout"));
        double outHigh = JsValues.toNumber(c.get("maxout"));
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
        this.property = c.msgPath("property", "payload");
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
