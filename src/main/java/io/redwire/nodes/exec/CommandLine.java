package io.redwire.nodes.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The exec node's spawn-mode argument splitting: runs of non-blanks, where "double quoted" parts keep blanks. */
final class CommandLine {
    private static final Pattern WORD = Pattern.compile("(?:[^\\s\"]+|\"[^\"]*\")+");

    private CommandLine() {
    }

    /** Words of the line; a word that is wholly one double-quoted string loses its quotes. Single quotes are text. */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(line);
        while (m.find()) {
            String w = m.group();
            words.add(w.length() >= 2 && w.startsWith("\"") && w.endsWith("\"") ? w.substring(1, w.length() - 1) : w);
        }
        return words;
    }
}
