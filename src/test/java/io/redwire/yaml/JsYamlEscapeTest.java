package io.redwire.yaml;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.msg.NodeError;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A text that ends inside a hexadecimal escape is refused with js-yaml 4's words (texts recorded from js-yaml). */
class JsYamlEscapeTest {
    private static String refusal(String yaml) {
        return assertThrows(NodeError.class, () -> JsYaml.load(yaml, RuntimeSettings.YAML_MAX_ALIAS_EXPANSION.read(Settings.defaults()))).getMessage();
    }

    @Test
    void aTextEndingRightAfterAUnicodeEscapesUIsJsYamlsError() {
        assertEquals("expected hexadecimal character (1:8)\n\n 1 | e: \"q\\u\n------------^", refusal("e: \"q\\u"));
    }
}
