package io.redwire.admin;

import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.JsonataExpression;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Redwire's route behind the editor's JSONata expression editor, whose test panel Node-RED's editor fills by running
 * the expression in the browser: {@code POST /redwire/jsonata {"expression", "msg"}} evaluates the expression with the
 * runtime's own JSONata engine (so the editor shows what a deployed node would get) against the example message,
 * without context or env. Answers {@code {"result": ...}} ({@code {"undefined": true}} for no result), or 400
 * {@code {"code":"invalid_expression","message"}} for one that does not parse or fails on that message. Evaluates on a
 * worker thread: an expression may run up to its time limit.
 */
final class JsonataTestApi {
    private static final int MAX_BODY = 1024 * 1024;

    private final Vertx vertx;

    JsonataTestApi(Vertx vertx) {
        this.vertx = vertx;
    }

    void mount(Router router, AdminAuth auth) {
        router.post("/redwire/jsonata")
                .handler(BodyHandler.create().setBodyLimit(MAX_BODY).setHandleFileUploads(false))
                .handler(auth.require("flows.read")).handler(CrossSiteGuard::sameOrigin).handler(this::evaluate);
    }

    private void evaluate(RoutingContext ctx) {
        Map<?, ?> request;
        try {
            request = Json.parse(String.valueOf(ctx.body().asString())) instanceof Map<?, ?> m ? m : null;
        } catch (Exception e) {
            request = null;
        }
        if (request == null || !(request.get("expression") instanceof String expression)) {
            Replies.error(ctx, 400, "invalid_request", "the body must be {\"expression\": text, \"msg\": object}");
            return;
        }
        Object msg = request.containsKey("msg") ? request.get("msg") : Map.of();
        vertx.executeBlocking(() -> JsonataExpression.compile(expression).evaluate(msg, null, Map.of()), false)
                .onComplete(r -> {
                    if (r.failed()) {
                        Replies.error(ctx, 400, "invalid_expression", String.valueOf(r.cause().getMessage()));
                        return;
                    }
                    Map<String, Object> body = new LinkedHashMap<>();
                    if (r.result() == Undefined.VALUE) {
                        body.put("undefined", true);
                    } else {
                        body.put("result", r.result());
                    }
                    Replies.json(ctx, 200, body);
                });
    }
}
