package io.redwire.msg;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A typed input (value + type) compiled at deploy time and evaluated per message, per Node-RED's
 * evaluateNodeProperty. Undefined results come back as {@link Undefined#VALUE}.
 */
public final class TypedValue {
    private static final Pattern ENV_REF = Pattern.compile("\\$\\{([^}]+)}");

    private final String type;
    private final String value;
    private final Object constant;
    private final PropertyPath path;
    private final JsonataExpression jsonata;

    private TypedValue(String type, String value, Object constant, PropertyPath path, JsonataExpression jsonata) {
        this.type = type;
        this.value = value;
        this.constant = constant;
        this.path = path;
        this.jsonata = jsonata;
    }

    public static TypedValue compile(String value, String type) {
        String v = value == null ? "" : value;
        String t = type == null || type.isEmpty() ? "str" : type;
        return switch (t) {
            case "str" -> new TypedValue(t, v, v, null, null);
            case "num" -> new TypedValue(t, v, JsValues.stringToNumber(v), null, null);
            case "bool" -> new TypedValue(t, v, "true".equalsIgnoreCase(v), null, null); // /^true$/i, no trimming
            case "json" -> new TypedValue(t, v, parseJson(v), null, null);
            case "bin" -> new TypedValue(t, v, toBuffer(parseJson(v)), null, null);
            case "re" -> new TypedValue(t, v, Pattern.compile(v), null, null);
            case "msg" -> new TypedValue(t, v, null, PropertyPath.ofMsg(v), null);
            case "flow", "global" -> new TypedValue(t, v, null, null, null);
            case "jsonata" -> new TypedValue(t, v, null, null, JsonataExpression.compile(v));
            default -> new TypedValue(t, v, v, null, null);
        };
    }

    public String type() {
        return type;
    }

    public String value() {
        return value;
    }

    /** True for types whose value does not depend on the message or time (str, num, bool, json, bin, re). */
    public boolean isConstant() {
        return switch (type) {
            case "str", "num", "bool", "re" -> true;
            default -> false;
        };
    }

    public Object evaluate(Map<String, Object> msg, ValueScope scope) {
        switch (type) {
            case "str", "num", "bool", "re":
                return constant;
            case "json":
            case "bin":
                return Messages.deepCopy(constant);
            case "date":
                return date(value);
            case "msg":
                if (msg == null) {
                    return value;
                }
                Object got = path.getOrNull(msg, msg);
                return got == null && !path.exists(msg, msg) ? Undefined.VALUE : got;
            case "flow":
            case "global":
                if (scope == null) {
                    return value;
                }
                ContextScope ctx = type.equals("flow") ? scope.flowContext() : scope.globalContext();
                String key = substituteMsgRefs(value, msg);
                Object v = ctx.get(key);
                return v == null ? Undefined.VALUE : v;
            case "env":
                return evaluateEnv(value, scope);
            case "jsonata":
                return jsonata.evaluate(msg, scope);
            default:
                return constant;
        }
    }

    /** `env` type: "${A}" whole → A's value; no ${} → a variable name; mixed → interpolation; unknown → "". */
    public static Object evaluateEnv(String value, ValueScope scope) {
        if (scope == null) {
            return value;
        }
        Matcher whole = ENV_REF.matcher(value);
        if (whole.matches()) {
            Object v = scope.env(whole.group(1));
            return v == null ? "" : v;
        }
        if (!value.contains("${")) {
            Object v = scope.env(value);
            return v == null ? "" : v;
        }
        Matcher m = ENV_REF.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            Object v = scope.env(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? "" : JsValues.toJsString(v)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Context keys may embed [msg.x] references. */
    public static String substituteMsgRefs(String key, Map<String, Object> msg) {
        if (msg == null || !key.contains("[msg.")) {
            return key;
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < key.length()) {
            int start = key.indexOf("[msg.", i);
            if (start < 0) {
                sb.append(key, i, key.length());
                break;
            }
            int end = key.indexOf(']', start);
            sb.append(key, i, start);
            Object ref = PropertyPath.ofMsg(key.substring(start + 1, end)).getOrNull(msg, msg);
            sb.append(ref instanceof Number ? "[" + JsValues.toJsString(ref) + "]" : "[\"" + JsValues.toJsString(ref) + "\"]");
            i = end + 1;
        }
        return sb.toString();
    }

    public static Object date(String format) {
        long now = System.currentTimeMillis();
        return switch (format == null ? "" : format) {
            case "" -> (double) now;
            case "iso" -> JsValues.isoString(new Date(now));
            case "object" -> new Date(now);
            default -> MomentFormat.format(format, new Date(now));
        };
    }

    private static Object parseJson(String v) {
        try {
            return Json.parse(v);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + Json.describe(e));
        }
    }

    /** Buffer.from(array | string). */
    public static byte[] toBuffer(Object v) {
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (v instanceof byte[] b) {
            return b;
        }
        if (v instanceof List<?> l) {
            byte[] out = new byte[l.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = (byte) (int) JsValues.toNumber(l.get(i));
            }
            return out;
        }
        throw new IllegalArgumentException("Not string or array");
    }

    /** A small moment().format() for date typed inputs (local time). */
    static final class MomentFormat {
        private MomentFormat() {
        }

        static String format(String moment, Date d) {
            String java = moment.replace("YYYY", "yyyy").replace("YY", "yy").replace("DD", "dd")
                    .replace("D", "d").replace("A", "a").replace("ddd", "EEE");
            return new SimpleDateFormat(java).format(d);
        }
    }
}
