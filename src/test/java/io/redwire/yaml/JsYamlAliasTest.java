package io.redwire.yaml;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.msg.NodeError;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Aliases are copies of their anchor's value, counted against yamlMaxAliasExpansion (issue 21). */
class JsYamlAliasTest {
    private static final String TWO_ALIASES = "a: &x [1, 2]\nb: *x\nc: *x\n";

    @Test
    void eachAliasCopiesItsAnchorAndTheCopiedValuesAreCounted() {
        Map<?, ?> v = (Map<?, ?>) JsYaml.load(TWO_ALIASES, 6); // two copies of a list of two: 2 × 3 values
        assertEquals(List.of(1, 2), v.get("c"));
        assertNotSame(v.get("a"), v.get("b"));
        NodeError e = assertThrows(NodeError.class, () -> JsYaml.load(TWO_ALIASES, 5));
        assertEquals("Error: YAML aliases expand to more than 5 values (setting yamlMaxAliasExpansion)",
                e.getMessage());
    }

    @Test
    void anAliasInsideItsOwnAnchorIsACycleAsInJsYaml() {
        Map<?, ?> v = (Map<?, ?>) JsYaml.load("a: &a [1, *a]\n", RuntimeSettings.YAML_MAX_ALIAS_EXPANSION.read(Settings.defaults()));
        List<?> a = (List<?>) v.get("a");
        assertSame(a, a.get(1));
    }
}
