package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import io.vertx.core.Future;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * node-red-dashboard's ui_template. Its templates are AngularJS, which Dashboard 2.0 (and Redwire's page) does not
 * run: one that uses AngularJS (ng- attributes, scope, $scope, filters) is reported when it starts, by a warning
 * naming the node and what it uses and by a red status, and its place on the page says so; so is one added to the
 * page's head (scope global). A plain-HTML one in a group runs as ui-template, whose Vue template reads
 * {{msg.payload}} as Dashboard 1's did. Like Dashboard 1's, a msg in is kept and passed on.
 */
final class Dashboard1Template extends WidgetNode {
    static final Field D1_GROUP = Field.config("group", "ui_group");
    static final Field FORMAT = Field.code("format", "html", "<div ng-bind-html=\"msg.payload\"></div>");
    static final Field STORE_OUT = Field.bool("storeOutMessages", true);
    static final Field FORWARD_IN = Field.bool("fwdInMessages", true);
    static final Field RESEND = Field.bool("resendOnRefresh", true);
    static final Field SCOPE = Field.select("templateScope", "local", "local", "global");
    private static final Pattern ANGULAR = Pattern.compile(
            "\\b(ng-[a-z]+(?:-[a-z]+)*)\\s*=|(\\$scope|\\bscope\\s*\\.\\s*\\$?[a-zA-Z]+|\\bangular\\s*\\.)"
                    + "|\\{\\{[^}|]*\\|\\s*([a-zA-Z]+)");

    static final NodeType TYPE = widgetType("ui_template", 1, "fa-code", "template",
                    "Dashboard 1's template: plain HTML runs as ui-template; AngularJS is reported, not run.")
            .label(NodeType.Label.firstOf("name").or("template"))
            .fields(D1_GROUP, NAME, ORDER, WIDTH, HEIGHT, FORMAT, STORE_OUT, FORWARD_IN,
                    RESEND, SCOPE, CLASS_NAME)
            .factory(Dashboard1Template::create);

    /** The same fields, the group read as the widgets' own. */
    private static final class Running {
        static final NodeType TYPE = widgetType("ui_template", 1, "fa-code", "template", "")
                .label(NodeType.Label.firstOf("name").or("template"))
                .fields(GROUP, NAME, ORDER, WIDTH, HEIGHT, FORMAT, STORE_OUT, FORWARD_IN, RESEND, SCOPE, CLASS_NAME)
                .factory(Dashboard1Template::new);
    }

    private final List<String> angular;
    private final boolean forward;
    private final boolean inGroup;

    Dashboard1Template(NodeConfig c) {
        super(c, List.of());
        this.angular = angularIn(c.str(FORMAT));
        this.forward = c.bool(FORWARD_IN);
        this.inGroup = !c.str(GROUP).isEmpty() && "local".equals(c.str(SCOPE));
        described().put("angular", angular);
    }

    private static Node create(NodeConfig c) {
        boolean local = !c.str(D1_GROUP).isEmpty() && "local".equals(c.str(SCOPE));
        if (local && angularIn(c.str(FORMAT)).isEmpty()) {
            return new TemplateWidget(c.rewrittenAs(TemplateWidget.TYPE, raw -> raw.put("passthru",
                    raw.getOrDefault("fwdInMessages", true))));
        }
        return new Dashboard1Template(c.rewrittenAs(Running.TYPE, raw -> { }));
    }

    /** The AngularJS constructs {@code template} uses, each once, in order. */
    static List<String> angularIn(String template) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = ANGULAR.matcher(template);
        while (m.find()) {
            found.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2).replaceAll("\\s", "")
                    : "| " + m.group(3));
        }
        return List.copyOf(found);
    }

    @Override
    public Future<Void> start() {
        String named = "ui_template " + (name() == null ? id() : "'" + name() + "' (" + id() + ")");
        if (!inGroup) {
            warn(named + " adds to the page's head (scope global), which Redwire's dashboard does not do");
        }
        if (!angular.isEmpty()) {
            warn(named + " uses AngularJS (" + String.join(", ", angular) + "), which Dashboard 2.0 does not run:"
                    + " it is not shown; rewrite it as a ui-template (Vue)");
            // once the deploy has started every node, so status nodes watching this one see it
            vertx().runOnContext(v -> status(Map.of("fill", "red", "shape", "ring", "text", "AngularJS: not shown")));
        }
        return inGroup ? super.start() : Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        return inGroup ? super.close() : Future.succeededFuture();
    }

    @Override
    protected void input(Map<String, Object> msg) {
        keep(msg);
        if (forward) {
            send(msg);
        }
    }
}
