package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/** change: sets, changes, deletes and moves msg properties and context values, one rule after the other. */
public final class ChangeNode extends Node {
    private static final List<String> CONTEXT = List.of("msg", "flow", "global");
    static final Field RULES = Field.rows("rules", Field.row("t", "set", "p", "payload", "pt", "msg", "to", "", "tot", "str"),
                    Field.select("t", "set", "set", "change", "delete", "move").label("action")
                            .optionLabels("set", "Set", "change", "Change", "delete", "Delete", "move", "Move"),
                    Field.typed("p", "pt", "msg", CONTEXT).label("property").asRequired().checkedByEditorOnly(),
                    Field.typed("to", "tot", "str", List.of("msg", "flow", "global", "str", "num", "bool", "json", "bin",
                            "date", "jsonata", "env")).label("to the value").shownWhen("t", "set"),
                    Field.bool("dc", false).label("deep copy value").shownWhen("t", "set")
                            .shownWhen("tot", "msg", "flow", "global"),
                    Field.typed("from", "fromt", "str", List.of("msg", "flow", "global", "str", "re", "num", "bool", "env"))
                            .label("search for").shownWhen("t", "change"),
                    Field.typed("to", "tot", "str", List.of("msg", "flow", "global", "str", "num", "bool", "json", "bin",
                            "env")).label("replace with").shownWhen("t", "change"),
                    Field.typed("to", "tot", "msg", CONTEXT).label("to").shownWhen("t", "move"))
            .label("Rules").runtimeDefault(null); // a flow from before 0.18: the single rule below
    static final Field ACTION = Field.str("action", "").label("legacy single rule: action").asLegacy();
    static final Field PROPERTY = Field.str("property", "").label("legacy single rule: property").asLegacy();
    static final Field FROM = Field.str("from", "").label("legacy single rule: from").asLegacy();
    static final Field TO = Field.str("to", "").label("legacy single rule: to").asLegacy();
    static final Field REG = Field.bool("reg", false).label("legacy single rule: from is a regex").asLegacy();

    public static final NodeType TYPE = NodeType.builder("change", "function").icon("change")
            .label(Label.computed())
            .help("Sets, changes, moves or deletes message and context properties, applying its rules in order.\n\n- Set: a property to a typed value (text, number, JSON, another property, JSONata, env variable, timestamp).\n- Change: search and replace inside a property (text or regular expression).\n- Move: a property to another place. Delete: removes it.")
            .color("#E2D96E").ports(1, 1)
            .fields(RULES, ACTION, PROPERTY, FROM, TO, REG)
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
