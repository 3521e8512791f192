package io.redwire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The io.redwire types each source file names: its imports (static and wildcard ones too) and the fully qualified
 * names in its code, comments and literals left out. LayeringTest checks these beside the bytecode because javac
 * copies a {@code static final} constant into the class that reads it: the class file keeps no trace of the class
 * the constant came from, so a package arrow made only of constants is invisible to ArchUnit.
 */
final class SourceImports {
    /** One file naming one type (or, for a wildcard import, one package: then {@code type} is empty). */
    record Arrow(Path file, String fromPackage, String toPackage, String type) {
        @Override
        public String toString() {
            return file + ": " + fromPackage + " -> " + toPackage + (type.isEmpty() ? ".*" : "." + type);
        }
    }

    private static final Pattern COMMENTS_AND_LITERALS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*"
            + "|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])+'", Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** io.redwire, then lower-case segments (the package), then an upper-case one (the type) or a wildcard. */
    private static final Pattern NAME = Pattern.compile(
            "(?<![\\w.])(io\\.redwire(?:\\s*\\.\\s*[a-z_][a-z0-9_]*)*)\\s*\\.\\s*([A-Z]\\w*|\\*)");

    private SourceImports() {
    }

    /** Every arrow out of the .java files below {@code root}. */
    static List<Arrow> under(Path root) {
        List<Arrow> arrows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                arrows.addAll(of(root.relativize(file), Files.readString(file)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return arrows;
    }

    static List<Arrow> of(Path file, String source) {
        String code = COMMENTS_AND_LITERALS.matcher(source).replaceAll(" ");
        Matcher pkg = PACKAGE.matcher(code);
        String from = pkg.find() ? pkg.group(1) : "";
        List<Arrow> arrows = new ArrayList<>();
        Matcher m = NAME.matcher(code);
        while (m.find()) {
            String to = m.group(1).replaceAll("\\s", "");
            if (!to.equals(from)) {
                arrows.add(new Arrow(file, from, to, m.group(2).equals("*") ? "" : m.group(2)));
            }
        }
        return arrows;
    }
}
