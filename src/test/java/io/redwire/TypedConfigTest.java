package io.redwire;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue #9's typed config: a node reads its configuration only through the {@code Field} constants its type
 * declares ({@code c.str(URL)}), never by a field name in a String and never from the raw flow JSON, so the
 * declaration that validates the flow and builds the editor's form is the one the node runs with. Every family,
 * and every plugin, reads through {@link NodeConfig}; it offers no other way, which this test keeps true.
 */
class TypedConfigTest {
    /** NodeConfig's public methods that take arguments but no Field: a by-name read, or a way around the
     * declaration. The runtime's own reads (id, name, z, group, alias) take none. */
    static List<String> byNameReads(Class<?> config) {
        return Arrays.stream(config.getMethods())
                .filter(m -> m.getDeclaringClass() == config && !Modifier.isStatic(m.getModifiers()))
                .filter(m -> m.getParameterCount() > 0 && !Arrays.asList(m.getParameterTypes()).contains(Field.class))
                .map(Method::toString).sorted().toList();
    }

    @Test
    void nodeConfigReadsOnlyThroughDeclaredFields() {
        // the one exception: a Dashboard 1 node translated into its Dashboard 2.0 counterpart's properties (as the
        // dashboard's migration maps them); the node then reads the translation through the other type's fields
        assertEquals(List.of("public io.redwire.api.NodeConfig io.redwire.api.NodeConfig.rewrittenAs("
                        + "io.redwire.api.NodeType,java.util.function.Consumer)"),
                byNameReads(NodeConfig.class), "NodeConfig methods that bypass the declaration");
        assertEquals(List.of(), Arrays.stream(NodeConfig.class.getMethods()).map(Method::getName)
                .filter(n -> n.equals("raw")).toList(), "the raw flow JSON is not handed to nodes");
    }

    @Test
    void theCheckCatchesAReadByName() {
        assertEquals(List.of("public java.lang.String io.redwire.TypedConfigTest$ByNameConfig.str(java.lang.String)"),
                byNameReads(ByNameConfig.class));
    }

    /** What the check is there to refuse: the accessors NodeConfig had before every family was converted. */
    static final class ByNameConfig {
        public String str(Field field) {
            return field.name();
        }

        public String str(String field) {
            return field;
        }

        public String id() {
            return "";
        }
    }
}
