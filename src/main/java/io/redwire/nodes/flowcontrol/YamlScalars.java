package io.redwire.nodes.flowcontrol;

import io.redwire.js.JsValues;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.regex.Pattern;

/**
 * YAML scalars as js-yaml's default schema reads them: implicit types of plain scalars, and the text of quoted
 * scalars (escapes, line folding).
 */
final class YamlScalars {
    static final Pattern INT = Pattern.compile("[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o[0-7_]+|[0-9][0-9_]*)");
    static final Pattern FLOAT = Pattern.compile("[-+]?([0-9][0-9_]*)(\\.[0-9_]*)?([eE][-+]?[0-9]+)?"
            + "|\\.[0-9_]+([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final Pattern DATE_TIME = Pattern.compile("([0-9]{4}-[0-9]{1,2}-[0-9]{1,2})(?:[Tt]|[ \\t]+)"
            + "([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\\.[0-9]*)?[ \\t]*(Z|[-+][0-9]{1,2}(?::?[0-9]{2})?)?");

    private YamlScalars() {
    }

    /** A mapping key as the JavaScript object key it becomes (js-yaml resolves keys like values). */
    static String keyText(Object key) {
        return key == null ? "null" : JsValues.toJsString(key);
    }

    /** Index of the quote closing the one at {@code open}, or -1. */
    static int closingQuote(String s, int open) {
        char q = s.charAt(open);
        for (int i = open + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (q == '"' && c == '\\') {
                i++;
            } else if (c == q) {
                if (q == '\'' && i + 1 < s.length() && s.charAt(i + 1) == '\'') {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The text of a complete quoted scalar (quotes included): escapes decoded, line breaks folded. */
    static String unquote(String quoted) {
        char q = quoted.charAt(0);
        String body = fold(quoted.substring(1, quoted.length() - 1), q == '"');
        if (q == '\'') {
            return body.replace("''", "'");
        }
        StringBuilder sb = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= body.length()) {
                sb.append(c);
                continue;
            }
            char e = body.charAt(++i);
            switch (e) {
                case '0' -> sb.append('\0');
                case 'a' -> sb.append('\u0007');
                case 'b' -> sb.append('\b');
                case 't', '\t' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'v' -> sb.append('\u000b');
                case 'f' -> sb.append('\f');
                case 'r' -> sb.append('\r');
                case 'e' -> sb.append('\u001b');
                case ' ' -> sb.append(' ');
                case '"' -> sb.append('"');
                case '/' -> sb.append('/');
                case '\\' -> sb.append('\\');
                case 'N' -> sb.append('\u0085');
                case '_' -> sb.append('\u00a0');
                case 'L' -> sb.append('\u2028');
                case 'P' -> sb.append('\u2029');
                case 'x', 'u', 'U' -> {
                    int len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                    try {
                        sb.appendCodePoint(Integer.parseInt(body.substring(i + 1, i + 1 + len), 16));
                    } catch (NumberFormatException | IndexOutOfBoundsException bad) {
                        throw new IllegalArgumentException("expected hexadecimal character in escape sequence");
                    }
                    i += len;
                }
                default -> throw new IllegalArgumentException("unknown escape sequence \\" + e);
            }
        }
        return sb.toString();
    }

    /** Quoted-scalar line folding: one break becomes a space, n blank lines n newlines; "\" + break joins. */
    private static String fold(String body, boolean escapes) {
        if (body.indexOf('\n') < 0) {
            return body;
        }
        String[] parts = body.split("\n", -1);
        StringBuilder sb = new StringBuilder();
        int emptyLines = 0;
        boolean joinNext = false;
        for (int i = 0; i < parts.length; i++) {
            boolean last = i == parts.length - 1;
            String part = i > 0 ? parts[i].stripLeading() : parts[i];
            boolean escapedBreak = false;
            if (!last) {
                if (escapes && oddTrailingBackslashes(part)) {
                    part = part.substring(0, part.length() - 1);
                    escapedBreak = true;
                } else {
                    part = part.stripTrailing();
                }
            }
            if (i > 0 && !last && part.isEmpty() && !escapedBreak) {
                emptyLines++;
                continue;
            }
            if (i > 0) {
                sb.append(joinNext ? "" : emptyLines > 0 ? "\n".repeat(emptyLines) : " ");
            }
            sb.append(part);
            emptyLines = 0;
            joinNext = escapedBreak;
        }
        return sb.toString();
    }

    private static boolean oddTrailingBackslashes(String s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    /** js-yaml's implicit typing of a plain scalar. */
    static Object resolvePlain(String s) {
        switch (s) {
            case "", "~", "null", "Null", "NULL":
                return null;
            case "true", "True", "TRUE":
                return true;
            case "false", "False", "FALSE":
                return false;
            default:
        }
        if (INT.matcher(s).matches() && !s.endsWith("_")) {
            return integer(s);
        }
        if (FLOAT.matcher(s).matches() && !s.endsWith("_")) {
            return floating(s);
        }
        if (DATE.matcher(s).matches() || DATE_TIME.matcher(s).matches()) {
            Date d = timestamp(s);
            if (d != null) {
                return d;
            }
        }
        return s;
    }

    static Object integer(String s) {
        String v = s.replace("_", "");
        int sign = 1;
        if (v.startsWith("-") || v.startsWith("+")) {
            sign = v.startsWith("-") ? -1 : 1;
            v = v.substring(1);
        }
        double d;
        if (v.startsWith("0b")) {
            d = new java.math.BigInteger(v.substring(2), 2).doubleValue();
        } else if (v.startsWith("0x")) {
            d = new java.math.BigInteger(v.substring(2), 16).doubleValue();
        } else if (v.startsWith("0o")) {
            d = new java.math.BigInteger(v.substring(2), 8).doubleValue();
        } else {
            d = Double.parseDouble(v);
        }
        d *= sign;
        return d == (int) d && !(d == 0 && sign < 0) ? (Object) (int) d : (Object) d;
    }

    private static Object floating(String s) {
        String v = s.replace("_", "").toLowerCase();
        if (v.endsWith(".inf")) {
            return v.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (v.equals(".nan")) {
            return Double.NaN;
        }
        return Double.parseDouble(v);
    }

    private static Date timestamp(String s) {
        try {
            if (DATE.matcher(s).matches()) {
                return Date.from(LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            var m = DATE_TIME.matcher(s);
            if (!m.matches()) {
                return null;
            }
            String[] ymd = m.group(1).split("-");
            String frac = m.group(5) == null ? "" : m.group(5);
            String zone = m.group(6) == null || m.group(6).equals("Z") ? "Z" : normaliseOffset(m.group(6));
            String iso = String.format("%s-%02d-%02dT%02d:%s:%s%s%s", ymd[0], Integer.parseInt(ymd[1]),
                    Integer.parseInt(ymd[2]), Integer.parseInt(m.group(2)), m.group(3), m.group(4),
                    frac.length() > 1 ? frac : "", zone);
            return Date.from(OffsetDateTime.parse(iso).toInstant());
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }

    private static String normaliseOffset(String z) {
        String sign = z.substring(0, 1);
        String digits = z.substring(1).replace(":", "");
        String hh = digits.length() <= 2 ? digits : digits.substring(0, digits.length() - 2);
        String mm = digits.length() <= 2 ? "00" : digits.substring(digits.length() - 2);
        return sign + (hh.length() == 1 ? "0" + hh : hh) + ":" + mm;
    }
}
