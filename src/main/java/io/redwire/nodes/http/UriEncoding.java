package io.redwire.nodes.http;

import java.nio.charset.StandardCharsets;
import java.util.function.IntPredicate;

/** JavaScript's encodeURIComponent and the WHATWG URL percent-encode sets used when sending a URL. */
final class UriEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    /** Characters encodeURIComponent leaves alone (Node's querystring.escape keeps the same set). */
    private static final String COMPONENT_SAFE = "-_.!~*'()";
    /** WHATWG path percent-encode set, beyond C0 controls, space and non-ASCII. */
    private static final String PATH_UNSAFE = "\"#<>?`{}";
    /** WHATWG special-query percent-encode set, beyond C0 controls, space and non-ASCII. */
    private static final String QUERY_UNSAFE = "\"#<>'";
    /** WHATWG fragment percent-encode set, beyond C0 controls, space and non-ASCII. */
    private static final String FRAGMENT_UNSAFE = "\"<>`";

    private UriEncoding() {
    }

    static String component(String s) {
        return encode(s, c -> c < 0x80 && (Character.isLetterOrDigit(c) || COMPONENT_SAFE.indexOf(c) >= 0));
    }

    static String path(String s) {
        return encodeSet(s, PATH_UNSAFE);
    }

    static String query(String s) {
        return encodeSet(s, QUERY_UNSAFE);
    }

    static String fragment(String s) {
        return encodeSet(s, FRAGMENT_UNSAFE);
    }

    private static String encodeSet(String s, String unsafe) {
        return encode(s, c -> c > 0x20 && c < 0x7f && unsafe.indexOf(c) < 0);
    }

    /** Percent-encodes every char that {@code keep} rejects; returns s itself when nothing needs encoding. */
    private static String encode(String s, IntPredicate keep) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (keep.test(c)) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            i = appendEncoded(out, s, i);
        }
        return out == null ? s : out.toString();
    }

    /** Appends the UTF-8 percent-encoding of the code point at i; returns the index of its last char. */
    private static int appendEncoded(StringBuilder out, String s, int i) {
        int cp = s.codePointAt(i);
        String one = new String(Character.toChars(cp));
        for (byte b : one.getBytes(StandardCharsets.UTF_8)) {
            out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
        }
        return i + Character.charCount(cp) - 1;
    }
}
