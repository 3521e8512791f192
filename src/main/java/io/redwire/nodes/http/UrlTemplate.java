package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;

import java.util.Map;

/**
 * A node URL with {{mustache}} tags rendered against the msg like mustache.js: missing values are empty, values
 * print as JavaScript's String(), and {{x}} is HTML-escaped with mustache.js's table ({{{x}}} is not).
 */
final class UrlTemplate {
    private static final Mustache.Compiler COMPILER = Mustache.compiler()
            .defaultValue("")
            .withFormatter(JsValues::toJsString)
            .withEscaper(Escapers.simple(new String[][]{
                    {"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"},
                    {"/", "&#x2F;"}, {"`", "&#x60;"}, {"=", "&#x3D;"}}));

    private final Template template;
    private final String parseError;

    private UrlTemplate(Template template, String parseError) {
        this.template = template;
        this.parseError = parseError;
    }

    /**
     * A compiled template, or null when the URL has no tags. A malformed template fails each message (as
     * mustache.js does at render time) rather than the deploy.
     */
    static UrlTemplate compileIfTemplated(String url) {
        if (!url.contains("{{")) {
            return null;
        }
        try {
            return new UrlTemplate(COMPILER.compile(url), null);
        } catch (MustacheException e) {
            return new UrlTemplate(null, "Error: " + e.getMessage());
        }
    }

    String render(Map<String, Object> msg) {
        if (template == null) {
            throw new NodeError(parseError);
        }
        return template.execute(msg);
    }
}
