package io.redwire.nodes.flowcontrol;

import io.redwire.api.NodeConfig;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.NodeError;
import io.redwire.msg.TypedValue;

import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One compiled switch rule: an operator over the property value `a` and the rule's values `b` (v) and `c` (v2),
 * with JavaScript's loose comparison semantics. Constant values are prepared once so the common rules cost a
 * comparison per message.
 */
final class SwitchRule {
    /** The operators, as the rule's {@code t} names them; the declaration refuses others before a rule is built. */
    static final List<String> OPERATORS = List.of("eq", "neq", "lt", "lte", "gt", "gte", "hask", "btwn", "cont",
            "regex", "true", "false", "null", "nnull", "istype", "empty", "nempty", "head", "index", "tail",
            "jsonata_exp", "else");

    /** Where a rule value comes from, per message. */
    @FunctionalInterface
    interface Operand {
        Object get(Map<String, Object> msg, SwitchNode node);
    }

    private final String op;
    private final Operand v;
    private final Operand v2;
    private final boolean ignoreCase;
    /** The value when v is fixed at deploy (str/num/bool/...), else null. */
    private final Object constant;
    private final boolean hasConstant;
    /** Number(constant), for comparing numbers against a fixed value without parsing per message. */
    private final double constantNumber;
    private Pattern constantRegex;

    private SwitchRule(String op, Operand v, Operand v2, boolean ignoreCase, boolean hasConstant, Object constant) {
        this.op = op;
        this.v = v;
        this.v2 = v2;
        this.ignoreCase = ignoreCase;
        this.hasConstant = hasConstant;
        this.constant = constant;
        this.constantNumber = hasConstant ? JsValues.toNumber(constant) : Double.NaN;
    }

    boolean isElse() {
        return op.equals("else");
    }

    /** Deploy-time preparation of one rule ({t, v, vt, v2, v2t, case}), as Node-RED's switch constructor does. */
    static SwitchRule compile(NodeConfig c, Map<String, Object> rule) {
        String op = text(rule.get("t"));
        Object rawV = rule.get("v");
        String vt = text(rule.get("vt"));
        if (vt.isEmpty()) {
            vt = Double.isNaN(JsValues.toNumber(rawV == null && !rule.containsKey("v") ? Undefined.VALUE : rawV))
                    ? "str" : "num";
        }
        Operand v = operand(c, rawV == null ? "" : JsValues.toJsString(rawV), vt, op.equals("jsonata_exp"));
        Operand v2 = (msg, node) -> Undefined.VALUE;
        String v2t = text(rule.get("v2t"));
        if (v2t.equals("prev") || v2t.equals("jsonata") || rule.get("v2") != null) {
            Object rawV2 = rule.get("v2");
            if (v2t.isEmpty()) {
                v2t = Double.isNaN(JsValues.toNumber(rawV2)) ? "str" : "num";
            }
            v2 = operand(c, rawV2 == null ? "" : JsValues.toJsString(rawV2), v2t, false);
        }
        boolean fixed = isFixed(vt);
        Object constant = fixed ? v.get(null, null) : null;
        return new SwitchRule(op, v, v2, JsValues.truthy(rule.get("case")), fixed, constant);
    }

    /** Value types that do not depend on the message, context, time or previous message. */
    private static boolean isFixed(String vt) {
        return switch (vt) {
            case "prev", "jsonata", "msg", "flow", "global", "env", "date", "bin" -> false;
            default -> true; // str, num, bool, re, json/null markers and istype names
        };
    }

