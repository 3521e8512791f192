package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;

/**
 * ui-template, as Dashboard 2.0's: {@code format} is a Vue component the page compiles with Vue's runtime template
 * compiler (a {@code <template>}, a {@code <script>} whose {@code export default} adds data, methods and hooks, and
 * a {@code <style>}; plain HTML is a template alone), given {@code msg} (the last msg in), {@code send(msg)}, the
 * widget's {@code props} and a {@code $socket} (see web/widgets/ui-template.js). Its
 * scope puts it in a group ("local"), on one page ("widget:page"), on every page ("widget:ui"), or adds CSS to a page
 * or to the whole dashboard ("page:style", "site:style"). A msg in is kept and, with "pass through", sent on.
 */
final class TemplateWidget extends WidgetNode {
    static final Field TEMPLATE_GROUP = Field.config("group", "ui-group")
            .requiredWhen("a widget in a group needs the group", "templateScope", "local");
    static final Field PAGE = Field.config("page", "ui-page")
            .requiredWhen("a page widget or style needs its page", "templateScope", "widget:page", "templateScope",
                    "page:style");
    static final Field TEMPLATE_UI = Field.config("ui", "ui-base")
            .requiredWhen("a dashboard-wide widget or style needs its dashboard", "templateScope", "widget:ui",
                    "templateScope", "site:style");
    static final Field HEAD = Field.str("head", "");
    static final Field FORMAT = Field.code("format", "html", "<template>\n    <div>{{ msg?.payload }}</div>\n</template>");
    static final Field STORE_OUT_MESSAGES = Field.bool("storeOutMessages", true);
    static final Field PASSTHRU = Field.bool("passthru", true);
    static final Field RESEND_ON_REFRESH = Field.bool("resendOnRefresh", true);
    static final Field TEMPLATE_SCOPE = Field.select("templateScope", "local", "local", "widget:page", "widget:ui",
            "page:style", "site:style");

    static final NodeType TYPE = widgetType("ui-template", 1, "fa-code", "template",
                    "Your own Vue component on the dashboard, given msg and send(msg); or CSS for a page or the site.")
            .label(NodeType.Label.firstOf("name").or("template"))
            .fields(TEMPLATE_GROUP, PAGE, TEMPLATE_UI, NAME, ORDER, WIDTH, HEIGHT, HEAD, FORMAT, STORE_OUT_MESSAGES,
                    PASSTHRU, RESEND_ON_REFRESH, TEMPLATE_SCOPE, CLASS_NAME)
            .factory(TemplateWidget::new);

    private final boolean storeOut;
    private final boolean resend;

    TemplateWidget(NodeConfig c) {
        super(c, List.of("format"));
        this.storeOut = c.bool(STORE_OUT_MESSAGES);
        this.resend = c.bool(RESEND_ON_REFRESH);
    }

    @Override
    protected boolean takesActions() {
        return true;
    }

    @Override
    protected boolean keepsSentMsgs() {
        return storeOut;
    }

    @Override
    protected Object replayed() {
        return resend ? super.replayed() : null;
    }
}
