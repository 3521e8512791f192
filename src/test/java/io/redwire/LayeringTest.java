package io.redwire;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.redwire.testing.JarBuilder;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The package layering README's architecture table describes: node families build on the node-author API, the
 * runtime's contracts and the shared helpers only, and never on each other; the API knows no runtime; the web
 * server knows no admin API; no package cycle exists. Each rule is checked twice: on the bytecode (ArchUnit) and on
 * the sources' imports and qualified names ({@link SourceImports}), since a {@code static final} constant read from
 * another package leaves no trace in the class file.
 */
class LayeringTest {
    private static final Path MAIN_SOURCES = Path.of("src/main/java");
    /** A family reading another family's constants (compiled here; never part of the build). */
    private static final Path FIXTURE = Path.of("src/test/resources/layering-fixture");

    /** Classes in {@code origins} use nothing in {@code forbidden} (ArchUnit package patterns). */
    private record Rule(String name, List<String> origins, List<String> forbidden, String because) {
        boolean breaks(SourceImports.Arrow a) {
            return matchesAny(origins, a.fromPackage()) && matchesAny(forbidden, a.toPackage());
        }
    }

    /** The top-level packages under io.redwire, as ArchUnit patterns. */
    private static final List<String> TOP_LEVEL = List.of("api", "spi", "net", "msg", "js", "yaml", "flow",
            "runtime", "deploy", "web", "admin", "cluster", "embed", "cli", "ops", "logging", "context",
            "credentials", "storage", "nodes");

