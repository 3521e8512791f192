package io.redwire.nodes.grpc.proto;

import io.redwire.msg.NestingLimit;

import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The .proto files one compile reads: a root given as text, the files it imports from the protos directory and the
 * bundled google/protobuf and google/api types. Files are parsed once and kept in dependency order (imports before importers).
 * Also the {@link Loader} Wire's linker reads them through.
 */
final class SourceSet implements Loader {
    private static final Pattern SYNTAX_ERROR = Pattern.compile("^Syntax error in (\\S+:\\d+:\\d+): (.*)$", Pattern.DOTALL);

    private static final Pattern BUT_WAS = Pattern.compile("but was (?:'(.)'|(\\S+))$");
    private static final Pattern LINE_COLUMN = Pattern.compile("^(.*):(\\d+):(\\d+)$");

    private final Path dir;
    private final Map<String, String> given;
    private final Map<String, ProtoFile> ordered = new LinkedHashMap<>();
    private final Map<String, String> texts = new LinkedHashMap<>();
    private final Map<String, String> fromDir = new LinkedHashMap<>();
    private final Set<String> visiting = new HashSet<>();
    private final List<String> problems = new ArrayList<>();

    /** @param given files supplied as text (path → text); they shadow files of the same path in {@code dir}. */
    SourceSet(Map<String, String> given, Path dir) {
        this.given = given;
        this.dir = dir;
    }

    /** Reads a root and everything it imports; problems are collected, see {@link #throwIfProblems()}. */
    void addRoot(String path) {
        String text = textOf(path);
        if (text == null) {
            problems.add(path + ": file not found" + (dir == null ? "" : " in " + dir));
            return;
        }
        visit(path, text);
    }

    void throwIfProblems() {
        if (!problems.isEmpty()) {
            throw new ProtoException(problems);
        }
    }

    /** Every file read, imports before importers. */
    Map<String, ProtoFile> files() {
        return ordered;
    }

    /** The text a file was parsed from (null for Wire's built-in copies). */
    String text(String path) {
        return texts.get(path);
    }

    /** Files that came from the protos directory with the text read; a cached compile is stale when one changed. */
    Map<String, String> filesFromDirectory() {
        return fromDir;
    }

    private void visit(String path, String text) {
        if (ordered.containsKey(path)) {
            return;
        }
        visiting.add(path);
        ProtoFile file = parse(path, text);
        if (file != null) {
            List<String> imports = new ArrayList<>(file.getImports());
            imports.addAll(file.getPublicImports());
            for (String imported : imports) {
                if (visiting.contains(imported)) {
                    problems.add(at(path, text, imported) + ": import cycle through \"" + imported + "\"");
                    continue;
                }
                String importedText = textOf(imported);
                if (importedText == null) {
                    problems.add(at(path, text, imported) + ": import \"" + imported + "\" not found ("
                            + (dir == null ? "" : "looked in " + dir + " and ") + "the bundled google/protobuf and google/api types)");
                    continue;
                }
                visit(imported, importedText);
            }
            ordered.put(path, file);
            texts.put(path, text);
        }
        visiting.remove(path);
    }

    private ProtoFile parse(String path, String text) {
        if (WellKnownTypes.isBundled(path) && !given.containsKey(path)) {
            try {
                return CoreLoader.INSTANCE.load(path);
            } catch (IllegalStateException notInWire) {
                // Wire carries only some of them; the rest parse from protobuf-java's copy below
            }
        }
        String tooDeep = io.redwire.msg.NestingLimit.PROTO.problem(text);
        if (tooDeep != null) {
            problems.add(path + ": " + tooDeep);
            return null;
        }
        try {
            ProtoFileElement element = ProtoParser.Companion.parse(Location.get(path), text);
            return ProtoFile.Companion.get(element);
        } catch (IllegalStateException | IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            Matcher sm = SYNTAX_ERROR.matcher(m);
            problems.add(sm.matches() ? atToken(sm.group(1), sm.group(2)) + ": syntax error: " + sm.group(2)
                    : path + ": " + m);
            return null;
        }
    }

    /**
     * Wire places "expected X but was Y" just after the token Y it consumed; point at Y itself, where protoc
     * would.
     */
    private static String atToken(String location, String message) {
        Matcher token = BUT_WAS.matcher(message);
        Matcher at = LINE_COLUMN.matcher(location);
        if (!token.find() || !at.matches()) {
            return location;
        }
        String t = token.group(1) != null ? token.group(1) : token.group(2);
        int column = Math.max(1, Integer.parseInt(at.group(3)) - t.length());
        return at.group(1) + ":" + at.group(2) + ":" + column;
    }

    private String textOf(String path) {
        String text = given.get(path);
        if (text != null) {
            return text;
        }
        if (dir != null && !path.startsWith("google/protobuf/") && !WellKnownTypes.isBundled(path)) {
            Path file = dir.resolve(path).normalize();
            if (file.startsWith(dir.normalize()) && Files.isRegularFile(file)) {
                try {
                    text = Files.readString(file, StandardCharsets.UTF_8);
                    fromDir.put(path, text);
                    return text;
                } catch (IOException e) {
                    problems.add(path + ": cannot read " + file + ": " + e.getMessage());
                    return null;
                }
            }
        }
        return WellKnownTypes.isBundled(path) ? WellKnownTypes.text(path) : null;
    }

    /** "file:line:col" of the import statement naming {@code imported}. */
    private static String at(String path, String text, String imported) {
        Matcher m = Pattern.compile("import\\s+(?:public\\s+|weak\\s+)?\"" + Pattern.quote(imported) + "\"")
                .matcher(text);
        if (!m.find()) {
            return path;
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < m.start(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return path + ":" + line + ":" + (m.start() - lineStart + 1);
    }

    // ---- Loader, for Wire's linker ----------------------------------------------------------------------------

    @Override
    public ProtoFile load(String path) {
        ProtoFile f = ordered.get(path);
        // besides the files read above, the linker asks for descriptor.proto and wire/extensions.proto (options)
        return f != null ? f : CoreLoader.INSTANCE.load(path);
    }

    @Override
    public Loader withErrors(ErrorCollector errors) {
        return this;
    }
}
