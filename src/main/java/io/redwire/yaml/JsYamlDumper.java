package io.redwire.yaml;

import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;

import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * yaml.dump as js-yaml 4 writes it with its defaults (block style, two-space indent, sequences under a key indented,
 * 80-column folding): hand-written because Node-RED users see js-yaml's exact choices and the recorded cases check
 * them — a string is plain unless it would read back as another type or holds characters plain YAML cannot start or
 * end with, else single-quoted; YAML 1.1 booleans such as 'n' and 'yes' stay quoted; multi-line text is a literal
 * block, a long line a folded one, text with non-printable characters double-quoted. snakeyaml-engine's emitter
 * picks differently in several of these.
 */
final class JsYamlDumper {
    private static final int INDENT = 2;
    private static final int LINE_WIDTH = 80;
    private static final Set<String> YAML11_BOOLEANS = Set.of("y", "Y", "yes", "Yes", "YES", "on", "On", "ON",
            "n", "N", "no", "No", "NO", "off", "Off", "OFF");
    private static final Pattern BASE60 = Pattern.compile("^[-+]?[0-9_]+(?::[0-9_]+)+(?:\\.[0-9_]*)?$");

    private final StringBuilder out = new StringBuilder();

    private JsYamlDumper() {
    }

    static String dump(Object value) {
        JsYamlDumper d = new JsYamlDumper();
        String text = d.node(0, value, true, false);
        return text.isEmpty() ? "" : text + "\n";
    }

    /** One value at a nesting level; compact means it continues the current line (after "- " or at the top). */
    private String node(int level, Object value, boolean compact, boolean isKey) {
        if (value instanceof Map<?, ?> m) {
            return m.isEmpty() ? "{}" : mapping(level, m, compact);
        }
        if (value instanceof List<?> l) {
            return l.isEmpty() ? "[]" : sequence(level, l, compact);
        }
        if (value instanceof byte[] b) {
            return "!!binary |-\n" + " ".repeat(INDENT * Math.max(1, level))
                    + Base64.getMimeEncoder(76, new byte[] {'\n'}).encodeToString(b)
                    .replace("\n", "\n" + " ".repeat(INDENT * Math.max(1, level)));
        }
        if (value == null) {
            return "null";
        }
        if (value instanceof Boolean bool) {
            return bool.toString();
        }
        if (value instanceof Number n) {
            return number(n.doubleValue());
        }
        if (value instanceof Date d) {
            return JsValues.isoString(d);
        }
        if (value instanceof String s) {
            return scalar(s, level, isKey);
        }
        throw new NodeError("unacceptable kind of an object to dump " + value.getClass().getSimpleName());
    }

