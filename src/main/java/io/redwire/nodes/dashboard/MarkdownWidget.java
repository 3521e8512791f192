package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

import java.util.List;

/**
 * ui-markdown, as Dashboard 2.0's: its content is Markdown turned into HTML (once, here, by commonmark) that the
 * page then runs as a Vue template with the last msg in scope, so {@code {{ msg.payload }}} shows the value; msgs
 * in are sent on.
 */
final class MarkdownWidget extends WidgetNode {
    static final Field CONTENT = Field.code("content", "markdown", "# Markdown Content\n\nGoes here...");
    private static final Parser PARSER = Parser.builder().build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder().build();

    static final NodeType TYPE = widgetType("ui-markdown", 1, "fa-file-text-o", "markdown",
                    "Markdown text on the dashboard; {{ msg.payload }} in it shows the last msg's payload.")
            .label(NodeType.Label.firstOf("name").or("markdown"))
            .fields(GROUP, NAME, ORDER, WIDTH, HEIGHT, CONTENT, CLASS_NAME)
            .factory(MarkdownWidget::new);

    MarkdownWidget(NodeConfig c) {
        super(c, List.of());
        // "||" is JavaScript's or inside {{ }}: keep it out of the Markdown table syntax, as Dashboard 2.0 does
        String html = HTML.render(PARSER.parse(c.str(CONTENT).replace("||", "mdORmd"))).replace("mdORmd", "||");
        described().put("html", html);
    }
}
