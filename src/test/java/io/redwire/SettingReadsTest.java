package io.redwire;

import io.redwire.api.NodeFamily;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Setting;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Settings are read only through their declarations: no main source reads one by its key (a string, or a
 * settings getter) with a default of its own, and every declaration is listed by the runtime or a family, so the
 * runtime knows the key and docs/settings.md shows it.
 */
class SettingReadsTest {
    /** A call on the settings with a text argument, or one of the by-key getters Settings had. */
    private static final Pattern READ_BY_KEY = Pattern.compile("(?i)\\bsettings(?:\\(\\))?(?:\\s*\\.\\s*\\w+\\(\\))*"
            + "\\s*\\.\\s*(?:\\w+\\(\\s*\"|(?:get|getOrDefault|containsKey|number|string|bytes|map|bool)\\s*\\()");
    /** A declaration: Setting.integer("key", ...). */
    private static final Pattern DECLARATION = Pattern.compile("\\bSetting\\.\\w+\\(\\s*\"([^\"]+)\"");
    private static final Set<String> DECLARING_CLASSES = Set.of("Setting.java", "Settings.java");
    private static final Path SOURCES = Path.of(System.getProperty("redwire.sources", "src/main/java"));

    /** file:line: text of each read by key in {@code source}. */
    static List<String> readsByKey(String file, String source) {
        List<String> found = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            // joined with the next line: a read may break after the dot
            String text = lines[i] + (i + 1 < lines.length ? " " + lines[i + 1].strip() : "");
            Matcher m = READ_BY_KEY.matcher(text);
            if (m.find() && m.start() < lines[i].length()) {
                found.add(file + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
        return found;
    }

    private static List<Path> mainSources() {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !DECLARING_CLASSES.contains(p.getFileName().toString())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void noMainSourceReadsASettingByItsKey() {
        List<String> found = new ArrayList<>();
        for (Path p : mainSources()) {
            found.addAll(readsByKey(SOURCES.relativize(p).toString(), read(p)));
        }
        assertEquals(List.of(), found, "read these through their Setting declarations:\n" + String.join("\n", found));
    }

    @Test
    void theScanFindsTheReadsItForbids() {
        String source = """
                class Fixture {
                    Fixture(NodeConfig c, Settings settings) {
                        long a = (long) c.services().settings().number("socketTimeout", 0);
                        Object b = settings.get(KEY_CONSTANT);
                        int c2 = (int) engine.settings()
                                .number("debugMaxLength", 1000);
                        Object d = settings().all().get("uiHost");
                        int fine = TcpSettings.MAX_CONNECTIONS.read(c.services().settings());
                        settings.set(RuntimeSettings.VERBOSE, true);
                    }
                }
                """;
        assertEquals(List.of("F:3: long a = (long) c.services().settings().number(\"socketTimeout\", 0);",
                "F:4: Object b = settings.get(KEY_CONSTANT);",
                "F:5: int c2 = (int) engine.settings()",
                "F:7: Object d = settings().all().get(\"uiHost\");"), readsByKey("F", source));
    }

    @Test
    void everyDeclarationIsListedByTheRuntimeOrAFamily() {
        Set<String> listed = new TreeSet<>();
        RuntimeSettings.ALL.forEach(s -> listed.add(s.key()));
        for (NodeFamily f : ServiceLoader.load(NodeFamily.class)) {
            f.settings().stream().map(Setting::key).forEach(listed::add);
        }
        Set<String> declared = new TreeSet<>();
        for (Path p : mainSources()) {
            Matcher m = DECLARATION.matcher(read(p));
            while (m.find()) {
                declared.add(m.group(1));
            }
        }
        declared.removeAll(listed);
        assertEquals(Set.of(), declared, "declared but listed by no family (a settings file holding them is warned "
                + "about): add them to the family's declares(...) or RuntimeSettings.ALL");
    }
}
