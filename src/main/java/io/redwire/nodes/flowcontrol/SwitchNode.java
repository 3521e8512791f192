package io.redwire.nodes.flowcontrol;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.Undefined;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.NodeError;
import io.redwire.msg.TypedValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * switch: routes each message to the outputs whose rule matches its property. The same msg object goes to every
 * matching port (the runtime clones all but the first delivery). Like Node-RED's, it never calls done.
 */
public final class SwitchNode extends Node {
    static final Field PROPERTY = Field.typed("property", "propertyType", "msg", List.of("msg", "flow", "global", "jsonata", "env"));
    private static final List<String> VALUE_TYPES = List.of("str", "num", "bool", "json", "msg", "flow", "global", "env",
            "jsonata", "date", "prev");
    private static final List<String> COUNT_TYPES = List.of("num", "msg", "flow", "global", "env");
    private static final String[] COMPARED = {"eq", "neq", "lt", "lte", "gt", "gte", "hask", "btwn", "cont"};
    /** One output per rule; values are checked by the editor only, as Node-RED's switch fails a bad one per msg. */
    static final Field RULES = Field.rows("rules", Field.row("t", "eq", "v", "", "vt", "str"),
                    Field.select("t", "eq", SwitchRule.OPERATORS.toArray(String[]::new)).label("operator")
                            .asRequired().onlyOptions().optionLabels("eq", "==", "neq", "!=", "lt", "<", "lte", "<=",
                                    "gt", ">", "gte", ">=", "hask", "has key", "btwn", "is between", "cont", "contains",
                                    "regex", "matches regex", "true", "is true", "false", "is false", "null", "is null",
                                    "nnull", "is not null", "istype", "is of type", "empty", "is empty", "nempty",
                                    "is not empty", "head", "head", "index", "index between", "tail", "tail",
                                    "jsonata_exp", "JSONata exp", "else", "otherwise"),
                    Field.typed("v", "vt", "str", VALUE_TYPES).label("value").shownWhen("t", COMPARED)
                            .checkedByEditorOnly(),
                    Field.typed("v", "vt", "re", List.of("re", "str")).label("value").shownWhen("t", "regex")
                            .checkedByEditorOnly(),
                    Field.typed("v", "vt", "jsonata", List.of("jsonata")).label("value").shownWhen("t", "jsonata_exp")
                            .checkedByEditorOnly(),
                    Field.typed("v", "vt", "num", COUNT_TYPES).label("value").shownWhen("t", "head", "tail", "index")
                            .checkedByEditorOnly(),
                    Field.select("v", "string", "string", "number", "boolean", "array", "buffer", "object", "json",
                            "undefined", "null").label("type").alsoStoredAs("vt").shownWhen("t", "istype"),
                    Field.typed("v2", "v2t", "str", VALUE_TYPES).label("and").shownWhen("t", "btwn")
                            .checkedByEditorOnly(),
                    Field.typed("v2", "v2t", "num", COUNT_TYPES).label("and").shownWhen("t", "index")
                            .checkedByEditorOnly(),
                    Field.bool("case", false).label("ignore case").shownWhen("t", "regex"))
            .label("Rules").outputPerRow().runtimeDefault(List.of());
    static final Field CHECKALL = Field.select("checkall", "true", "true", "false");
    static final Field REPAIR = Field.bool("repair", false);
    static final Field OUTPUTS = Field.num("outputs", 1);

    public static final NodeType TYPE = NodeType.builder("switch", "function").icon("switch")
            .help("Routes each message by testing one property against its rules; every rule has its own output.\n\n- Comparisons, ranges, regular expressions, types, emptiness, position in a sequence, JSONata.\n- Stops at the first matching rule, or checks them all.")
            .computedPortLabels()
            .color("#E2D96E").ports(1, 1)
            .fields(PROPERTY, RULES, CHECKALL, REPAIR, OUTPUTS)
            .factory(SwitchNode::new);

