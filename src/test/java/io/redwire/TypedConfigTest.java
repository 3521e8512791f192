package io.redwire;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import io.redwire.spi.NodeConfig;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static com.tngtech.archunit.lang.conditions.ArchConditions.callMethodWhere;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Issue #9's typed config: a node reads its configuration only through the {@code Field} constants its type
 * declares ({@code c.str(URL)}), never by a field name in a String and never from the raw flow JSON, so the
 * declaration that validates the flow and builds the editor's form is the one the node runs with.
 */
class TypedConfigTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redwire.nodes");
    }

    /** A NodeConfig call that names a field by String (or reads the raw JSON); typed(value, type, Field) compiles
     * a row's value and names its field by the Field. */
    static final DescribedPredicate<JavaMethodCall> BY_NAME = new DescribedPredicate<>(
            "a NodeConfig read that names its field by String or bypasses the declaration") {
        @Override
        public boolean test(JavaMethodCall call) {
            if (!call.getTargetOwner().isEquivalentTo(NodeConfig.class)) {
                return false;
            }
            List<String> params = call.getTarget().getParameterTypes().stream().map(t -> t.getName()).toList();
            boolean byName = !params.isEmpty() && params.get(0).equals(String.class.getName())
                    && !call.getName().equals("typed");
            return byName || call.getName().equals("raw");
        }
    };

    @Test
    void everyFamilyReadsConfigOnlyThroughItsFieldConstants() {
        noClasses().that().resideInAPackage("io.redwire.nodes..").should(callMethodWhere(BY_NAME))
                .because("a node reads its config through the Field its NodeType declares (issue #9)")
                .check(classes);
    }

    @Test
    void theRuleCatchesAFieldNamedByString() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ByNameReader.class);
        AssertionError e = assertThrows(AssertionError.class, () -> noClasses().should(callMethodWhere(BY_NAME))
                .check(fixture));
        assertTrue(e.getMessage().contains("ByNameReader"), e.getMessage());
    }

    /** What the rule is there to refuse. */
    static final class ByNameReader {
        static RuntimeException read(NodeConfig c) {
            return c.error("url", "is bad");
        }
    }
}
