package io.redwire.nodes.parsers;

import io.redwire.msg.NodeError;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strict, non-validating XML scanner that reports what sax-js (the parser under Node-RED's xml2js) reports: its
 * error texts ("Unexpected close tag", "Non-whitespace before first tag." ...) with sax's 0-based line, column and
 * current character. Hand-written because those texts and positions are what Node-RED users see in catch nodes and
 * the recorded cases check them; the JDK's parsers word and place errors differently.
 */
final class SaxScanner {
    /** Receives the document as sax events. */
    interface Handler {
        void openTag(String name, Map<String, String> attributes);

        void closeTag(String name);

        void text(String text);
    }

    private final String in;
    private final Handler handler;
    private final int maxDepth;
    private int pos;
    private int line;
    private int column;
    private char c;
    private final Deque<String> open = new ArrayDeque<>();
    private boolean sawRoot;
    private boolean closedRoot;

    private SaxScanner(String in, Handler handler, int maxDepth) {
        this.in = in;
        this.handler = handler;
        this.maxDepth = maxDepth;
    }

    /** Reports the document's events; elements nested deeper than {@code maxDepth} are an error. */
    static void scan(String xml, Handler handler, int maxDepth) {
        new SaxScanner(xml, handler, maxDepth).run();
    }

    private boolean more() {
        return pos < in.length();
    }

    private char next() {
        c = in.charAt(pos++);
        if (c == '\n') {
            line++;
            column = 0;
        } else {
            column++;
        }
        return c;
    }

    private char peek() {
        return pos < in.length() ? in.charAt(pos) : '\0';
    }

    private NodeError fail(String reason) {
        return new NodeError("Error: " + reason + "\nLine: " + line + "\nColumn: " + column + "\nChar: " + c);
    }

    private void run() {
        if (in.startsWith("\uFEFF")) {
            pos = 1;
        }
        StringBuilder text = new StringBuilder();
        while (more()) {
            char ch = next();
            if (ch == '<') {
                flushText(text);
                markup();
            } else if (ch == '&') {
                text.append(entity());
            } else {
                if (!Character.isWhitespace(ch)) {
                    if (!sawRoot) {
                        throw fail("Non-whitespace before first tag.");
                    }
                    if (closedRoot) {
                        throw fail("Text data outside of root node.");
                    }
                }
                text.append(ch);
            }
        }
        flushText(text);
        if (sawRoot && !closedRoot) {
            throw fail("Unclosed root tag");
        }
    }

    private void flushText(StringBuilder text) {
        if (text.length() > 0) {
            if (!open.isEmpty()) {
                handler.text(text.toString());
            }
            text.setLength(0);
        }
    }

    private void markup() {
        if (!more()) {
            throw fail("Unexpected end");
        }
        char ch = next();
        if (ch == '!') {
            declaration();
        } else if (ch == '?') {
            skipPast("?>");
        } else if (ch == '/') {
            closeTag();
        } else if (isNameStart(ch)) {
            openTag(ch);
        } else if (Character.isWhitespace(ch)) {
            throw fail("Unencoded <");
        } else {
            throw fail("Unencoded <");
        }
    }

    private void declaration() {
        if (in.startsWith("[CDATA[", pos)) {
            for (int i = 0; i < 7; i++) {
                next();
            }
            int end = in.indexOf("]]>", pos);
            if (end < 0) {
                pos = in.length();
                throw fail("Unexpected end");
            }
            String data = in.substring(pos, end);
            while (pos < end + 3) {
                next();
            }
            if (open.isEmpty()) {
                throw fail("Text data outside of root node.");
            }
            handler.text(data);
        } else if (in.startsWith("--", pos)) {
            next();
            next();
            skipPast("-->");
        } else {
            // a DOCTYPE: skipped, including an internal subset in brackets
            int depth = 0;
            while (more()) {
                char ch = next();
                if (ch == '[') {
                    depth++;
                } else if (ch == ']') {
                    depth--;
                } else if (ch == '>' && depth <= 0) {
                    return;
                }
            }
            throw fail("Unexpected end");
        }
    }

    private void skipPast(String end) {
        int at = in.indexOf(end, pos);
        if (at < 0) {
            while (more()) {
                next();
            }
            throw fail("Unexpected end");
        }
        while (pos < at + end.length()) {
            next();
        }
    }

    private String name(char first) {
        StringBuilder n = new StringBuilder().append(first);
        while (more() && isNameChar(peek())) {
            n.append(next());
        }
        return n.toString();
    }

    private void openTag(char first) {
        if (closedRoot) {
            throw fail("Text data outside of root node.");
        }
        String name = name(first);
        Map<String, String> attributes = new LinkedHashMap<>();
        boolean afterValue = false;
        while (true) {
            if (!more()) {
                throw fail("Unexpected end");
            }
            char ch = next();
            if (ch == '>') {
                start(name, attributes);
                return;
            }
            if (ch == '/') {
                if (!more()) {
                    throw fail("Unexpected end");
                }
                if (next() != '>') {
                    throw fail("Forward-slash in opening tag not followed by >");
                }
                start(name, attributes);
                end(name);
                return;
            }
            if (Character.isWhitespace(ch)) {
                afterValue = false;
                continue;
            }
            if (afterValue) {
                throw fail("No whitespace between attributes");
            }
            if (!isNameStart(ch)) {
                throw fail("Invalid attribute name");
            }
            String attr = name(ch);
            skipSpace();
            if (!more()) {
                throw fail("Unexpected end");
            }
            if (next() != '=') {
                throw fail("Attribute without value");
            }
            skipSpace();
            if (!more()) {
                throw fail("Unexpected end");
            }
            char q = next();
            if (q != '"' && q != '\'') {
                throw fail("Unquoted attribute value");
            }
            StringBuilder value = new StringBuilder();
            while (true) {
                if (!more()) {
                    throw fail("Unexpected end");
                }
                char v = next();
                if (v == q) {
                    break;
                }
                value.append(v == '&' ? entity() : String.valueOf(v));
            }
            attributes.putIfAbsent(attr, value.toString());
            afterValue = true;
        }
    }

    private void skipSpace() {
        while (more() && Character.isWhitespace(peek())) {
            next();
        }
    }

    private void start(String name, Map<String, String> attributes) {
        sawRoot = true;
        if (open.size() >= maxDepth) {
            throw ParserSettings.exceeded("XML elements nest deeper than " + maxDepth + " at line " + line
                    + " column " + column, ParserSettings.XML_MAX_DEPTH);
        }
        open.push(name);
        handler.openTag(name, attributes);
    }

    private void end(String name) {
        open.pop();
        handler.closeTag(name);
        if (open.isEmpty()) {
            closedRoot = true;
        }
    }

    private void closeTag() {
        if (!more()) {
            throw fail("Unexpected end");
        }
        char first = next();
        if (!isNameStart(first)) {
            throw fail("Invalid tagname in closing tag.");
        }
        String name = name(first);
        skipSpace();
        if (!more()) {
            throw fail("Unexpected end");
        }
        if (next() != '>') {
            throw fail("Invalid characters in closing tag");
        }
        if (open.isEmpty() || !open.peek().equals(name)) {
            throw fail(open.contains(name) || !open.isEmpty() ? "Unexpected close tag" : "Unmatched closing tag: " + name);
        }
        end(name);
    }

    /** After '&': the entity's text (the five XML ones and character references). */
    private String entity() {
        StringBuilder e = new StringBuilder();
        while (true) {
            if (!more()) {
                throw fail("Unexpected end");
            }
            char ch = next();
            if (ch == ';') {
                break;
            }
            if (!(Character.isLetterOrDigit(ch) || ch == '#')) {
                throw fail("Invalid character in entity name");
            }
            e.append(ch);
        }
        String name = e.toString();
        switch (name) {
            case "amp":
                return "&";
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "quot":
                return "\"";
            case "apos":
                return "'";
            default:
        }
        try {
            if (name.startsWith("#x") || name.startsWith("#X")) {
                return new String(Character.toChars(Integer.parseInt(name.substring(2), 16)));
            }
            if (name.startsWith("#")) {
                return new String(Character.toChars(Integer.parseInt(name.substring(1))));
            }
        } catch (IllegalArgumentException ignored) {
            // falls through to the error below
        }
        throw fail("Invalid character entity");
    }

    private static boolean isNameStart(char ch) {
        return Character.isLetter(ch) || ch == '_' || ch == ':';
    }

    private static boolean isNameChar(char ch) {
        return isNameStart(ch) || Character.isDigit(ch) || ch == '-' || ch == '.' || ch == '\u00B7';
    }
}
