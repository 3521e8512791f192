package io.redwire.nodes.http;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

/** Express's default error page, as Node-RED's http in answers a request it refuses. */
final class ErrorPage {
    private ErrorPage() {
    }

    static Future<Void> send(RoutingContext ctx, int status, String text) {
        String body = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n"
                + "</head>\n<body>\n<pre>" + escape(text) + "</pre>\n</body>\n</html>\n";
        return ctx.response().setStatusCode(status).putHeader("content-type", "text/html; charset=utf-8")
                .putHeader("x-content-type-options", "nosniff").end(body);
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
