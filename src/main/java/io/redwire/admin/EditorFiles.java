package io.redwire.admin;

import io.vertx.ext.web.handler.FileSystemAccess;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.StaticHandler;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Serves the web editor: index.html at {@code /} and its modules and styles under {@code /editor/}. The files come
 * from a {@code web-editor} directory on disk (the working directory, or next to / above the jar), else from the
 * copy packaged in the jar, so {@code java -jar redwire.jar} works from anywhere. Only these paths (and
 * {@code /favicon.ico}) are claimed;
 * every other GET still reaches the http-in routes.
 */
final class EditorFiles {
    private static final String DIR = "web-editor";

    private EditorFiles() {
    }

    static void mount(Router router) {
        Path onDisk = locate();
        StaticHandler files = onDisk != null
                ? StaticHandler.create(FileSystemAccess.ROOT, onDisk.toString())
                : StaticHandler.create(DIR); // resolved on the classpath (the jar)
        files.setCachingEnabled(false).setMaxAgeSeconds(0).setDefaultContentEncoding("UTF-8")
                .setIndexPage("index.html");
        router.get("/").handler(files);
        router.get("/editor/*").handler(files);
        // browsers ask for it at the root whatever the page says
        router.get("/favicon.ico").handler(ctx -> ctx.reroute("/editor/icons/favicon.ico"));
    }

    /** The editor directory on disk, or null when only the packaged copy exists. */
    static Path locate() {
        Path cwd = Path.of(DIR).toAbsolutePath();
        if (Files.isRegularFile(cwd.resolve("index.html"))) {
            return cwd;
        }
        try {
            Path code = Path.of(EditorFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path base = Files.isDirectory(code) ? code : code.getParent(); // target/classes or the jar's directory
            for (Path p = base; p != null && base.getNameCount() - p.getNameCount() <= 2; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve(DIR).resolve("index.html"))) {
                    return p.resolve(DIR);
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException | IllegalArgumentException e) {
            return null; // no code location: use the classpath copy
        }
        return null;
    }
}
