package io.redwire;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package layering README's architecture table describes: node families build on the SPI and the shared message
 * helpers only, the SPI knows no runtime, and no package cycle exists.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redwire");
    }

    @Test
    void familiesUseOnlyTheSpiAndSharedHelpers() {
        noClasses().that().resideInAPackage("io.redwire.nodes..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.redwire.runtime..", "io.redwire.admin..", "io.redwire.cli..", "io.redwire.flow..",
                        "io.redwire.embed..")
                .because("a node family is written against io.redwire.spi (plus io.redwire.msg / io.redwire.js), "
                        + "so it can ship as a plugin jar")
                .check(classes);
    }

    @Test
    void familiesDoNotUseEachOther() {
        slices().matching("io.redwire.nodes.(*)..").should().notDependOnEachOther()
                .because("each family registers on its own and may be left out").check(classes);
    }

    @Test
    void spiAndHelpersKnowNoRuntime() {
        noClasses().that().resideInAnyPackage("io.redwire.spi..", "io.redwire.msg..", "io.redwire.js..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redwire.runtime..", "io.redwire.flow..",
                        "io.redwire.admin..", "io.redwire.cli..", "io.redwire.nodes..")
                .check(classes);
        noClasses().that().resideInAnyPackage("io.redwire.msg..", "io.redwire.js..")
                .should().dependOnClassesThat().resideInAPackage("io.redwire.spi..").check(classes);
        noClasses().that().resideInAPackage("io.redwire.js..")
                .should().dependOnClassesThat().resideInAPackage("io.redwire.msg..").check(classes);
    }

    @Test
    void runtimeKnowsNoFamilyAdminOrCli() {
        noClasses().that().resideInAnyPackage("io.redwire.runtime..", "io.redwire.flow..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redwire.nodes..", "io.redwire.admin..",
                        "io.redwire.cli..", "io.redwire.embed..")
                .check(classes);
        noClasses().that().resideInAPackage("io.redwire.admin..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redwire.nodes..", "io.redwire.cli..",
                        "io.redwire.embed..")
                .check(classes);
    }

    @Test
    void embeddingApiIsTheTopBelowTheCommandLine() {
        noClasses().that().resideOutsideOfPackages("io.redwire.embed..", "io.redwire.cli..")
                .should().dependOnClassesThat().resideInAPackage("io.redwire.embed..")
                .because("io.redwire.embed assembles the whole engine; only the command line builds on it")
                .check(classes);
        noClasses().that().resideInAPackage("io.redwire.embed..")
                .should().dependOnClassesThat().resideInAPackage("io.redwire.cli..")
                .because("an embedding application needs nothing from the command line")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("io.redwire.(**)").should().beFreeOfCycles().check(classes);
    }
}
