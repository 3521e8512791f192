package io.redwire.js;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Node.js's util.inspect for message values (JSON-like data, Buffers) with its defaults: depth 2 (deeper containers
 * read [Object] / [Array]), strings in single quotes, identifier keys bare, one line while it fits in 80 columns.
 * Node-RED uses it where a value becomes text, e.g. a subflow status output given a non-status payload, and Node.js
 * where an argument error quotes the value. Not done: Node's grouping of arrays longer than six entries into aligned
 * columns, and its splitting of a string over 76 characters with line breaks into one quoted piece per line.
 */
public final class Inspect {
    private static final int DEPTH = 2;
    private static final int BREAK_LENGTH = 80;
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_][a-zA-Z_0-9]*");

    private Inspect() {
    }

    public static String of(Object v) {
        return of(v, 0, 0);
    }

    private static String of(Object v, int depth, int indent) {
        if (v instanceof String s) {
            return quote(s);
        }
        if (v instanceof byte[] b) {
            StringBuilder sb = new StringBuilder("<Buffer");
            for (int i = 0; i < Math.min(b.length, 50); i++) {
                sb.append(' ').append(String.format("%02x", b[i] & 0xff));
            }
            if (b.length > 50) {
                sb.append(" ... ").append(b.length - 50).append(" more bytes");
            }
            return sb.append('>').toString();
        }
        if (v instanceof List<?> list) {
            if (list.isEmpty()) {
                return "[]";
            }
            if (depth > DEPTH) {
                return "[Array]";
            }
            List<String> out = new ArrayList<>();
            for (Object e : list) {
                out.add(of(e, depth + 1, indent + 2));
            }
            return join(out, "[", "]", indent);
        }
        if (v instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                return "{}";
            }
            if (depth > DEPTH) {
                return "[Object]";
            }
            List<String> out = new ArrayList<>();
            map.forEach((k, e) -> {
                String key = String.valueOf(k);
                out.add((IDENTIFIER.matcher(key).matches() ? key : quote(key)) + ": " + of(e, depth + 1, indent + 2));
            });
            return join(out, "{", "}", indent);
        }
        return JsValues.toJsString(v);
    }

    /** Node's reduceToSingleString: one line when the entries fit the break length, else one entry per line. */
    private static String join(List<String> entries, String open, String close, int indent) {
        int total = entries.size() + entries.size() + indent + open.length() + 10;
        boolean multiLine = false;
        for (String e : entries) {
            total += e.length();
            multiLine |= e.indexOf('\n') >= 0;
        }
        if (total <= BREAK_LENGTH && !multiLine) {
            return open + " " + String.join(", ", entries) + " " + close;
        }
        String nl = "\n" + " ".repeat(indent);
        return open + nl + "  " + String.join("," + nl + "  ", entries) + nl + close;
    }

    /** Single quotes unless the text holds one and no double quote (then double quotes), as Node chooses. */
    private static String quote(String s) {
        char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(q);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) { // the other control characters as \xHH, as Node escapes them
                        sb.append(String.format("\\x%02X", (int) c));
                    } else {
                        if (c == q) {
                            sb.append('\\');
                        }
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append(q).toString();
    }
}
