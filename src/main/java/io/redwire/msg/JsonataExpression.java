package io.redwire.msg;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import com.dashjoin.jsonata.Jsonata;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A JSONata expression compiled once, evaluated against a msg with Node-RED's bindings ($flowContext,
 * $globalContext, $env, $moment-free subset). Expressions that mention `msg` on their own see {msg: msg} (legacy mode).
 */
public final class JsonataExpression {
    private static final Pattern LEGACY_MSG = Pattern.compile("(^|[^a-zA-Z0-9_'\".])msg([^a-zA-Z0-9_'\"]|$)");
    private static final long TIMEOUT_MS = 5000;
    private static final int MAX_DEPTH = 500;

    private final String text;
    private final Jsonata expr;
    private final boolean legacy;

    private JsonataExpression(String text) {
        this.text = text;
        String tooDeep = NestingLimit.JSONATA.problem(text);
        if (tooDeep != null) {
            throw new IllegalArgumentException("Invalid JSONata expression: " + tooDeep);
        }
        try {
            this.expr = Jsonata.jsonata(text);
            // msgs hold Dates, Buffers and req/res references: JSONata sees them as opaque objects, as in JS
            this.expr.setValidateInput(false);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid JSONata expression: " + e.getMessage(), e);
        }
        this.legacy = LEGACY_MSG.matcher(text).find();
    }

    public static JsonataExpression compile(String text) {
        return new JsonataExpression(text);
    }

    public String text() {
        return text;
    }

    /** Evaluates; JSONata's "no result" comes back as {@link Undefined#VALUE}. */
    public Object evaluate(Map<String, Object> msg, ValueScope scope) {
        return evaluate(msg, scope, Map.of());
    }

    public Object evaluate(Object msg, ValueScope scope, Map<String, Object> extra) {
        Object input = msg;
        if (legacy) {
            Map<String, Object> wrapped = new LinkedHashMap<>();
            wrapped.put("msg", msg);
            input = wrapped;
        }
        Jsonata.Frame frame = expr.createFrame();
        frame.setRuntimeBounds(TIMEOUT_MS, MAX_DEPTH);
        JsonataBuiltins.bind(frame);
        if (scope != null) {
            frame.bind("flowContext", Jsonata.function("flowContext",
                    (Jsonata.FnVarArgs<Object>) args -> context(scope.flowContext(), args), "<s-s?:x>"));
            frame.bind("globalContext", Jsonata.function("globalContext",
                    (Jsonata.FnVarArgs<Object>) args -> context(scope.globalContext(), args), "<s-s?:x>"));
            frame.bind("env", (Jsonata.Fn1<String, Object>) name -> {
                Object v = scope.env(name);
                return v == null ? "" : v;
            });
        }
        frame.bind("clone", (Jsonata.Fn1<Object, Object>) Messages::deepCopy);
        // dashjoin reads "now" from the expression compiled last on this thread; take it per evaluation instead
        long now = System.currentTimeMillis();
        frame.bind("millis", (Jsonata.Fn0<Object>) () -> now);
        frame.bind("now", Jsonata.function("now", (Jsonata.FnVarArgs<Object>) args -> now(now, args), "<s?s?:s>"));
        extra.forEach(frame::bind);
        Object out;
        try {
            out = expr.evaluate(input, frame);
        } catch (NumberFormatException e) {
            throw new NodeError(castError(e));
        } catch (com.dashjoin.jsonata.JException e) {
            String fixed = JsonataErrorText.of(e, text);
            throw new NodeError(fixed != null ? fixed : e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (RuntimeException e) {
            throw new NodeError(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        return fromJsonata(out);
    }

    /** $now([picture [, timezone]]) is $fromMillis($millis(), picture, timezone). */
    private static String now(long now, List<?> args) {
        Object picture = args.isEmpty() ? null : args.get(0);
        Object zone = args.size() < 2 ? null : args.get(1);
        if (picture == null && zone == null) {
            return JsValues.isoString(new java.util.Date(now));
        }
        return com.dashjoin.jsonata.Functions.dateTimeFromMillis(now, (String) picture, (String) zone);
    }

    /** dashjoin's $number lets Java's NumberFormatException escape; JSONata's text for it is D3030. */
    private static String castError(NumberFormatException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        int open = m.indexOf('"');
        int close = m.lastIndexOf('"');
        String input = open >= 0 && close > open ? m.substring(open + 1, close) : "";
        return "Unable to cast value to a number: " + Json.stringify(input);
    }

    private static Object context(ContextScope scope, List<?> args) {
        if (args.isEmpty() || args.get(0) == null) {
            return null;
        }
        return scope.get(String.valueOf(args.get(0)));
    }

    /** JSONata's nulls and sequences → plain message values. */
    @SuppressWarnings("unchecked")
    static Object fromJsonata(Object v) {
        if (v == null) {
            return Undefined.VALUE;
        }
        if (v == Jsonata.NULL_VALUE) {
            return null;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) {
                Object c = fromJsonata(o);
                out.add(c == Undefined.VALUE ? null : c);
            }
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (var e : m.entrySet()) {
                // dashjoin leaves undefined values out of objects, so a null kept under a key is a JSON null
                Object c = e.getValue() == null ? null : fromJsonata(e.getValue());
                if (c != Undefined.VALUE) {
                    out.put(String.valueOf(e.getKey()), c);
                }
            }
            return out;
        }
        return v;
    }
}
