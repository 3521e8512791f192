package io.redwire.admin;

import io.redwire.deploy.DeployException;
import io.redwire.msg.Json;

import io.vertx.ext.web.RoutingContext;

import java.util.LinkedHashMap;
import java.util.Map;

/** JSON answers of the admin API; failures are Node-RED's {@code {code, message}} bodies. */
final class Replies {
    private Replies() {
    }

    static void json(RoutingContext ctx, int status, Object body) {
        jsonText(ctx, status, Json.stringify(body));
    }

    static void jsonText(RoutingContext ctx, int status, String body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8")
                .end(body);
    }

    static void error(RoutingContext ctx, int status, String code, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message == null ? "" : message);
        json(ctx, status, body);
    }

    static void error(RoutingContext ctx, DeployException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", e.code());
        body.put("message", e.getMessage());
        if (!e.details().isEmpty()) {
            body.put("errors", e.details());
        }
        json(ctx, e.status(), body);
    }

    static void status(RoutingContext ctx, int status) {
        ctx.response().setStatusCode(status).end();
    }
}
