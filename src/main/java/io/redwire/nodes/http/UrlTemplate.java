package io.redwire.nodes.http;

import io.redwire.js.Mustache;
import io.redwire.msg.NodeError;

import java.util.Map;

/**
 * A node URL with {{mustache}} tags rendered against the msg as Node-RED's http request does with mustache.js:
 * missing values are empty, values print as JavaScript's String(), and {{x}} is HTML-escaped ({{{x}}} is not).
 */
final class UrlTemplate {
    private final Mustache template;
    private final String parseError;

    private UrlTemplate(Mustache template, String parseError) {
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
            return new UrlTemplate(Mustache.parse(url), null);
        } catch (IllegalArgumentException e) {
            return new UrlTemplate(null, "Error: " + e.getMessage());
        }
    }

    String render(Map<String, Object> msg) {
        if (template == null) {
            throw new NodeError(parseError);
        }
        return template.render(msg, Mustache.Resolver.VIEWS);
    }
}
