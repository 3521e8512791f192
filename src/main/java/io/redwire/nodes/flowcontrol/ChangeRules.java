package io.redwire.nodes.flowcontrol;

import io.redwire.api.NodeConfig;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.ContextScope;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;
import io.redwire.msg.ValueScope;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles a change node's configuration into {@link ChangeRule} steps, applying Node-RED's deploy-time rules:
 * legacy single-rule fields, defaults for pt/tot/fromt, num/bool/json/jsonata prepared once, env read once, and
 * moves expanded into set + delete (through `_temp_move` when moving into the same scope).
 */
final class ChangeRules {
    private ChangeRules() {
    }

    static List<ChangeRule> compile(NodeConfig c) {
        ValueScope deployEnv = deployEnv(c);
        List<ChangeRule> steps = new ArrayList<>();
        for (Map<String, Object> rule : ruleDefs(c)) {
            String t = text(rule.get("t"));
            String p = text(rule.get("p"));
            String pt = text(rule.get("pt"));
            String to = text(rule.get("to"));
            String tot = text(rule.get("tot"));
            switch (t) {
                case "set" -> steps.add(set(c, p, pt, setValue(c, rule.get("to"), to, tot, deployEnv),
                        Boolean.TRUE.equals(rule.get("dc"))));
                case "delete" -> steps.add(delete(c, p, pt));
                case "change" -> steps.add(change(c, p, pt, to, tot, rule, deployEnv));
                case "move" -> {
                    if (!tot.equals(pt) || p.contains(to) && !p.equals(to)) {
                        steps.add(set(c, to, tot, value(c, p, pt, deployEnv), false));
                        steps.add(delete(c, p, pt));
                    } else { // moving within one scope (maybe into a child of itself) goes through a temporary
                        steps.add(set(c, "_temp_move", tot, value(c, p, pt, deployEnv), false));
                        steps.add(delete(c, p, pt));
                        steps.add(set(c, to, tot, value(c, "_temp_move", pt, deployEnv), false));
                        steps.add(delete(c, "_temp_move", pt));
                    }
                }
                default -> {
                    // Node-RED passes the msg on untouched for a rule type it does not know
                }
            }
        }
        return steps;
    }

    /** The rules with Node-RED's migrations applied: legacy fields, and defaults for pt, tot and fromt. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> ruleDefs(NodeConfig c) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (c.get(ChangeNode.RULES) instanceof List<?> rules) {
            for (Object r : rules) { // each an object: the declaration refused other rows
                out.add(new LinkedHashMap<>((Map<String, Object>) r));
            }
        } else {
            out.add(legacyRule(c));
        }
        for (Map<String, Object> rule : out) {
            rule.putIfAbsent("p", "");
            if (isBlank(rule.get("pt"))) {
                rule.put("pt", "msg");
            }
            if ("change".equals(rule.get("t")) && JsValues.truthy(rule.get("re"))) {
                rule.put("fromt", "re");
            }
            if ("set".equals(rule.get("t")) && isBlank(rule.get("tot")) && text(rule.get("to")).startsWith("msg.")) {
                rule.put("to", text(rule.get("to")).substring(4));
                rule.put("tot", "msg");
            }
            if (isBlank(rule.get("tot"))) {
                rule.put("tot", "str");
            }
            if (isBlank(rule.get("fromt"))) {
                rule.put("fromt", "str");
            }
        }
        return out;
    }

    /** A node saved before rules existed: action/property/from/to/reg. */
    private static Map<String, Object> legacyRule(NodeConfig c) {
        Map<String, Object> rule = new LinkedHashMap<>();
        String action = c.str(ChangeNode.ACTION);
        rule.put("t", action.equals("replace") ? "set" : action);
        rule.put("p", c.str(ChangeNode.PROPERTY));
        if (action.equals("replace") || action.equals("set") || action.equals("move")) {
            rule.put("to", c.str(ChangeNode.TO));
        } else if (action.equals("change")) {
            rule.put("from", c.str(ChangeNode.FROM));
            rule.put("to", c.str(ChangeNode.TO));
            Object reg = c.get(ChangeNode.REG);
            rule.put("re", c.has(ChangeNode.REG) && reg == null || JsValues.truthy(reg));
        }
        return rule;
    }

    private static ChangeRule set(NodeConfig c, String p, String pt, ChangeRule.Value value, boolean deepClone) {
        return new ChangeRule(ChangeRule.Kind.SET, pt, p, msgPath(c, p, pt), value, deepClone, false, null);
    }

    private static ChangeRule delete(NodeConfig c, String p, String pt) {
        return new ChangeRule(ChangeRule.Kind.DELETE, pt, p, msgPath(c, p, pt), null, false, false, null);
    }

    private static ChangeRule change(NodeConfig c, String p, String pt, String to, String tot, Map<String, Object> rule,
                                     ValueScope deployEnv) {
        return new ChangeRule(ChangeRule.Kind.CHANGE, pt, p, msgPath(c, p, pt), value(c, to, tot, deployEnv), false,
                tot.equals("bool"), from(c, text(rule.get("from")), text(rule.get("fromt"))));
    }