    private String mapping(int level, Map<?, ?> m, boolean compact) {
        StringBuilder result = new StringBuilder();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!compact || result.length() > 0) {
                result.append('\n').append(" ".repeat(INDENT * level));
            }
            String key = node(level + 1, String.valueOf(e.getKey()), true, true);
            String value = node(level + 1, e.getValue(), false, false);
            result.append(key).append(value.startsWith("\n") ? ":" : ": ").append(value);
        }
        return result.toString();
    }

    private String sequence(int level, List<?> l, boolean compact) {
        StringBuilder result = new StringBuilder();
        for (Object item : l) {
            String value = node(level + 1, item, true, false);
            if (!compact || result.length() > 0) {
                result.append('\n').append(" ".repeat(INDENT * level));
            }
            result.append(value.startsWith("\n") ? "-" : "- ").append(value);
        }
        return result.toString();
    }

    private static String number(double d) {
        if (Double.isNaN(d)) {
            return ".nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? ".inf" : "-.inf";
        }
        if (d == 0 && 1 / d < 0) {
            return "-0.0";
        }
        String s = JsValues.numberToString(d);
        return s.matches("^[-+]?[0-9]+e[-+]?[0-9]+$") ? s.replace("e", ".e") : s;
    }

    // ---- strings -------------------------------------------------------------------------------------------

    private static String scalar(String s, int level, boolean isKey) {
        if (s.isEmpty()) {
            return "''";
        }
        if (YAML11_BOOLEANS.contains(s) || BASE60.matcher(s).matches()) {
            return "'" + s + "'";
        }
        int indent = INDENT * Math.max(1, level);
        int width = Math.max(Math.min(LINE_WIDTH, 40), LINE_WIDTH - indent);
        switch (style(s, isKey, width)) {
            case PLAIN:
                return s;
            case SINGLE:
                return "'" + s.replace("'", "''") + "'";
            case LITERAL:
                return "|" + blockHeader(s) + dropEndingNewline(indentLines(s, indent));
            case FOLDED:
                return ">" + blockHeader(s) + dropEndingNewline(indentLines(JsYamlFolding.fold(s, width), indent));
            default:
                return "\"" + escape(s) + "\"";
        }
    }

    private enum Style { PLAIN, SINGLE, LITERAL, FOLDED, DOUBLE }

    private static Style style(String s, boolean singleLineOnly, int width) {
        boolean plain = plainFirst(s.codePointAt(0)) && plainLast(s.codePointBefore(s.length()));
        boolean hasLineBreak = false;
        boolean hasFoldableLine = false;
        int previousBreak = -1;
        int prev = -1;
        int i = 0;
        while (i < s.length()) {
            int c = s.codePointAt(i);
            if (!singleLineOnly && c == '\n') {
                hasLineBreak = true;
                hasFoldableLine |= i - previousBreak - 1 > width && s.charAt(previousBreak + 1) != ' ';
                previousBreak = i;
            } else if (!printable(c)) {
                return Style.DOUBLE;
            }
            plain = plain && plainSafe(c, prev);
            prev = c;
            i += Character.charCount(c);
        }
        if (!singleLineOnly) {
            hasFoldableLine |= i - previousBreak - 1 > width && previousBreak + 1 < s.length()
                    && s.charAt(previousBreak + 1) != ' ';
        }
        if (!hasLineBreak && !hasFoldableLine) {
            boolean ambiguous = !(JsYamlScalars.resolvePlain(s) instanceof String) || s.equals("<<");
            return plain && !ambiguous ? Style.PLAIN : Style.SINGLE;
        }
        return hasFoldableLine ? Style.FOLDED : Style.LITERAL;
    }

    private static boolean printable(int c) {
        return 0x20 <= c && c <= 0x7E || 0xA1 <= c && c <= 0xD7FF && c != 0x2028 && c != 0x2029
                || 0xE000 <= c && c <= 0xFFFD && c != 0xFEFF || 0x10000 <= c && c <= 0x10FFFF;
    }

    private static boolean whitespace(int c) {
        return c == ' ' || c == '\t';
    }

    private static boolean nsCharOrWhitespace(int c) {
        return printable(c) && c != 0xFEFF && c != '\r' && c != '\n';
    }

    private static boolean plainSafe(int c, int prev) {
        boolean nsOrWs = nsCharOrWhitespace(c);
        boolean ns = nsOrWs && !whitespace(c);
        return nsOrWs && c != '#' && !(prev == ':' && !ns)
                || prev != -1 && nsCharOrWhitespace(prev) && !whitespace(prev) && c == '#'
                || prev == ':' && ns;
    }

    private static boolean plainFirst(int c) {
        return printable(c) && c != 0xFEFF && !whitespace(c) && "-?:,[]{}#&*!|=>'\"%@`".indexOf(c) < 0;
    }

    private static boolean plainLast(int c) {
        return !whitespace(c) && c != ':';
    }

    private static String blockHeader(String s) {
        String indicator = s.matches("(?s)^\\n* .*") ? String.valueOf(INDENT) : "";
        boolean clip = s.endsWith("\n");
        boolean keep = clip && (s.endsWith("\n\n") || s.equals("\n"));
        return indicator + (keep ? "+" : clip ? "" : "-") + "\n";
    }

    private static String indentLines(String s, int spaces) {
        String pad = " ".repeat(spaces);
        StringBuilder out = new StringBuilder();
        int pos = 0;
        while (pos < s.length()) {
            int next = s.indexOf('\n', pos);
            String line = next < 0 ? s.substring(pos) : s.substring(pos, next + 1);
            pos = next < 0 ? s.length() : next + 1;
            if (!line.isEmpty() && !line.equals("\n")) {
                out.append(pad);
            }
            out.append(line);
        }
        return out.toString();
    }

    private static String dropEndingNewline(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(c -> {
            switch (c) {
                case 0 -> out.append("\\0");
                case 7 -> out.append("\\a");
                case 8 -> out.append("\\b");
                case 9 -> out.append("\\t");
                case 10 -> out.append("\\n");
                case 11 -> out.append("\\v");
                case 12 -> out.append("\\f");
                case 13 -> out.append("\\r");
                case 27 -> out.append("\\e");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case 0x85 -> out.append("\\N");
                case 0xA0 -> out.append("\\_");
                case 0x2028 -> out.append("\\L");
                case 0x2029 -> out.append("\\P");
                default -> {
                    if (printable(c)) {
                        out.appendCodePoint(c);
                    } else if (c <= 0xFF) {
                        out.append(String.format("\\x%02X", c));
                    } else if (c <= 0xFFFF) {
                        out.append(String.format("\\u%04X", c));
                    } else {
                        out.append(String.format("\\U%08X", c));
                    }
                }
            }
        });
        return out.toString();
    }
}
