package io.redwire.nodes.function;

import java.util.regex.Pattern;

/** Facts about a function body's text that decide how it is run. */
final class CodeScanner {
    private static final Pattern TEXT = Pattern.compile("node\\.done\\s*\\(\\s*\\)");
    private static final Pattern CALL = Pattern.compile("(?<![\\w$.])node\\s*(?:\\?\\.|\\.)\\s*done\\s*(?:\\?\\.)?\\s*\\(");

    private static final Pattern AWAIT = Pattern.compile("(?<![\\w$.])await(?![\\w$])");

    private CodeScanner() {
    }

    /**
     * Node-RED leaves done() to the code when it contains a real `node.done()` call: the text must contain
     * "node.done()" and, outside comments and string literals, a call of node.done(...).
     */
    static boolean callsDone(String code) {
        return TEXT.matcher(code).find() && CALL.matcher(codeOnly(code)).find();
    }

    /** Whether the code may use `await`, so it must run as an async function (a mention in a comment counts). */
    static boolean mayAwait(String code) {
        return AWAIT.matcher(code).find();
    }

    /** The code with comments and string/template literals blanked out. */
    static String codeOnly(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        int n = code.length();
        while (i < n) {
            char c = code.charAt(i);
            char next = i + 1 < n ? code.charAt(i + 1) : 0;
            if (c == '/' && next == '/') {
                while (i < n && code.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && next == '*') {
                int end = code.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (c == '\'' || c == '"' || c == '`') {
                i++;
                while (i < n && code.charAt(i) != c) {
                    i += code.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
                out.append("\"\"");
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