    private static Operand operand(NodeConfig c, String value, String type, boolean withSequenceBindings) {
        switch (type) {
            case "prev":
                return (msg, node) -> node.previousValue();
            case "jsonata": {
                JsonataExpression expr;
                try {
                    expr = JsonataExpression.compile(value);
                } catch (IllegalArgumentException e) {
                    throw c.error(SwitchNode.RULES, e.getMessage());
                }
                return (msg, node) -> {
                    try {
                        Map<String, Object> parts = withSequenceBindings ? SwitchSequences.parts(msg) : null;
                        if (parts != null) { // $I and $N: this msg's place in its sequence
                            Map<String, Object> seq = new HashMap<>();
                            seq.put("I", parts.get("index"));
                            seq.put("N", parts.get("count"));
                            return expr.evaluate(msg, node, seq);
                        }
                        return expr.evaluate(msg, node);
                    } catch (NodeError e) {
                        throw new NodeError("Invalid JSONata expression: " + e.getMessage());
                    }
                };
            }
            case "json", "null": // Node-RED hands these over unevaluated (they name istype kinds)
                return (msg, node) -> type;
            default: {
                TypedValue tv;
                try {
                    tv = TypedValue.compile(value, type);
                } catch (RuntimeException e) {
                    NodeError failure = new NodeError(NodeError.textOf(e));
                    return (msg, node) -> {
                        throw failure;
                    };
                }
                if (isFixed(type)) {
                    Object k = tv.evaluate(null, null);
                    return (msg, node) -> k;
                }
                return (msg, node) -> {
                    try {
                        return tv.evaluate(msg, node);
                    } catch (RuntimeException e) {
                        return Undefined.VALUE; // Node-RED's switch reads a failed lookup as undefined
                    }
                };
            }
        }
    }

    /** Evaluates the rule for property value {@code a}; throws NodeError for a rule that cannot be evaluated. */
    boolean matches(Object a, Map<String, Object> msg, SwitchNode node) {
        Object b = v.get(msg, node);
        Object c = v2.get(msg, node);
        switch (op) {
            case "eq":
                return JsValues.looseEquals(a, b);
            case "neq":
                return !JsValues.looseEquals(a, b);
            case "lt":
                return hasConstant && a instanceof Number n ? n.doubleValue() < constantNumber : JsValues.lessThan(a, b);
            case "lte":
                return hasConstant && a instanceof Number n ? n.doubleValue() <= constantNumber
                        : JsValues.lessOrEqual(a, b);
            case "gt":
                return hasConstant && a instanceof Number n ? n.doubleValue() > constantNumber : JsValues.lessThan(b, a);
            case "gte":
                return hasConstant && a instanceof Number n ? n.doubleValue() >= constantNumber
                        : JsValues.lessOrEqual(b, a);
            case "btwn":
                return JsValues.lessOrEqual(b, a) && JsValues.lessOrEqual(a, c)
                        || JsValues.lessOrEqual(a, b) && JsValues.lessOrEqual(c, a);
            case "cont":
                return JsValues.toJsString(a).contains(JsValues.toJsString(b));
            case "regex":
                return regex(b).matcher(JsValues.toJsString(a)).find();
            case "true":
                return Boolean.TRUE.equals(a);
            case "false":
                return Boolean.FALSE.equals(a);
            case "null":
                return a == null || a == Undefined.VALUE;
            case "nnull":
                return a != null && a != Undefined.VALUE;
            case "empty":
                return isEmpty(a) == Boolean.TRUE;
            case "nempty":
                return isEmpty(a) == Boolean.FALSE;
            case "istype":
                return isType(a, b);
            case "hask":
                return hasOwnKey(a, b);
            case "head":
                return JsValues.lessThan(partsField(msg, "index"), JsValues.toNumber(b));
            case "tail":
                return JsValues.lessOrEqual(JsValues.toNumber(partsField(msg, "count")) - JsValues.toNumber(b),
                        partsField(msg, "index"));
            case "index": {
                Object index = partsField(msg, "index");
                return JsValues.lessOrEqual(JsValues.toNumber(b), index)
                        && JsValues.lessOrEqual(index, JsValues.toNumber(c));
            }
            case "jsonata_exp":
                return Boolean.TRUE.equals(b);
            case "else":
                return Boolean.TRUE.equals(a);
            default:
                return false;
        }
    }

