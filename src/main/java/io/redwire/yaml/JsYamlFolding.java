package io.redwire.yaml;

/** js-yaml's line folding for '>' blocks: long lines break at a space before the width; more-indented lines stay. */
final class JsYamlFolding {
    private JsYamlFolding() {
    }

    static String fold(String s, int width) {
        int firstBreak = s.indexOf('\n');
        if (firstBreak < 0) {
            firstBreak = s.length();
        }
        StringBuilder result = new StringBuilder(foldLine(s.substring(0, firstBreak), width));
        boolean prevMoreIndented = !s.isEmpty() && (s.charAt(0) == '\n' || s.charAt(0) == ' ');
        int pos = firstBreak;
        while (pos < s.length()) {
            int breaksEnd = pos;
            while (breaksEnd < s.length() && s.charAt(breaksEnd) == '\n') {
                breaksEnd++;
            }
            int lineEnd = s.indexOf('\n', breaksEnd);
            if (lineEnd < 0) {
                lineEnd = s.length();
            }
            String line = s.substring(breaksEnd, lineEnd);
            boolean moreIndented = line.startsWith(" ");
            result.append(s, pos, breaksEnd);
            if (!prevMoreIndented && !moreIndented && !line.isEmpty()) {
                result.append('\n');
            }
            result.append(foldLine(line, width));
            prevMoreIndented = moreIndented;
            pos = lineEnd;
        }
        return result.toString();
    }

    private static String foldLine(String line, int width) {
        if (line.isEmpty() || line.charAt(0) == ' ') {
            return line;
        }
        StringBuilder result = new StringBuilder();
        int start = 0;
        int curr = 0;
        for (int i = 0; i + 1 < line.length(); i++) {
            if (line.charAt(i) == ' ' && line.charAt(i + 1) != ' ') {
                int next = i;
                if (next - start > width) {
                    int end = curr > start ? curr : next;
                    result.append('\n').append(line, start, end);
                    start = end + 1;
                }
                curr = next;
            }
        }
        result.append('\n');
        if (line.length() - start > width && curr > start) {
            result.append(line, start, curr).append('\n').append(line.substring(curr + 1));
        } else {
            result.append(line.substring(start));
        }
        return result.substring(1);
    }
}
