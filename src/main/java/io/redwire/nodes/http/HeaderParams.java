package io.redwire.nodes.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A header value of the form {@code type; name=value; ...} (Content-Type, a multipart part's Content-Disposition)
 * as busboy (under Node-RED's multer) reads it: a type (token characters and '/'), then
 * {@code ; name=value} parameters whose value is a token or a quoted string (\\" and \\\\ escaped), or {@code name*=charset'lang'%XX..}
 * (RFC 5987). Busboy is strict: anything malformed (a trailing {@code ;}, an unclosed quote, a bad escape) makes
 * the whole header unreadable — a part with such a Content-Disposition is skipped, not refused — so
 * {@link #parse} answers null.
 * Parameter names are lower-cased; the first of a repeated parameter wins.
 */
record HeaderParams(String type, Map<String, String> params) {
    static HeaderParams parse(String header) {
        if (header == null || header.isEmpty()) {
            return null;
        }
        int i = 0;
        while (i < header.length() && (isToken(header.charAt(i)) || header.charAt(i) == '/')) {
            i++;
        }
        Map<String, String> params = new LinkedHashMap<>();
        return params(header, i, params) ? new HeaderParams(header.substring(0, i).toLowerCase(), params) : null;
    }

    /** The parameters after the type; false when they are malformed. */
    private static boolean params(String s, int i, Map<String, String> params) {
        while (true) {
            i = skipSpace(s, i);
            if (i == s.length()) {
                return true;
            }
            if (s.charAt(i) != ';') {
                return false;
            }
            i = skipSpace(s, i + 1);
            int nameStart = i;
            while (i < s.length() && isToken(s.charAt(i))) {
                i++;
            }
            if (i == s.length() || s.charAt(i) != '=' || i == nameStart) {
                return false;
            }
            String name = s.substring(nameStart, i).toLowerCase();
            StringBuilder value = new StringBuilder();
            i = name.endsWith("*") ? extendedValue(s, i + 1, value) : plainValue(s, i + 1, value);
            if (i < 0) {
                return false;
            }
            params.putIfAbsent(name, value.toString());
        }
    }

    /** A token or a quoted string (backslash escapes the next character); the index after it, or -1. */
    private static int plainValue(String s, int i, StringBuilder value) {
        if (i == s.length()) {
            return -1;
        }
        if (s.charAt(i) != '"') {
            int start = i;
            while (i < s.length() && isToken(s.charAt(i))) {
                i++;
            }
            value.append(s, start, i);
            return i == start ? -1 : i;
        }
        for (i++; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < s.length() && (s.charAt(i + 1) == '"' || s.charAt(i + 1) == '\\')) {
                c = s.charAt(++i); // only a quote or a backslash is escaped; busboy keeps other backslashes
            } else if (c != '\\' && !isQuotedText(c)) {
                return -1;
            }
            value.append(c);
        }
        return -1; // no closing quote
    }

    /** charset'language'percent-encoded-value (RFC 5987); the index after it, or -1. */
    private static int extendedValue(String s, int i, StringBuilder value) {
        int quote = s.indexOf('\'', i);
        int langEnd = quote < 0 ? -1 : s.indexOf('\'', quote + 1);
        if (langEnd < 0 || langEnd + 1 == s.length()) {
            return -1;
        }
        Charset charset;
        try {
            charset = Charset.forName(s.substring(i, quote));
        } catch (IllegalArgumentException unknown) {
            return -1;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (i = langEnd + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(s.charAt(i + 2), 16);
                if (lo < 0) {
                    return -1;
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (isToken(c) && c != '*' && c != '\'') {
                bytes.write(c);
            } else {
                break;
            }
        }
        value.append(new String(bytes.toByteArray(), charset));
        return i;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** RFC 7230 tchar. */
    private static boolean isToken(char c) {
        return c > 32 && c < 127 && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
    }

    /** qdtext: tab, space and visible characters except the quote and backslash, and obs-text. */
    private static boolean isQuotedText(char c) {
        return c == '\t' || c >= 32 && c != '"' && c != '\\' && c != 127 && c <= 255;
    }

    /** The file name without any directory part (busboy's basename: a '.' or '..' name is empty). */
    static String baseName(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        return name.equals(".") || name.equals("..") ? "" : name;
    }
}
