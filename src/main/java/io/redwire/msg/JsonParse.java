package io.redwire.msg;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * JSON.parse for nodes whose error text users see (json, template): the value comes from the shared Jackson
 * parser; when it fails, the text is walked again with V8's grammar to produce V8's own message, e.g.
 * "Expected property name or '}' in JSON at position 1 (line 1 column 2)".
 */
public final class JsonParse {
    private static final int CONTEXT = 10;

    private final String s;
    private int pos;

    private JsonParse(String s) {
        this.s = s;
    }

    /** Parses like JSON.parse; failures throw a NodeError whose text is V8's SyntaxError message. */
    public static Object parse(String text) {
        try {
            return Json.parse(text);
        } catch (JsonProcessingException e) {
            String v8 = null;
            try {
                v8 = v8Message(text);
            } catch (StackOverflowError tooDeep) {
                // fall back to the parser's own description below
            }
            throw new NodeError(v8 != null ? v8 : Json.describe(e));
        }
    }

    /** V8's message for this text, or null if V8 would accept it. */
    public static String v8Message(String text) {
        JsonParse p = new JsonParse(text);
        try {
            p.value();
            p.skipWhitespace();
            if (p.pos < text.length()) {
                throw p.positioned("Unexpected non-whitespace character after JSON");
            }
            return null;
        } catch (Syntax e) {
            return e.getMessage();
        }
    }

    private static final class Syntax extends RuntimeException {
        Syntax(String message) {
            super(message, null, false, false);
        }
    }

    private void value() {
        skipWhitespace();
        if (pos >= s.length()) {
            throw new Syntax("Unexpected end of JSON input");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> {
                if (c == '-' || isDigit(c)) {
                    number();
                } else {
                    throw unexpected();
                }
            }
        }
    }

    private void object() {
        pos++;
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return;
        }
        boolean first = true;
        while (true) {
            if (peek() != '"') {
                throw at(first ? "Expected property name or '}'" : "Expected double-quoted property name");
            }
            first = false;
            string();
            skipWhitespace();
            if (peek() != ':') {
                throw at("Expected ':' after property name");
            }
            pos++;
            value();
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
                skipWhitespace();
            } else if (c == '}') {
                pos++;
                return;
            } else {
                throw at("Expected ',' or '}' after property value");
            }
        }
    }

    private void array() {
        pos++;
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return;
        }
        while (true) {
            value();
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
            } else if (c == ']') {
                pos++;
                return;
            } else {
                throw at("Expected ',' or ']' after array element");
            }
        }
    }

    private void string() {
        pos++;
        while (true) {
            if (pos >= s.length()) {
                throw at("Unterminated string");
            }
            char c = s.charAt(pos);
            if (c == '"') {
                pos++;
                return;
            }
            if (c == '\\') {
                pos++;
                if (pos >= s.length()) {
                    throw new Syntax("Unexpected end of JSON input");
                }
                char e = s.charAt(pos);
                if (e == 'u') {
                    for (int i = 0; i < 4; i++) {
                        pos++;
                        if (pos >= s.length() || Character.digit(s.charAt(pos), 16) < 0) {
                            throw at("Bad Unicode escape");
                        }
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    throw at("Bad escaped character");
                }
            } else if (c < 0x20) {
                throw at("Bad control character in string literal");
            }
            pos++;
        }
    }

    private void number() {
        if (peek() == '-') {
            pos++;
            if (!isDigit(peek())) {
                throw at("No number after minus sign");
            }
        }
        if (peek() == '0') {
            pos++;
            if (isDigit(peek())) {
                throw at("Unexpected number");
            }
        } else {
            digits();
        }
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) {
                throw at("Unterminated fractional number");
            }
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw at("Exponent part is missing a number");
            }
            digits();
        }
    }

    /** true/false/null: a short tail is "end of input", a wrong letter an unexpected token. */
    private void literal(String word) {
        for (int i = 1; i < word.length(); i++) {
            pos++;
            if (pos >= s.length()) {
                throw new Syntax("Unexpected end of JSON input");
            }
            if (s.charAt(pos) != word.charAt(i)) {
                throw unexpected();
            }
        }
        pos++;
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    /** V8's text for the character at pos: numbers and strings have their own; others quote the source. */
    private Syntax unexpected() {
        char c = s.charAt(pos);
        if (c == '-' || isDigit(c)) {
            return at("Unexpected number");
        }
        if (c == '"') {
            return at("Unexpected string");
        }
        if (s.equals("[object Object]") || s.equals("undefined") || s.equals("Infinity") || s.equals("NaN")) {
            return new Syntax("\"" + s + "\" is not valid JSON");
        }
        String token = "Unexpected token '" + c + "', ";
        int length = s.length();
        if (length < CONTEXT * 2 + 1) {
            return new Syntax(token + "\"" + s + "\" is not valid JSON");
        }
        if (pos < CONTEXT) {
            return new Syntax(token + "\"" + s.substring(0, pos + CONTEXT) + "\"... is not valid JSON");
        }
        if (pos < length - CONTEXT) {
            return new Syntax(token + "...\"" + s.substring(pos - CONTEXT, pos + CONTEXT) + "\"... is not valid JSON");
        }
        return new Syntax(token + "...\"" + s.substring(pos - CONTEXT) + "\" is not valid JSON");
    }

    /** A positional message: "... in JSON at position N (line L column C)". */
    private Syntax at(String what) {
        return positioned(what + " in JSON");
    }

    private Syntax positioned(String what) {
        TextPosition at = TextPosition.of(s, pos);
        return new Syntax(what + " at position " + pos + " (line " + at.line() + " column " + at.column() + ")");
    }

    private void skipWhitespace() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
