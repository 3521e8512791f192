package io.redwire.js;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JavaScript's String.prototype.replace with a replacement string: `$$`, `$&`, `` $` ``, `$'`, `$n`/`$nn` and
 * `$<name>` are expanded the JavaScript way (Java's Matcher.appendReplacement differs: it treats backslashes
 * specially and fails on unknown groups).
 */
public final class JsReplace {
    private JsReplace() {
    }

    /** Replaces the first match, or every match when {@code global} (the regex's `g` flag). */
    public static String replace(String input, Pattern regex, boolean global, String replacement) {
        Matcher m = regex.matcher(input);
        StringBuilder out = null;
        int last = 0;
        int from = 0;
        while (from <= input.length() && m.find(from)) {
            if (out == null) {
                out = new StringBuilder(input.length() + 16);
            }
            out.append(input, last, m.start());
            expand(out, m, input, replacement);
            last = m.end();
            if (!global) {
                break;
            }
            from = m.end() == m.start() ? m.end() + 1 : m.end(); // step over an empty match, like lastIndex
        }
        if (out == null) {
            return input;
        }
        return out.append(input, last, input.length()).toString();
    }

    /** `"abc".replace(undefined, x)`: JavaScript turns the pattern into the text "undefined" (first match only). */
    public static String replaceLiteralFirst(String input, String literal, String replacement) {
        return replace(input, Pattern.compile(Pattern.quote(literal)), false, replacement);
    }

    private static void expand(StringBuilder out, Matcher m, String input, String replacement) {
        int groups = m.groupCount();
        int n = replacement.length();
        for (int i = 0; i < n; i++) {
            char c = replacement.charAt(i);
            if (c != '$' || i + 1 >= n) {
                out.append(c);
                continue;
            }
            char next = replacement.charAt(i + 1);
            switch (next) {
                case '$' -> {
                    out.append('$');
                    i++;
                }
                case '&' -> {
                    out.append(m.group());
                    i++;
                }
                case '`' -> {
                    out.append(input, 0, m.start());
                    i++;
                }
                case '\'' -> {
                    out.append(input, m.end(), input.length());
                    i++;
                }
                case '<' -> {
                    int close = replacement.indexOf('>', i + 2);
                    String group = close < 0 ? null : namedGroup(m, replacement.substring(i + 2, close));
                    if (group == null) {
                        out.append(c);
                    } else {
                        out.append(group);
                        i = close;
                    }
                }
                default -> {
                    if (next < '0' || next > '9') {
                        out.append(c);
                        break;
                    }
                    int one = next - '0';
                    if (i + 2 < n && Character.isDigit(replacement.charAt(i + 2))) {
                        int two = one * 10 + (replacement.charAt(i + 2) - '0');
                        if (two >= 1 && two <= groups) {
                            appendGroup(out, m, two);
                            i += 2;
                            break;
                        }
                    }
                    if (one >= 1 && one <= groups) {
                        appendGroup(out, m, one);
                        i++;
                    } else {
                        out.append(c);
                    }
                }
            }
        }
    }

    private static void appendGroup(StringBuilder out, Matcher m, int group) {
        String g = m.group(group);
        if (g != null) {
            out.append(g); // an unmatched group expands to ""
        }
    }

    private static String namedGroup(Matcher m, String name) {
        try {
            String g = m.group(name);
            return g == null ? "" : g;
        } catch (IllegalArgumentException noSuchGroup) {
            return null;
        }
    }
}
