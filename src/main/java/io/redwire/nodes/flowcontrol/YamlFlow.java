package io.redwire.nodes.flowcontrol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** YAML flow collections ([a, b], {k: v}) and the scalars inside them, for {@link YamlReader}. */
final class YamlFlow {
    private final String s;
    private final Map<String, Object> anchors;
    private int pos;

    YamlFlow(String s, Map<String, Object> anchors) {
        this.s = s;
        this.anchors = anchors;
    }

    /** True when only white space is left after the value. */
    boolean atEnd() {
        skip();
        return pos >= s.length();
    }

    Object value() {
        skip();
        if (pos >= s.length()) {
            return null;
        }
        char c = s.charAt(pos);
        if (c == '[') {
            return seq();
        }
        if (c == '{') {
            return map();
        }
        if (c == '*') {
            int start = ++pos;
            while (pos < s.length() && ",]} \n\t".indexOf(s.charAt(pos)) < 0) {
                pos++;
            }
            String name = s.substring(start, pos);
            if (!anchors.containsKey(name)) {
                throw new IllegalArgumentException("unidentified alias \"" + name + "\"");
            }
            return anchors.get(name);
        }
        if (c == '"' || c == '\'') {
            int close = YamlScalars.closingQuote(s, pos);
            if (close < 0) {
                throw new IllegalArgumentException("unexpected end of the stream within a quoted scalar");
            }
            String v = YamlScalars.unquote(s.substring(pos, close + 1));
            pos = close + 1;
            return v;
        }
        int start = pos;
        while (pos < s.length()) {
            char x = s.charAt(pos);
            if (x == ',' || x == ']' || x == '}' || x == '[' || x == '{'
                    || x == ':' && (pos + 1 >= s.length() || " \n\t,]}".indexOf(s.charAt(pos + 1)) >= 0)) {
                break;
            }
            pos++;
        }
        String raw = s.substring(start, pos).strip().replaceAll("\\s*\n\\s*", " ");
        return YamlScalars.resolvePlain(raw);
    }

    private List<Object> seq() {
        List<Object> out = new ArrayList<>();
        pos++;
        while (true) {
            skip();
            if (peek() == ']') {
                pos++;
                return out;
            }
            Object item = value();
            skip();
            if (peek() == ':') { // a single-pair mapping inside a sequence
                pos++;
                Map<String, Object> pair = new LinkedHashMap<>();
                pair.put(YamlScalars.keyText(item), value());
                item = pair;
                skip();
            }
            out.add(item);
            if (peek() == ',') {
                pos++;
            } else if (peek() != ']') {
                throw new IllegalArgumentException("missed comma between flow collection entries");
            }
        }
    }

    private Map<String, Object> map() {
        Map<String, Object> out = new LinkedHashMap<>();
        pos++;
        while (true) {
            skip();
            if (peek() == '}') {
                pos++;
                return out;
            }
            String key = YamlScalars.keyText(value());
            skip();
            Object v = null;
            if (peek() == ':') {
                pos++;
                skip();
                v = peek() == ',' || peek() == '}' ? null : value();
                skip();
            }
            if (out.containsKey(key)) {
                throw new IllegalArgumentException("duplicated mapping key");
            }
            out.put(key, v);
            if (peek() == ',') {
                pos++;
            } else if (peek() != '}') {
                throw new IllegalArgumentException("missed comma between flow collection entries");
            }
        }
    }

    private char peek() {
        if (pos >= s.length()) {
            throw new IllegalArgumentException("unexpected end of the stream within a flow collection");
        }
        return s.charAt(pos);
    }

    private void skip() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }
}
