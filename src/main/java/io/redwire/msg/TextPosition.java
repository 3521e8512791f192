package io.redwire.msg;

/**
 * Where an index falls in a text, as the line and column (both from 1) an error message names: {@code \r\n},
 * {@code \r} and {@code \n} each end a line, as JSON.parse's and js-yaml's positions count them.
 */
public record TextPosition(int line, int column) {
    public static TextPosition of(CharSequence text, int index) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' && i + 1 < index && text.charAt(i + 1) == '\n') {
                i++; // \r\n is one line break
            }
            if (c == '\r' || c == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new TextPosition(line, index - lineStart + 1);
    }
}
