package io.redwire.nodes.thrift.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of an IDL plus every file it includes (transitively) from the protos directory, keyed by path relative
 * to that directory. Two equal sources compile to the same model, so this is also the compile cache key.
 */
public record IdlSource(String mainPath, String mainText, Map<String, String> includes) {
    /** Where inline IDL text lives in the compile directory; a subdirectory so it cannot clash with protos files. */
    static final String INLINE_PATH = ".inline/idl.thrift";

    private static final Pattern INCLUDE = Pattern.compile("^\\s*include\\s+([\"'])(.+?)\\1", Pattern.MULTILINE);

    /** IDL text given inline (a config node's field); includes resolve against the protos directory. */
    public static IdlSource inline(String text, Path protosDir) {
        Map<String, String> includes = new TreeMap<>();
        collectIncludes(text, "", protosDir, includes);
        return new IdlSource(INLINE_PATH, text, includes);
    }

    /** A file under the protos directory, given by its relative name. */
    public static IdlSource file(String relativeName, Path protosDir) {
        Path root = protosDir.toAbsolutePath().normalize();
        Path file = root.resolve(relativeName).normalize();
        if (!file.startsWith(root) || relativeName.isBlank()) {
            throw new IdlException("'" + relativeName + "' is not a file under the protos directory " + root);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IdlException("cannot read " + file + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
        String rel = root.relativize(file).toString().replace('\\', '/');
        Map<String, String> includes = new TreeMap<>();
        collectIncludes(text, parentOf(rel), protosDir, includes);
        includes.remove(rel);
        return new IdlSource(rel, text, includes);
    }

    /** The name errors use: the protos-relative path, or "idl.thrift" for inline text. */
    public String displayName() {
        return INLINE_PATH.equals(mainPath) ? "idl.thrift" : mainPath;
    }

    /** Included files are looked up next to the including file, then at the protos root (as the parser does). */
    private static void collectIncludes(String text, String dir, Path protosDir, Map<String, String> out) {
        Path root = protosDir.toAbsolutePath().normalize();
        Matcher m = INCLUDE.matcher(text);
        while (m.find()) {
            String name = m.group(2);
            for (String candidate : dir.isEmpty() ? new String[]{name} : new String[]{dir + "/" + name, name}) {
                Path p = root.resolve(candidate).normalize();
                if (!p.startsWith(root) || !Files.isRegularFile(p)) {
                    continue;
                }
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (!out.containsKey(rel)) {
                    try {
                        String included = Files.readString(p, StandardCharsets.UTF_8);
                        out.put(rel, included);
                        collectIncludes(included, parentOf(rel), protosDir, out);
                    } catch (IOException e) {
                        continue; // unreadable: the parser reports the include as missing, with its line
                    }
                }
                break;
            }
        }
    }

    private static String parentOf(String rel) {
        int slash = rel.lastIndexOf('/');
        return slash < 0 ? "" : rel.substring(0, slash);
    }
}
