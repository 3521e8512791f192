package io.redwire.msg;

/**
 * Refuses source text (.proto, .thrift, JSONata) nested deeper than a limit before a recursive-descent parser
 * sees it, so a hostile or generated file is a clear error instead of a stack overflow on the flow thread. Only
 * brackets outside string literals and comments count.
 */
public final class NestingLimit {
    /** Far beyond hand-written schemas and expressions, far below what the parsers' recursion can take. */
    public static final int MAX_DEPTH = 100;

    public static final NestingLimit PROTO = new NestingLimit("{[(<", "}])>", false);
    public static final NestingLimit THRIFT = new NestingLimit("{[(<", "}])>", true);
    /** JSONata: '<' and '>' are comparisons there, not brackets. */
    public static final NestingLimit JSONATA = new NestingLimit("{[(", "}])", false);

    private final String open;
    private final String close;
    private final boolean hashComments;

    private NestingLimit(String open, String close, boolean hashComments) {
        this.open = open;
        this.close = close;
        this.hashComments = hashComments;
    }

    /** @return null when {@code text} nests at most {@link #MAX_DEPTH} levels, else "line N: ..." */
    public String problem(String text) {
        int depth = 0;
        int line = 1;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c == '"' || c == '\'' || c == '`') {
                int end = skipString(text, i, c);
                line += newlines(text, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/' || c == '#' && hashComments) {
                while (i + 1 < n && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 1;
                line += newlines(text, i, end);
                i = end;
            } else if (open.indexOf(c) >= 0) {
                if (++depth > MAX_DEPTH) {
                    return "line " + line + ": nested deeper than " + MAX_DEPTH + " levels";
                }
            } else if (close.indexOf(c) >= 0 && depth > 0) {
                depth--;
            }
        }
        return null;
    }

    private static int newlines(String text, int from, int to) {
        int count = 0;
        for (int j = from; j < to && j < text.length(); j++) {
            count += text.charAt(j) == '\n' ? 1 : 0;
        }
        return count;
    }

    private static int skipString(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length() && text.charAt(i) != quote) {
            if (text.charAt(i) == '\\' && quote != '`') {
                i++;
            }
            i++;
        }
        return i;
    }
}