    private final SwitchRule[] rules;
    private final TypedValue property;
    private final JsonataExpression propertyExpression;
    private final boolean stopAtFirstMatch;
    private final boolean repair;
    private final boolean needsCount;
    private final SwitchSequences sequences;
    private Object previousValue;

    @SuppressWarnings("unchecked")
    SwitchNode(NodeConfig c) {
        super(c);
        String propertyType = c.typeOf(PROPERTY);
        if (propertyType.equals("jsonata")) {
            try {
                this.propertyExpression = JsonataExpression.compile(c.str(PROPERTY));
            } catch (IllegalArgumentException e) {
                throw c.error(PROPERTY, e.getMessage());
            }
            this.property = null;
        } else {
            this.propertyExpression = null;
            this.property = c.typed(c.str(PROPERTY), propertyType, PROPERTY);
        }
        List<Object> defs = c.list(RULES);
        this.rules = new SwitchRule[defs.size()];
        boolean tail = false;
        for (int i = 0; i < rules.length; i++) {
            Map<String, Object> rule = (Map<String, Object>) defs.get(i); // the declaration refused other rows
            rules[i] = SwitchRule.compile(c, rule);
            tail |= "tail".equals(rule.get("t"));
        }
        // checkall is stored as a string; only the text "false" stops at the first match
        this.stopAtFirstMatch = "false".equals(c.get(CHECKALL));
        this.repair = c.bool(REPAIR);
        this.needsCount = repair || tail;
        this.sequences = new SwitchSequences(
                RuntimeSettings.NODE_MESSAGE_BUFFER_MAX_LENGTH.read(c.services().settings()));
    }

    /** The property value of the previous message (rule value type "prev"); null before the first. */
    Object previousValue() {
        return previousValue;
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        process(msg, true);
    }

    private void process(Map<String, Object> msg, boolean checkParts) {
        Map<String, Object> parts = SwitchSequences.parts(msg);
        if (needsCount && checkParts && parts != null) {
            report(sequences.add(msg, parts, m -> process(m, false)), msg);
            return;
        }
        Object value;
        try {
            value = propertyValue(msg);
        } catch (NodeError e) {
            warn(e.getMessage());
            return;
        }
        List<Object> onward;
        try {
            onward = applyRules(value, msg);
        } catch (NodeError e) {
            error(e, msg);
            return;
        }
        if (!repair || parts == null) {
            send(onward);
        } else {
            report(sequences.route(onward, parts, this), msg);
        }
    }

    private Object propertyValue(Map<String, Object> msg) {
        if (propertyExpression != null) {
            try {
                return propertyExpression.evaluate(msg, this);
            } catch (NodeError e) {
                throw new NodeError("Invalid JSONata expression: " + e.getMessage());
            }
        }
        try {
            return property.evaluate(msg, this);
        } catch (RuntimeException e) {
            return Undefined.VALUE; // a failed lookup (missing parent) is undefined
        }
    }

    /** One entry per rule tried: the msg where it matched, null where not ("else" = nothing matched since). */
    private List<Object> applyRules(Object value, Map<String, Object> msg) {
        List<Object> onward = new ArrayList<>(rules.length);
        boolean elseFlag = true;
        for (SwitchRule rule : rules) {
            Object a = value;
            if (rule.isElse()) {
                a = elseFlag;
                elseFlag = true;
            }
            if (rule.matches(a, msg, this)) {
                onward.add(msg);
                elseFlag = false;
                if (stopAtFirstMatch) {
                    break;
                }
            } else {
                onward.add(null);
            }
        }
        previousValue = value;
        return onward;
    }

    private void report(String error, Map<String, Object> msg) {
        if (error != null) {
            error(error, msg);
        }
    }

    @Override
    public io.vertx.core.Future<Void> close() {
        sequences.clear();
        return super.close();
    }
}
