package io.redwire.msg;

import io.redwire.js.JsValues;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JavaScript Error object held as a message value: msg.error after a function threw, msg._error on a catch
 * node's copy of that msg, a payload set to an Error. Node-RED's debug sidebar shows such a value as an encoded
 * error (name, message, code, cause, stack: {@link #described()}); JSON.stringify writes only its own enumerable
 * properties ({@link #properties()}, often none: "{}"). Immutable, so copies of a message share it, as lodash's
 * cloneDeep leaves a nested Error in place.
 *
 * @param code       err.code, or null when it has none
 * @param cause      err.cause as a message value, or null when it has none
 * @param stack      err.stack, or null
 * @param properties the own enumerable properties (code and a reassigned name among them when set by assignment)
 */
public record ErrorValue(String name, String message, Object code, Object cause, String stack,
                         Map<String, Object> properties) {
    /** "Name: message" or "Name [CODE]: message", as Error.prototype.toString words an error. */
    private static final Pattern ERROR_TEXT = Pattern.compile("((?:[A-Z][A-Za-z]*)?Error)(?: \\[[A-Z0-9_]+])?: (.*)",
            Pattern.DOTALL);

    public ErrorValue {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties)); // in order, nulls kept
    }

    /** Whether a text starts as Error.prototype.toString words an error ("TypeError: ..."). */
    public static boolean looksLikeError(String text) {
        return ERROR_TEXT.matcher(text).lookingAt();
    }

    /**
     * The Error a node reported as an error's text (Error.prototype.toString's "Name: message"), as Node-RED's
     * nodes pass the Error itself; null for a text that is not an Error's.
     */
    public static ErrorValue fromText(String text, String code, String stack) {
        Matcher m = ERROR_TEXT.matcher(text);
        if (!m.matches()) {
            return null;
        }
        return new ErrorValue(m.group(1), m.group(2), code, null, stack != null ? stack : text, Map.of());
    }

    /** What Node-RED's encodeObject shows of an Error: name, message, then code and cause when set, then stack. */
    public Map<String, Object> described() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", name);
        data.put("message", message);
        if (code != null) {
            data.put("code", code);
        }
        if (cause != null) {
            data.put("cause", JsValues.toJsString(cause));
        }
        if (stack != null) {
            data.put("stack", stack);
        }
        return data;
    }

    /** Error.prototype.toString. */
    @Override
    public String toString() {
        if (name == null || name.isEmpty()) {
            return message == null ? "" : message;
        }
        return message == null || message.isEmpty() ? name : name + ": " + message;
    }
}