    /** new RegExp(b, case ? "i" : ""): compiled once when b is fixed. */
    private Pattern regex(Object b) {
        if (hasConstant && b == constant) {
            if (constantRegex == null) {
                constantRegex = compileRegex(b);
            }
            return constantRegex;
        }
        return compileRegex(b);
    }

    private Pattern compileRegex(Object b) {
        String source = b instanceof Pattern p ? p.pattern() : JsValues.toJsString(b);
        try {
            return Pattern.compile(source, ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        } catch (PatternSyntaxException e) {
            throw new NodeError("SyntaxError: Invalid regular expression: /" + source + "/" + (ignoreCase ? "i" : "")
                    + ": " + e.getDescription());
        }
    }

    /** Length/key-count emptiness: TRUE or FALSE for strings, arrays, Buffers and objects; null for anything else. */
    private static Boolean isEmpty(Object a) {
        if (a instanceof String s) {
            return s.isEmpty();
        }
        if (a instanceof List<?> l) {
            return l.isEmpty();
        }
        if (a instanceof byte[] b) {
            return b.length == 0;
        }
        if (a instanceof Map<?, ?> m) {
            return m.isEmpty();
        }
        if (a instanceof Date || a instanceof Pattern) {
            return true; // objects without own enumerable keys
        }
        return null;
    }

    private static boolean isType(Object a, Object b) {
        if (!(b instanceof String type)) {
            return false;
        }
        switch (type) {
            case "array":
                return a instanceof List;
            case "buffer":
                return a instanceof byte[];
            case "json":
                try {
                    Json.parse(JsValues.toJsString(a)); // JSON.parse(a) coerces a to a string first
                    return true;
                } catch (Exception e) {
                    return false;
                }
            case "null":
                return a == null;
            case "number":
                return a instanceof Number n && !Double.isNaN(n.doubleValue());
            default:
                return a != null && !(a instanceof List) && !(a instanceof byte[]) && JsValues.typeOf(a).equals(type);
        }
    }

    /** a.hasOwnProperty(String(b)) for the value kinds a message holds. */
    private static boolean hasOwnKey(Object a, Object b) {
        if (a == null || a == Undefined.VALUE || b == null || b instanceof Map || b instanceof List
                || b instanceof byte[] || b instanceof Date || b instanceof Pattern) {
            return false;
        }
        String key = JsValues.toJsString(b);
        if (a instanceof Map<?, ?> m) {
            return m.containsKey(key);
        }
        if (a instanceof List<?> l) {
            return key.equals("length") || isIndex(key, l.size());
        }
        if (a instanceof String s) {
            return key.equals("length") || isIndex(key, s.length());
        }
        if (a instanceof byte[] bytes) {
            return isIndex(key, bytes.length);
        }
        return false;
    }

    private static boolean isIndex(String key, int size) {
        if (key.isEmpty() || key.length() > 9 || key.length() > 1 && key.charAt(0) == '0') {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            if (!Character.isDigit(key.charAt(i))) {
                return false;
            }
        }
        return Integer.parseInt(key) < size;
    }

    /** msg.parts.index / .count; reading them without msg.parts fails like JavaScript does. */
    private static Object partsField(Map<String, Object> msg, String field) {
        Object parts = msg.get("parts");
        if (parts == null) {
            throw new NodeError("TypeError: Cannot read properties of " + (msg.containsKey("parts") ? "null" : "undefined")
                    + " (reading '" + field + "')");
        }
        if (!(parts instanceof Map<?, ?> p)) {
            return Undefined.VALUE;
        }
        Object v = p.get(field);
        return v == null && !p.containsKey(field) ? Undefined.VALUE : v;
    }

    private static String text(Object v) {
        return v == null ? "" : JsValues.toJsString(v);
    }
}
