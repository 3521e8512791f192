package io.redwire.yaml;

import io.redwire.msg.TextPosition;

import org.snakeyaml.engine.v2.exceptions.DuplicateKeyException;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A snakeyaml-engine error in js-yaml's words: the reason js-yaml gives for the same mistake, " (line:column)", a
 * blank line and js-yaml's excerpt (up to three lines before, the line with a caret under the column, two after).
 * Reasons without a js-yaml counterpart keep snakeyaml's text.
 */
final class YamlErrorText {
    private YamlErrorText() {
    }

    static String of(YamlEngineException e, String source) {
        if (!(e instanceof MarkedYamlEngineException m)) {
            String msg = e.getMessage();
            return msg != null && msg.contains("expected a single document")
                    ? "expected a single document in the stream, but found more" : msg;
        }
        String reason = reason(m, source);
        Optional<Mark> mark = m.getProblemMark().isPresent() ? m.getProblemMark() : m.getContextMark();
        if (mark.isEmpty()) {
            return reason;
        }
        Mark at = mark.get();
        int index = at.getIndex();
        int column = at.getColumn();
        if (reason.startsWith("missed comma")) {
            // snakeyaml folds "2\nb" into one scalar and stops at what follows; js-yaml stops where "b" starts
            while (column > 0 && index > 0 && !Character.isWhitespace(source.charAt(index - 1))) {
                index--;
                column--;
            }
        }
        return reason + " (" + (at.getLine() + 1) + ":" + (column + 1) + ")\n\n"
                + snippet(source, index, at.getLine());
    }

    /**
     * A double-quoted scalar whose last hexadecimal escape (x, u or U) the stream ends inside: snakeyaml-engine fails
     * there with a bare NumberFormatException (it parses the missing digits as ""), js-yaml with "expected
     * hexadecimal character" where the next digit should be, the end of the text.
     */
    static String unfinishedEscape(String source) {
        int end = source.length();
        TextPosition at = TextPosition.of(source, end);
        return "expected hexadecimal character (" + at.line() + ":" + at.column() + ")\n\n"
                + snippet(source, end, at.line() - 1);
    }

    private static String reason(MarkedYamlEngineException e, String source) {
        String problem = e.getProblem() == null ? "" : e.getProblem();
        String context = e.getContext() == null ? "" : e.getContext();
        if (e instanceof DuplicateKeyException) {
            return "duplicated mapping key";
        }
        if (problem.startsWith("mapping values are not allowed")) {
            return "bad indentation of a mapping entry";
        }
        if (context.contains("flow sequence") || context.contains("flow mapping")) {
            return problem.contains("<stream end>") ? "unexpected end of the stream within a flow collection"
                    : "missed comma between flow collection entries";
        }
        if (context.contains("quoted scalar") && problem.contains("end of stream")) {
            int at = e.getContextMark().map(Mark::getIndex).orElse(-1);
            boolean single = at >= 0 && at < source.length() && source.charAt(at) == '\'';
            return "unexpected end of the stream within a " + (single ? "single" : "double") + " quoted scalar";
        }
        if (context.contains("block mapping")) {
            return "bad indentation of a mapping entry";
        }
        if (context.contains("block collection") || problem.contains("cannot start any token")) {
            return "end of the stream or a document separator is expected";
        }
        if (problem.startsWith("found undefined alias")) {
            return "unidentified alias \"" + problem.substring("found undefined alias".length()).strip() + "\"";
        }
        return problem.isEmpty() ? context : problem;
    }

    /** js-yaml's excerpt around a position: numbered lines, a dashed caret line under the column. */
    static String snippet(String buffer, int position, int line) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        List<Integer> ends = new ArrayList<>();
        int found = -1;
        for (int i = 0; i < buffer.length(); i++) {
            char c = buffer.charAt(i);
            if (c == '\r' || c == '\n' || c == '\0') {
                int len = c == '\r' && i + 1 < buffer.length() && buffer.charAt(i + 1) == '\n' ? 2 : 1;
                ends.add(i);
                starts.add(i + len);
                if (position <= i && found < 0) {
                    found = starts.size() - 2;
                }
                i += len - 1;
            }
        }
        if (found < 0) {
            found = starts.size() - 1;
        }
        int numberWidth = String.valueOf(Math.min(line + 2, ends.size())).length();
        StringBuilder before = new StringBuilder();
        for (int i = 1; i <= 3 && found - i >= 0; i++) {
            before.insert(0, " " + pad(line - i + 1, numberWidth) + " | " + lineText(buffer, starts, ends, found - i)
                    + "\n");
        }
        StringBuilder out = new StringBuilder(before);
        out.append(' ').append(pad(line + 1, numberWidth)).append(" | ")
                .append(lineText(buffer, starts, ends, found)).append('\n');
        out.append("-".repeat(1 + numberWidth + 3 + Math.max(0, position - starts.get(found)))).append("^\n");
        for (int i = 1; i <= 2 && found + i < ends.size(); i++) {
            out.append(' ').append(pad(line + i + 1, numberWidth)).append(" | ")
                    .append(lineText(buffer, starts, ends, found + i)).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    private static String lineText(String buffer, List<Integer> starts, List<Integer> ends, int n) {
        int start = starts.get(n);
        int end = n < ends.size() ? ends.get(n) : buffer.length();
        return buffer.substring(Math.min(start, buffer.length()), Math.max(Math.min(start, buffer.length()), end));
    }

    private static String pad(int n, int width) {
        String s = String.valueOf(n);
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}
