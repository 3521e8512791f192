package io.redwire.nodes.http;

import io.redwire.js.JsValues;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Query strings: parsing as Express's `qs` does (NestedFields: repeated keys → arrays, a[b]=c → nested) for http in, and Node's
 * `querystring.stringify` (flat; arrays repeat the key) for http request.
 */
final class QueryString {
    /** body-parser's parameterLimit, which Node-RED leaves at its default. */
    private static final int FORM_PARAMETER_LIMIT = 1000;

    private QueryString() {
    }

    /** A URL's query, as Express's query parser (qs's defaults) reads it. */
    static Map<String, Object> parse(String query) {
        return parse(query, new NestedFields(NestedFields.QUERY_DEPTH, NestedFields.QUERY_ARRAY_LIMIT, false));
    }

    /**
     * An urlencoded body, as body-parser's extended parser reads it: more than 1000 parameters (counted by '&', empty
     * ones too) is 413, a name nested deeper than 32 is 400, and the array limit grows with the parameters.
     */
    static Map<String, Object> parseForm(String body) throws RequestBodyParser.BadBody {
        int parameters = (int) body.chars().filter(c -> c == '&').count() + 1;
        if (parameters > FORM_PARAMETER_LIMIT) {
            throw new RequestBodyParser.BadBody(413, "PayloadTooLargeError: too many parameters");
        }
        try {
            return parse(body, new NestedFields(NestedFields.FORM_DEPTH, Math.max(100, parameters), true));
        } catch (NestedFields.TooDeep e) {
            throw new RequestBodyParser.BadBody(400, "BadRequestError: The input exceeded the depth");
        }
    }

    private static Map<String, Object> parse(String query, NestedFields out) {
        if (query == null || query.isEmpty()) {
            return out.result();
        }
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.put(key, value);
        }
        return out.result();
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // qs keeps malformed escapes as they are
        }
    }

    /** Node's querystring.stringify: one level, arrays repeat the key, non-primitive values become "". */
    static String stringify(Object obj) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> fields = new LinkedHashMap<>();
        if (obj instanceof Map<?, ?> m) {
            m.forEach((k, v) -> fields.put(String.valueOf(k), v));
        } else if (obj instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                fields.put(String.valueOf(i), l.get(i));
            }
        } else if (obj instanceof byte[] b) {
            for (int i = 0; i < b.length; i++) {
                fields.put(String.valueOf(i), b[i] & 0xff);
            }
        }
        fields.forEach((k, v) -> {
            String key = UriEncoding.component(k) + "=";
            if (v instanceof List<?> values) {
                for (Object e : values) {
                    if (!out.isEmpty()) {
                        out.append('&');
                    }
                    out.append(key).append(UriEncoding.component(primitive(e)));
                }
            } else {
                if (!out.isEmpty()) {
                    out.append('&');
                }
                out.append(key).append(UriEncoding.component(primitive(v)));
            }
        });
        return out.toString();
    }

    private static String primitive(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? JsValues.toJsString(v) : "";
        }
        if (v instanceof Boolean b) {
            return b.toString();
        }
        return "";
    }
}
