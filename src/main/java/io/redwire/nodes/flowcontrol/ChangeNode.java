package io.redwire.nodes.flowcontrol;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.List;
import java.util.Map;

/** change: sets, changes, deletes and moves msg properties and context values, one rule after the other. */
public final class ChangeNode extends Node {
    public static final NodeType TYPE = NodeType.builder("change", "function").color("#E2D96E").ports(1, 1)
            .field(Field.json("rules", List.of(Map.of("t", "set", "p", "payload", "pt", "msg", "to", "",
                    "tot", "str"))).label("rules (t: set|change|delete|move, p/pt, to/tot, from/fromt, dc)"))
            .field(Field.str("action", "").label("legacy single rule: action"))
            .field(Field.str("property", "").label("legacy single rule: property"))
            .field(Field.str("from", "").label("legacy single rule: from"))
            .field(Field.str("to", "").label("legacy single rule: to"))
            .field(Field.bool("reg", false).label("legacy single rule: from is a regex"))
            .factory(ChangeNode::new);

    private final ChangeRule[] steps;

    ChangeNode(NodeConfig c) {
        super(c);
        this.steps = ChangeRules.compile(c).toArray(new ChangeRule[0]);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        for (ChangeRule step : steps) {
            if (step.apply(msg, this) == ChangeRule.Outcome.DROP) {
                return; // Node-RED neither sends nor completes a dropped msg
            }
        }
        send(msg);
        done.done();
    }
}
