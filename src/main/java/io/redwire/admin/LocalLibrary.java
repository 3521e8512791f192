package io.redwire.admin;

import io.redwire.storage.AtomicFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Node-RED's "local" library: entries under {@code <userDir>/lib/<type>/<path>}, so either program reads the other's
 * library. A flow is its JSON file ({@code .json} added when missing); any other entry (function code, templates)
 * is its text preceded by one {@code // key: value} line per property (newlines and backslashes escaped, as Node-RED
 * writes them). A folder lists its sub-folders by name, then its entries as their properties plus {@code fn}.
 * Paths never leave the type's folder: a {@code ..} segment, a backslash or a NUL is refused. Writes are atomic.
 * Blocking file I/O: call it from a worker thread.
 */
final class LocalLibrary {
    private static final Pattern META_LINE = Pattern.compile("^// (\\w+): (.*)$");

    /** A path that would leave the library, or cannot name a file. */
    static final class BadPath extends Exception {
        BadPath(String message) {
            super(message);
        }
    }

    /**
     * No entry or folder by that path. Its code is Node-RED's: a flow looked up with and without {@code .json}
     * fails with the file system's ENOENT, any other entry with a plain error.
     */
    static final class NotFound extends Exception {
        final String code;

        NotFound(String path, String code) {
            super("Library Entry not found " + path);
            this.code = code;
        }
    }

    private final Path root;

    LocalLibrary(Path libDir) {
        this.root = libDir.toAbsolutePath().normalize();
    }

    /** A folder's listing (a List) or an entry's text without its property lines (a String). */
    Object get(String type, String path) throws BadPath, NotFound, IOException {
        Path typeDir = typeDir(type);
        Path target = inside(typeDir, path);
        if (Files.isRegularFile(target)) {
            return body(Files.readString(target, StandardCharsets.UTF_8));
        }
        if (Files.isDirectory(target)) {
            return list(target);
        }
        if (path.isEmpty() || path.endsWith("/")) {
            return List.of();
        }
        if (type.equals("flows") && !path.endsWith(".json")) {
            Path json = inside(typeDir, path + ".json");
            if (Files.isRegularFile(json)) {
                return Files.readString(json, StandardCharsets.UTF_8);
            }
        }
        throw new NotFound(path, type.equals("flows") ? "ENOENT" : "unexpected_error");
    }

    /** Saves an entry: {@code meta} becomes its property lines (none for flows), {@code body} its text. */
    void save(String type, String path, Map<String, Object> meta, String body) throws BadPath, IOException {
        String name = type.equals("flows") && !path.endsWith(".json") ? path + ".json" : path;
        if (name.isEmpty() || name.endsWith("/")) {
            throw new BadPath("a library entry needs a file name");
        }
        Path target = inside(typeDir(type), name);
        StringBuilder text = new StringBuilder();
        meta.forEach((k, v) -> text.append("// ").append(k).append(": ").append(singleLine(String.valueOf(v)))
                .append('\n'));
        text.append(body);
        new AtomicFile(target, null).write(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private Path typeDir(String type) throws BadPath {
        return inside(root, type);
    }

    private static Path inside(Path dir, String path) throws BadPath {
        if (path.indexOf('\0') >= 0 || path.indexOf('\\') >= 0) {
            throw new BadPath("a library path may not hold a backslash or a NUL");
        }
        for (String segment : path.split("/")) {
            if (segment.equals("..") || segment.equals(".")) {
                throw new BadPath("a library path may not hold '.' or '..'");
            }
        }
        Path resolved = dir.resolve(path).normalize();
        if (!resolved.startsWith(dir) || path.startsWith("/")) {
            throw new BadPath("a library path must stay inside the library");
        }
        return resolved;
    }

    private static List<Object> list(Path dir) throws IOException {
        List<Path> children;
        try (Stream<Path> s = Files.list(dir)) {
            children = s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
        List<Object> dirs = new ArrayList<>();
        List<Object> files = new ArrayList<>();
        for (Path p : children) {
            String fn = p.getFileName().toString();
            if (Files.isDirectory(p)) {
                dirs.add(fn);
            } else if (Files.isRegularFile(p)) {
                Map<String, Object> meta = meta(Files.readString(p, StandardCharsets.UTF_8));
                meta.put("fn", fn);
                files.add(meta);
            }
        }
        dirs.addAll(files);
        return dirs;
    }

    private static Map<String, Object> meta(String text) {
        Map<String, Object> meta = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            Matcher m = META_LINE.matcher(line);
            if (!m.matches()) {
                break;
            }
            meta.put(m.group(1), fromSingleLine(m.group(2)));
        }
        return meta;
    }

    private static String body(String text) {
        String[] lines = text.split("\n", -1);
        int first = 0;
        while (first < lines.length && META_LINE.matcher(lines[first]).matches()) {
            first++;
        }
        return String.join("\n", java.util.Arrays.copyOfRange(lines, first, lines.length));
    }

    private static String singleLine(String text) {
        return text.replace("\\", "\\\\").replace("\n", "\\n");
    }

    private static String fromSingleLine(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == 'n' || text.charAt(i + 1) == '\\')) {
                out.append(text.charAt(++i) == 'n' ? '\n' : '\\');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