    private static final List<Rule> RULES = List.of(
            new Rule("families use only the API and the shared helpers", List.of("io.redwire.nodes.."),
                    allBut("api", "spi", "net", "msg", "js", "yaml", "storage", "nodes"),
                    "a node family is written against io.redwire.api and io.redwire.spi (plus the shared msg, js, "
                            + "yaml, net and storage helpers), so it can ship as a plugin jar"),
            new Rule("the API and the runtime's contracts know no runtime",
                    List.of("io.redwire.api..", "io.redwire.spi.."), allBut("api", "spi", "msg", "js"),
                    "a node author needs nothing else"),
            new Rule("net builds on the API alone", List.of("io.redwire.net.."),
                    allBut("api", "spi", "net", "msg", "js"), "families and the web server share it"),
            new Rule("msg builds on js alone", List.of("io.redwire.msg.."), allBut("msg", "js"),
                    "message helpers are below the API"),
            new Rule("js builds on nothing", List.of("io.redwire.js.."), allBut("js"),
                    "JavaScript value rules are the bottom layer"),
            new Rule("the runtime knows no family, deploy service, web server, admin API or cluster",
                    List.of("io.redwire.runtime..", "io.redwire.flow.."),
                    packages("nodes", "deploy", "web", "admin", "cluster", "embed", "cli"),
                    "those are built on the runtime"),
            new Rule("the deploy service knows no family, web server, admin API or cluster",
                    List.of("io.redwire.deploy.."),
                    packages("nodes", "web", "admin", "cluster", "embed", "cli"),
                    "the admin API and the cluster both deploy through it"),
            new Rule("the web server knows no family, admin API or deploy service", List.of("io.redwire.web.."),
                    packages("nodes", "deploy", "admin", "cluster", "embed", "cli"),
                    "the admin API is mounted on it, as the http in routes are"),
            new Rule("the admin API knows no family or cluster", List.of("io.redwire.admin.."),
                    packages("nodes", "cluster", "embed", "cli"), "the server assembles them"),
            new Rule("the cluster knows no family, web server or admin API", List.of("io.redwire.cluster.."),
                    packages("nodes", "web", "admin", "embed", "cli"), "it spreads deploys and context"),
            new Rule("only the command line builds on embed", allBut("embed", "cli"), packages("embed"),
                    "io.redwire.embed assembles the whole engine"),
            new Rule("embed needs nothing from the command line", List.of("io.redwire.embed.."), packages("cli"),
                    "an embedding application has no command line"));

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redwire");
    }

    @Test
    void everyRuleHoldsOnTheBytecode() {
        for (Rule r : RULES) {
            noClasses().that().resideInAnyPackage(r.origins().toArray(String[]::new))
                    .should().dependOnClassesThat().resideInAnyPackage(r.forbidden().toArray(String[]::new))
                    .as(r.name()).because(r.because()).check(classes);
        }
    }

    @Test
    void everyRuleHoldsOnTheSources() {
        assertNoBrokenRule(MAIN_SOURCES);
    }

    @Test
    void familiesDoNotUseEachOther() {
        slices().matching("io.redwire.nodes.(*)..").should().notDependOnEachOther()
                .because("each family registers on its own and may be left out").check(classes);
    }

    @Test
    void theRulesAndReadmesTableNameEveryPackage() throws Exception {
        List<String> packages = classes.stream().map(JavaClass::getPackageName)
                .filter(p -> p.startsWith("io.redwire.")).map(p -> p.substring(11)).distinct().sorted().toList();
        List<String> topLevel = packages.stream().map(p -> p.split("\\.")[0]).distinct().sorted().toList();
        assertEquals(TOP_LEVEL.stream().sorted().toList(), topLevel, "LayeringTest's rules place every package");
        String readme = Files.readString(Path.of("README.md"));
        String table = readme.substring(readme.indexOf("## Architecture"));
        table = table.substring(0, table.indexOf("\n\n", table.indexOf("| package")));
        List<String> firstColumn = new ArrayList<>();
        for (String row : table.split("\n")) {
            Matcher names = Pattern.compile("`([a-z.]+)`").matcher(row.split("\\|", 3).length > 2
                    ? row.split("\\|", 3)[1] : "");
            while (names.find()) {
                firstColumn.add(names.group(1));
            }
        }
        List<String> missing = packages.stream().filter(p -> !p.startsWith("nodes.") || p.split("\\.").length == 2)
                .filter(p -> !firstColumn.contains(p)).toList();
        List<String> stale = firstColumn.stream().filter(n -> !packages.contains(n)).toList();
        assertTrue(missing.isEmpty() && stale.isEmpty(), "README's architecture table: missing " + missing
                + ", naming no package " + stale);
    }

    @Test
    void spiHoldsOnlyContracts() {
        classes().that().resideInAPackage("io.redwire.spi").and().areTopLevelClasses().should().beInterfaces()
                .because("io.redwire.spi is what the runtime implements; what a node author uses is io.redwire.api")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        // The contracts name the API's types (a binding delivers to a Node) and Node holds its binding: the two
        // halves refer to each other on purpose; any other cycle through them still fails.
        slices().matching("io.redwire.(**)").should().beFreeOfCycles()
                .ignoreDependency(JavaClass.Predicates.resideInAPackage("io.redwire.spi"),
                        JavaClass.Predicates.resideInAPackage("io.redwire.api"))
                .check(classes);
    }

    /** The hole this test had: ArchUnit passes a family that reads another's constant; the sources show it. */
    @Test
    void aConstantFromAnotherFamilyIsCaughtInTheSources() throws Exception {
        Path jar = JarBuilder.build(FIXTURE, null, Files.createTempDirectory("layering").resolve("fixture.jar"));
        try (JarFile compiled = new JarFile(jar.toFile())) {
            JavaClasses fixture = new ClassFileImporter().importJar(compiled);
            assertTrue(fixture.contain("io.redwire.nodes.beta.BetaNode"), "the fixture compiled");
            assertDoesNotThrow(() -> slices().matching("io.redwire.nodes.(*)..").should().notDependOnEachOther()
                    .check(fixture), "javac inlined the constants, so the bytecode shows no arrow");
        }
        AssertionError e = assertThrows(AssertionError.class, () -> assertNoBrokenRule(FIXTURE));
        assertTrue(e.getMessage().contains("io/redwire/nodes/beta/BetaNode.java: io.redwire.nodes.beta -> "
                + "io.redwire.nodes.alpha.AlphaLimits"), e.getMessage());
        assertTrue(e.getMessage().contains("io/redwire/nodes/beta/BetaQualified.java: io.redwire.nodes.beta -> "
                + "io.redwire.nodes.alpha.AlphaLimits"), e.getMessage());
        assertFalse(e.getMessage().contains("gamma"), "a name in a comment or a string is no arrow");
    }

    private static void assertNoBrokenRule(Path sources) {
        List<String> broken = new ArrayList<>();
        for (SourceImports.Arrow a : SourceImports.under(sources)) {
            for (Rule r : RULES) {
                if (r.breaks(a)) {
                    broken.add(a + "  (" + r.name() + ": " + r.because() + ")");
                }
            }
            Optional<String> from = family(a.fromPackage());
            Optional<String> to = family(a.toPackage());
            if (from.isPresent() && to.isPresent() && !from.equals(to)) {
                broken.add(a + "  (families do not use each other: each registers on its own and may be left out)");
            }
        }
        if (!broken.isEmpty()) {
            fail(broken.size() + " arrows the layering forbids, in the sources:\n" + String.join("\n", broken));
        }
    }

    private static final Pattern FAMILY = Pattern.compile("io\\.redwire\\.nodes\\.(\\w+).*");

    private static Optional<String> family(String pkg) {
        Matcher m = FAMILY.matcher(pkg);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static boolean matchesAny(List<String> patterns, String pkg) {
        return patterns.stream().anyMatch(p -> PackageMatcher.of(p).matches(pkg));
    }

    private static List<String> packages(String... names) {
        return Arrays.stream(names).map(n -> "io.redwire." + n + "..").toList();
    }

    private static List<String> allBut(String... allowed) {
        List<String> keep = List.of(allowed);
        return packages(TOP_LEVEL.stream().filter(p -> !keep.contains(p)).toArray(String[]::new));
    }
}
