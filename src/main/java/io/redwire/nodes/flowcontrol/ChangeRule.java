package io.redwire.nodes.flowcontrol;

import io.redwire.api.Node;
import io.redwire.js.JsReplace;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.ContextScope;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One compiled step of a change node: set, change or delete one msg property or context key. Moves are compiled
 * into set/delete steps by {@link ChangeRules}. Everything that does not depend on the message is fixed at deploy.
 */
final class ChangeRule {
    enum Kind { SET, CHANGE, DELETE }

    /** After a step the node either goes on, or drops the message without completing it (as Node-RED does). */
    enum Outcome { NEXT, DROP }

    /** The value a set/change step writes, per message. */
    @FunctionalInterface
    interface Value {
        Object get(Map<String, Object> msg, Node node);
    }

    /** The `from` side of a change step: its type, the raw value and the regex that finds it. */
    record Match(String type, Object value, Pattern regex, boolean global) {
    }

    @FunctionalInterface
    interface From {
        Match get(Map<String, Object> msg, Node node);
    }

    /** An error Node-RED reports with node.error(err, msg), after which the message is dropped. */
    static final class Failure extends RuntimeException {
        final NodeError error;

        Failure(String text) {
            super(text, null, false, false);
            this.error = new NodeError(text);
        }
    }

    private static final Object UNCHANGED = new Object();

    private final Kind kind;
    private final String scope;
    private final String property;
    private final PropertyPath path;
    private final Value to;
    private final boolean deepClone;
    private final boolean boolTarget;
    private final From from;

    ChangeRule(Kind kind, String scope, String property, PropertyPath path, Value to, boolean deepClone,
               boolean boolTarget, From from) {
        this.kind = kind;
        this.scope = scope;
        this.property = property;
        this.path = path;
        this.to = to;
        this.deepClone = deepClone;
        this.boolTarget = boolTarget;
        this.from = from;
    }

    Outcome apply(Map<String, Object> msg, Node node) {
        try {
            Object value = to == null ? Undefined.VALUE : to.get(msg, node);
            if (deepClone) {
                value = Messages.deepCopy(value);
            }
            Match match = from == null ? null : from.get(msg, node);
            return switch (scope) {
                case "msg" -> onMsg(msg, node, value, match);
                case "flow", "global" -> onContext(msg, node, value, match);
                default -> Outcome.DROP; // Node-RED never answers for other scopes: the msg is lost
            };
        } catch (Failure f) {
            node.error(f.error, msg);
            return Outcome.DROP;
        } catch (PropertyPath.PropertyException | IllegalArgumentException skipped) {
            // Node-RED treats these as "an okay error": this rule does nothing, the next one runs
            return Outcome.NEXT;
        }
    }

    private Outcome onMsg(Map<String, Object> msg, Node node, Object value, Match match) {
        switch (kind) {
            case DELETE -> path.delete(msg, msg);
            case SET -> {
                if (!path.set(msg, value, value != Undefined.VALUE, msg)) {
                    node.warn("Cannot set property of non-object type: " + property);
                }
            }
            case CHANGE -> {
                Object changed = changed(path.get(msg, msg), value, match, boolTarget);
                if (changed != UNCHANGED) {
                    path.set(msg, changed, changed != Undefined.VALUE, msg);
                }
            }
        }
        return Outcome.NEXT;
    }

    private Outcome onContext(Map<String, Object> msg, Node node, Object value, Match match) {
        ContextScope ctx = scope.equals("flow") ? node.flowContext() : node.globalContext();
        String key = TypedValue.substituteMsgRefs(property, msg);
        switch (kind) {
            case DELETE -> ctx.set(key, Undefined.VALUE);
            case SET -> ctx.set(key, value);
            case CHANGE -> {
                Object changed = changed(ctx.get(key), value, match, false);
                if (changed == UNCHANGED) {
                    return Outcome.DROP; // Node-RED's context branch never calls back when nothing matched
                }
                ctx.set(key, changed);
            }
        }
        return Outcome.NEXT;
    }

    /**
     * The change operation: a string equal to a str/num/bool `from` is replaced whole by the value; otherwise every
     * match inside it is replaced by the value's text. Numbers and booleans change only on an equal from-value of
     * their own type; anything else is left alone.
     */
    private static Object changed(Object current, Object value, Match match, boolean boolTarget) {
        String type = match.type();
        if (current instanceof String s) {
            boolean plain = type.equals("str") || type.equals("num") || type.equals("bool");
            if (plain && s.equals(match.value())) {
                return value;
            }
            String text = JsValues.toJsString(value);
            String out = match.regex() == null
                    ? JsReplace.replaceLiteralFirst(s, "undefined", text) // JS: "x".replace(undefined, v)
                    : JsReplace.replace(s, match.regex(), match.global(), text);
            return boolTarget && out.equals(text) ? value : out;
        }
        if (current instanceof Number n && type.equals("num")) {
            return n.doubleValue() == JsValues.toNumber(match.value()) ? value : UNCHANGED;
        }
        if (current instanceof Boolean b && type.equals("bool")) {
            return b.toString().equals(match.value()) ? value : UNCHANGED;
        }
        return UNCHANGED;
    }
}
