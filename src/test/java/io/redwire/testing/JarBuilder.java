package io.redwire.testing;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Compiles Java sources against the test class path (Redwire's classes) with the JDK's compiler and packs the classes
 * and resources into a jar, as a plugin's own build would.
 */
public final class JarBuilder {
    private JarBuilder() {
    }

    /**
     * @param sources   a directory of .java files (any depth)
     * @param resources a directory copied into the jar as is, or null
     */
    public static Path build(Path sources, Path resources, Path jar) throws IOException {
        Path classes = Files.createTempDirectory("plugin-classes");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"))); // 6 options, then the sources
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (args.size() > 6 && javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IOException("compiling " + sources + " failed (see stderr)");
        }
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            add(out, classes);
            if (resources != null) {
                add(out, resources);
            }
        }
        return jar;
    }

    /** Writes one source file under {@code dir} for its package and class name. */
    public static void source(Path dir, String className, String text) throws IOException {
        Path file = dir.resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static void add(JarOutputStream out, Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(root.relativize(p).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(p));
                out.closeEntry();
            }
        }
    }
}