    private static PropertyPath msgPath(NodeConfig c, String p, String pt) {
        if (!pt.equals("msg")) {
            return null;
        }
        try {
            return PropertyPath.ofMsg(p);
        } catch (PropertyPath.PropertyException e) {
            throw c.error(ChangeNode.RULES, "property '" + p + "': " + e.getMessage());
        }
    }

    /** The `to` side: prepared once; json/bin copied fresh per msg; msg/flow/global/date/jsonata read per msg. */
    /**
     * A set rule's value. A str rule sets its "to" as it is: after a deploy-time ${VAR} substitution that can be a
     * number, boolean or object (a typed env variable), which Node-RED keeps.
     */
    private static ChangeRule.Value setValue(NodeConfig c, Object rawTo, String to, String tot,
                                             ValueScope deployEnv) {
        if ("str".equals(tot) && rawTo != null && !(rawTo instanceof String)) {
            return (msg, node) -> Messages.deepCopy(rawTo);
        }
        return value(c, to, tot, deployEnv);
    }

    static ChangeRule.Value value(NodeConfig c, String to, String tot, ValueScope deployEnv) {
        switch (tot) {
            case "msg": {
                PropertyPath path = msgPath(c, to, "msg");
                return (msg, node) -> {
                    Object v = path.get(msg, msg); // a missing parent throws: the rule is skipped
                    return v == null && !path.exists(msg, msg) ? Undefined.VALUE : v;
                };
            }
            case "jsonata": {
                JsonataExpression expr = jsonata(c, to);
                return (msg, node) -> {
                    try {
                        return expr.evaluate(msg, node);
                    } catch (NodeError e) {
                        throw new ChangeRule.Failure("Invalid JSONata expression: " + e.getMessage());
                    }
                };
            }
            case "env": {
                Object v = TypedValue.evaluateEnv(to, deployEnv); // Node-RED reads env once, at deploy
                return (msg, node) -> v;
            }
            case "json", "bin": {
                TypedValue tv;
                try {
                    tv = TypedValue.compile(to, tot);
                } catch (RuntimeException e) {
                    throw c.error(ChangeNode.RULES, "Invalid 'to' JSON property '" + to + "': " + e.getMessage());
                }
                return tv::evaluate;
            }
            default: {
                TypedValue tv = c.typed(to, tot, ChangeNode.RULES);
                if (tv.isConstant()) {
                    Object v = tv.evaluate(null, null);
                    return (msg, node) -> v;
                }
                return tv::evaluate;
            }
        }
    }

    private static JsonataExpression jsonata(NodeConfig c, String text) {
        try {
            return JsonataExpression.compile(text);
        } catch (IllegalArgumentException e) {
            throw c.error(ChangeNode.RULES, e.getMessage());
        }
    }

    /** The `from` side: fixed at deploy, except msg/flow/global which are read and typed per message. */
    private static ChangeRule.From from(NodeConfig c, String from, String fromt) {
        switch (fromt) {
            case "msg": {
                PropertyPath path = msgPath(c, from, "msg");
                return (msg, node) -> {
                    Object v = path.get(msg, msg);
                    return typed(v == null && !path.exists(msg, msg) ? Undefined.VALUE : v);
                };
            }
            case "flow", "global": {
                boolean flow = fromt.equals("flow");
                return (msg, node) -> {
                    ContextScope ctx = flow ? node.flowContext() : node.globalContext();
                    Object v = ctx.get(TypedValue.substituteMsgRefs(from, msg));
                    return typed(v == null ? Undefined.VALUE : v);
                };
            }
            default: {
                Pattern regex;
                try {
                    regex = Pattern.compile(fromt.equals("re") ? from : Pattern.quote(from));
                } catch (PatternSyntaxException e) {
                    throw c.error(ChangeNode.RULES, "Invalid 'from' property: " + e.getDescription());
                }
                ChangeRule.Match fixed = new ChangeRule.Match(fromt, from, regex, true);
                return (msg, node) -> fixed;
            }
        }
    }

    /** A from-value read at run time takes its type from what it is. */
    private static ChangeRule.Match typed(Object v) {
        if (v instanceof Number) {
            return new ChangeRule.Match("num", v, null, false);
        }
        if (v instanceof Boolean) {
            return new ChangeRule.Match("bool", v, null, false);
        }
        if (v instanceof Pattern p) {
            return new ChangeRule.Match("re", v, p, false); // a RegExp value has no g flag: first match only
        }
        if (v instanceof String s) {
            return new ChangeRule.Match("str", s, Pattern.compile(Pattern.quote(s)), true);
        }
        throw new ChangeRule.Failure("Error: Invalid 'from' property: unsupported type: " + JsValues.typeOf(v));
    }

    /** Env lookups at deploy time, before the node is bound to its flow. */
    private static ValueScope deployEnv(NodeConfig c) {
        return ValueScope.of(null, null, null, name -> c.services().env(c.id(), name));
    }

    private static boolean isBlank(Object v) {
        return v == null || "".equals(v);
    }

    private static String text(Object v) {
        return v == null ? "" : JsValues.toJsString(v);
    }
}
