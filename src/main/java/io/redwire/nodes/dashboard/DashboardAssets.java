package io.redwire.nodes.dashboard;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The dashboard's web client: its own page, script and styles (resources beside this class, web/), the two
 * libraries it runs on, Vue 3 (the build with the runtime template compiler) and Chart.js, and the Material Design
 * Icons font whose names (mdi-*) Dashboard 2.0's flows use, from their webjars (pom.xml pins the versions named
 * here). Read through vert.x's file system, which resolves class-path resources without blocking the loop.
 */
final class DashboardAssets {
    static final String VUE = "META-INF/resources/webjars/vue/3.5.13/dist/vue.global.prod.js";
    static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final String MDI = "META-INF/resources/webjars/mdi__font/7.4.47/";
    /** The icon font's file, served beside its stylesheet (which names it ../fonts/, rewritten as it is sent). */
    private static final String MDI_FONT = "materialdesignicons-webfont.woff2";
    private static final String OWN = "io/redwire/nodes/dashboard/web/";
    /**
     * The widget modules, one per node type (web/widgets/TYPE.js), and the helper modules of one (TYPE-*.js, before
     * it), loaded after core.js and ng.js (Dashboard 1's {{…}} texts) and before app.js.
     */
    static final List<String> WIDGETS = List.of("ui-button", "ui-button-group", "ui-text", "ui-text-input",
            "ui-number-input", "ui-slider", "ui-switch", "ui-dropdown", "ui-radio-group", "ui-form", "ui-table",
            "ui-chart-time", "ui-chart-histogram", "ui-chart-options", "ui-chart", "ui-gauge", "ui-markdown", "ui-notification", "ui-file-input", "ui-audio", "ui-progress",
            "ui-spacer", "ui-event", "ui-control", "ui-template-socket", "ui-template", "ui_template");
    private static final Map<String, String> FILES = files();
    private static final String SCRIPTS = Stream.concat(Stream.of("core.js", "ng.js"),
                    Stream.concat(WIDGETS.stream().map(w -> "w-" + w + ".js"), Stream.of("app.js")))
            .map(f -> "<script src=\"{{base}}_rw/" + f + "\"></script>").collect(Collectors.joining("\n"));

    private static Map<String, String> files() {
        Map<String, String> files = new HashMap<>(Map.of("core.js", OWN + "core.js", "ng.js", OWN + "ng.js",
                "app.js", OWN + "app.js", "app.css", OWN + "app.css", "vue.js", VUE, "chart.js", CHART_JS,
                "icons.css", MDI + "css/materialdesignicons.min.css", MDI_FONT, MDI + "fonts/" + MDI_FONT));
        WIDGETS.forEach(w -> files.put("w-" + w + ".js", OWN + "widgets/" + w + ".js"));
        return Map.copyOf(files);
    }

    private final Vertx vertx;
    private final String basePath;
    private final String title;
    private Buffer page;

    DashboardAssets(Vertx vertx, String basePath, String title) {
        this.vertx = vertx;
        this.basePath = basePath.endsWith("/") ? basePath : basePath + "/";
        this.title = title;
    }

    /** index.html with the base path filled in, so every page path loads the same client. */
    void page(RoutingContext ctx) {
        if (page != null) {
            send(ctx, page, "text/html; charset=utf-8");
            return;
        }
        vertx.fileSystem().readFile(OWN + "index.html").onSuccess(b -> {
            page = Buffer.buffer(b.toString().replace("{{scripts}}", SCRIPTS).replace("{{base}}", basePath).replace("{{title}}", escape(title)));
            send(ctx, page, "text/html; charset=utf-8");
        }).onFailure(e -> ctx.response().setStatusCode(500).end("dashboard page missing: " + e.getMessage()));
    }

    void asset(RoutingContext ctx, String name) {
        String file = FILES.get(name);
        if (file == null) {
            ctx.response().setStatusCode(404).end();
            return;
        }
        String type = name.endsWith(".css") ? "text/css; charset=utf-8" : name.endsWith(".woff2") ? "font/woff2"
                : "text/javascript; charset=utf-8";
        vertx.fileSystem().readFile(file).onSuccess(b -> send(ctx, "icons.css".equals(name)
                        ? Buffer.buffer(b.toString().replace("../fonts/", "")) : b, type))
                .onFailure(e -> ctx.response().setStatusCode(404).end());
    }

    private static void send(RoutingContext ctx, Buffer body, String type) {
        ctx.response().putHeader("content-type", type).putHeader("cache-control", "no-cache").end(body);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
