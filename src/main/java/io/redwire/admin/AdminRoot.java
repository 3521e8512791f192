package io.redwire.admin;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;

/**
 * Node-RED's {@code httpAdminRoot}: the path the admin API and editor are served under ("/" by default), or
 * {@code false} for no admin API and editor at all. A root of "/admin" is entered at "/admin/", so the editor's
 * relative URLs resolve below it (Node-RED redirects the bare path the same way).
 */
public final class AdminRoot {
    private AdminRoot() {
    }

    /** Mounts what {@code admin} adds to a router at the settings' admin root of {@code router} (or nowhere). */
    public static void mount(Router router, Vertx vertx, Settings settings, Admin admin) {
        Object setting = RuntimeSettings.HTTP_ADMIN_ROOT.read(settings);
        if (Boolean.FALSE.equals(setting)) {
            return;
        }
        String root = setting instanceof String s ? s.replaceAll("/+$", "") : "";
        if (root.isEmpty()) {
            admin.mount(router);
            return;
        }
        String path = root.startsWith("/") ? root : "/" + root;
        router.getWithRegex(java.util.regex.Pattern.quote(path)).handler(ctx ->
                ctx.response().setStatusCode(301).putHeader("location", path + "/").end());
        Router below = Router.router(vertx);
        admin.mount(below);
        router.route(path + "/*").subRouter(below);
    }
}
