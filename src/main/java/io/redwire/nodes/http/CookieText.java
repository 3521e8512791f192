package io.redwire.nodes.http;

import io.redwire.msg.NodeError;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The `cookie` package's parse/serialize rules, which Node-RED uses for request cookies and msg.responseCookies. */
final class CookieText {
    private static final Pattern NAME = Pattern.compile("^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$");
    private static final Pattern VALUE = Pattern.compile("^(\"?)[\\u0021\\u0023-\\u002B\\u002D-\\u003A\\u003C-\\u005B\\u005D-\\u007E]*\\1$");

    private CookieText() {
    }

    /** cookie.parse: "a=1; b=2" → {a:"1", b:"2"}; first occurrence wins, quotes stripped, %-escapes decoded. */
    static Map<String, Object> parse(String text, boolean decode) {
        Map<String, Object> out = new LinkedHashMap<>();
        int len = text.length();
        if (len < 2) {
            return out;
        }
        int index = 0;
        do {
            int eq = text.indexOf('=', index);
            if (eq < 0) {
                break;
            }
            int end = text.indexOf(';', index);
            if (end < 0) {
                end = len;
            } else if (eq > end) {
                index = text.lastIndexOf(';', eq - 1) + 1;
                continue;
            }
            String key = text.substring(index, eq).strip();
            if (!out.containsKey(key)) {
                String val = text.substring(eq + 1, end).strip();
                if (val.length() >= 2 && val.charAt(0) == '"' && val.charAt(val.length() - 1) == '"') {
                    val = val.substring(1, val.length() - 1);
                }
                out.put(key, decode ? tryDecode(val) : val);
            }
            index = end + 1;
        } while (index < len);
        return out;
    }

    static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    /** cookie.serialize(name, value) without options: "name=value", the value URI-encoded unless told not to. */
    static String serialize(String name, String value, boolean encode) {
        if (!validName(name)) {
            throw new NodeError("TypeError: argument name is invalid");
        }
        String v = encode ? UriEncoding.component(value) : value;
        if (!v.isEmpty() && !VALUE.matcher(v).matches()) {
            throw new NodeError("TypeError: argument val is invalid");
        }
        return name + "=" + v;
    }

    /**
     * Node-RED's extractCookies: each Set-Cookie line → {name: {attributes..., value}} (attributes keep the case
     * the server sent, e.g. "Path"; flags without a value such as HttpOnly are dropped).
     */
    static Map<String, Object> responseCookies(List<String> setCookies) {
        Map<String, Object> cookies = new LinkedHashMap<>();
        for (String line : setCookies) {
            Map<String, Object> parsed = parse(line, true);
            int eq = line.indexOf('=');
            String key = (eq < 0 ? "" : line.substring(0, eq)).strip();
            Object value = parsed.remove(key);
            if (value != null) {
                parsed.put("value", value);
            }
            cookies.put(key, parsed);
        }
        return cookies;
    }

    private static String tryDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
