package io.redwire.nodes.core;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;
import io.redwire.runtime.JsValues;
import io.redwire.runtime.NodeError;

import java.util.Map;

/**
 * A mustache template rendered the way mustache.js (used by Node-RED's trigger node) renders against a msg:
 * missing or null values are empty, values print as JavaScript's String(x) ("[object Object]", "1,2"), and
 * {{x}} escapes the eight characters mustache.js escapes ({{{x}}} does not).
 */
final class JsMustache {
    private static final Mustache.Compiler COMPILER = Mustache.compiler()
            .defaultValue("")
            .emptyStringIsFalse(true)
            .zeroIsFalse(true)
            .withFormatter(JsValues::toJsString)
            .withEscaper(Escapers.simple(new String[][] {
                {"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"},
                {"/", "&#x2F;"}, {"`", "&#x60;"}, {"=", "&#x3D;"}}));

    private final Template template;

    private JsMustache(Template template) {
        this.template = template;
    }

    /** Compiles now so a malformed template is reported at deploy time. */
    static JsMustache compile(String text) {
        return new JsMustache(COMPILER.compile(text));
    }

    String render(Map<String, Object> view) {
        try {
            return template.execute(view);
        } catch (MustacheException e) {
            throw new NodeError("Error: " + e.getMessage());
        }
    }
}
