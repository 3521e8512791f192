package io.redwire.admin;

import io.redwire.flow.FlowFileReader;
import io.redwire.runtime.Engine;
import io.redwire.runtime.FlowException;
import io.redwire.runtime.InjectTarget;
import io.redwire.runtime.Json;
import io.redwire.runtime.Node;
import io.redwire.runtime.NodeType;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Node-RED's admin HTTP API (the subset the runtime core needs): flows, inject, node types, settings. */
public final class AdminApi {
    private final Engine engine;

    public AdminApi(Engine engine) {
        this.engine = engine;
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create().setBodyLimit(5 * 1024 * 1024).setHandleFileUploads(false);
        router.get("/flows").handler(this::getFlows);
        router.post("/flows").handler(body).handler(this::postFlows);
        router.get("/flows/state").handler(ctx -> json(ctx, 200, Map.of("state", engine.state())));
        router.post("/inject/:id").handler(body).handler(this::inject);
        router.get("/nodes").handler(this::nodes);
        router.get("/settings").handler(ctx -> json(ctx, 200, settings()));
    }

    private void getFlows(RoutingContext ctx) {
        if (isV2(ctx)) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("flows", engine.flows());
            json(ctx, 200, out);
        } else {
            json(ctx, 200, engine.flows());
        }
    }

    private void postFlows(RoutingContext ctx) {
        List<Map<String, Object>> flows;
        try {
            flows = FlowFileReader.validateShape(Json.parse(ctx.body().buffer().getBytes()), "request body");
        } catch (Exception e) {
            error(ctx, 400, "invalid_request", e.getMessage());
            return;
        }
        engine.deploy(flows).onComplete(r -> {
            if (r.failed()) {
                error(ctx, 400, "deploy_failed", r.cause().getMessage());
            } else if (isV2(ctx)) {
                json(ctx, 200, Map.of("rev", ""));
            } else {
                ctx.response().setStatusCode(204).end();
            }
        });
    }

    @SuppressWarnings("unchecked")
    private void inject(RoutingContext ctx) {
        Node n = engine.node(ctx.pathParam("id"));
        if (!(n instanceof InjectTarget target)) {
            ctx.response().setStatusCode(404).end();
            return;
        }
        Map<String, Object> body = Map.of();
        try {
            if (ctx.body() != null && ctx.body().length() > 0 && Json.parse(ctx.body().buffer().getBytes())
                    instanceof Map<?, ?> m) {
                body = (Map<String, Object>) m;
            }
        } catch (Exception ignored) {
            // a plain trigger
        }
        try {
            target.inject(body);
            ctx.response().setStatusCode(200).end("OK");
        } catch (FlowException | IllegalStateException e) {
            error(ctx, 500, "inject_failed", e.getMessage());
        }
    }

    private void nodes(RoutingContext ctx) {
        List<Map<String, Object>> types = engine.registry().all().stream()
                .filter(t -> !t.family().equals("internal"))
                .map(NodeType::describe).toList();
        json(ctx, 200, types);
    }

    private Map<String, Object> settings() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("httpNodeRoot", "/");
        s.put("version", "5.0.7");
        s.put("context", Map.of("default", "memory", "stores", List.of("memory")));
        s.put("functionTimeout", engine.settings().functionTimeout());
        return s;
    }

    private static boolean isV2(RoutingContext ctx) {
        return "v2".equals(ctx.request().getHeader("Node-RED-API-Version"));
    }

    static void json(RoutingContext ctx, int status, Object body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8")
                .end(Json.stringify(body));
    }

    static void error(RoutingContext ctx, int status, String code, String message) {
        json(ctx, status, Map.of("code", code, "message", message == null ? "" : message));
    }
}
