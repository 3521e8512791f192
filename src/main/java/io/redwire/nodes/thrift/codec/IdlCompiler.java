package io.redwire.nodes.thrift.codec;

import io.redwire.msg.NestingLimit;

import com.microsoft.thrifty.schema.ErrorReporter;
import com.microsoft.thrifty.schema.LoadFailedException;
import com.microsoft.thrifty.schema.Loader;
import com.microsoft.thrifty.schema.Location;
import com.microsoft.thrifty.schema.Schema;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Compiles IDL text with thrifty-schema. Its loader reads files only, so the text and the files it includes are
 * written to a private temporary directory that is deleted again; errors are reported by file and line.
 */
public final class IdlCompiler {
    private static final Pattern UNRESOLVED = Pattern.compile("Failed to resolve type '(.+)'");

    private IdlCompiler() {
    }

    public static ThriftModel compile(IdlSource source) {
        refuseDeepNesting(source.displayName(), source.mainText());
        source.includes().forEach(IdlCompiler::refuseDeepNesting);
        Path dir;
        try {
            dir = Files.createTempDirectory("redwire-thrift");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path main = write(dir, source.mainPath(), source.mainText());
            for (Map.Entry<String, String> inc : source.includes().entrySet()) {
                write(dir, inc.getKey(), inc.getValue());
            }
            Schema schema = new Loader().addThriftFile(main).addIncludePath(dir).load();
            String program = main.getFileName().toString().replaceFirst("\\.thrift$", "");
            return ModelBuilder.build(schema, program);
        } catch (LoadFailedException e) {
            throw new IdlException(describe(e, dir, source));
        } catch (AssertionError e) { // thrifty's parser asserts on some malformed text ("grammar error!")
            throw new IdlException(source.displayName() + ": cannot parse: " + e.getMessage());
        } catch (IdlProblem p) {
            throw new IdlException(where(p.location(), dir, source) + ": " + p.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteTree(dir);
        }
    }

    /** thrifty's parser recurses per nested type: refuse what would overflow the stack before it runs. */
    private static void refuseDeepNesting(String file, String text) {
        String problem = NestingLimit.THRIFT.problem(text);
        if (problem != null) {
            throw new IdlException(file + " " + problem);
        }
    }

    private static Path write(Path dir, String relative, String text) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static String describe(LoadFailedException e, Path dir, IdlSource source) {
        List<String> problems = new ArrayList<>();
        for (ErrorReporter.Report r : e.getErrorReporter().getReports()) {
            if (r.getLevel() == ErrorReporter.Level.ERROR) {
                problems.add(where(refine(r.getLocation(), r.getMessage(), dir, source), dir, source) + ": "
                        + r.getMessage());
            }
        }
        if (problems.isEmpty()) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String text = cause.getMessage() == null ? cause.toString() : cause.getMessage();
            if (cause instanceof FileNotFoundException) {
                // "Failed to locate x.thrift in [dirs]\n--> Included from ...": name the file the protos way
                String missing = text.replaceFirst("(?s)^Failed to locate (\\S+) in .*$", "$1");
                return source.displayName() + ": included file \"" + missing
                        + "\" was not found in the protos directory";
            }
            problems.add(source.displayName() + ": " + text.replace(dir.toString() + "/", ""));
        }
        return String.join("; ", problems);
    }

    /**
     * thrifty reports an unresolved type at the line of the struct or service using it; point at the line that
     * names the type instead (the first one from there on), which is where the fix goes.
     */
    private static Location refine(Location loc, String message, Path dir, IdlSource source) {
        Matcher m = UNRESOLVED.matcher(message);
        if (!m.matches() || loc.getLine() <= 0) {
            return loc;
        }
        String text = textOf(relative(loc, dir), source);
        if (text == null) {
            return loc;
        }
        Pattern name = Pattern.compile("(?<![\\w.])" + Pattern.quote(m.group(1)) + "(?![\\w.])");
        String[] lines = text.split("\n", -1);
        for (int i = loc.getLine() - 1; i < lines.length; i++) {
            Matcher found = name.matcher(lines[i]);
            if (found.find()) {
                return loc.at(i + 1, found.start() + 1);
            }
        }
        return loc;
    }

    private static String textOf(String relative, IdlSource source) {
        return source.mainPath().equals(relative) ? source.mainText() : source.includes().get(relative);
    }

    private static String relative(Location loc, Path dir) {
        Path abs = Path.of(loc.getBase()).resolve(loc.getPath()).toAbsolutePath().normalize();
        return abs.startsWith(dir) ? dir.relativize(abs).toString().replace('\\', '/') : loc.getPath();
    }

    /** "file line L, column C" with the file named as the user knows it. */
    private static String where(Location loc, Path dir, IdlSource source) {
        String rel = relative(loc, dir);
        String file = IdlSource.INLINE_PATH.equals(rel) ? source.displayName() : rel;
        return file + (loc.getLine() > 0 ? " line " + loc.getLine() + ", column " + loc.getColumn() : "");
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp dir is harmless
        }
    }
}
