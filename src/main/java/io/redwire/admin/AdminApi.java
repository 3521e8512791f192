package io.redwire.admin;

import io.redwire.api.DebugTarget;
import io.redwire.api.InjectTarget;
import io.redwire.api.Node;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.deploy.DeployException;
import io.redwire.deploy.FlowService;
import io.redwire.flow.DeployMode;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.FlowException;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;
import io.redwire.runtime.Version;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Node-RED's admin HTTP API: flows (v1 and v2 with rev), runtime state, inject and debug buttons, node type
 * declarations, settings, login. Every route is guarded by {@link AdminAuth} (open when adminAuth is not set), and
 * those that change state by {@link CrossSiteGuard} (login and logout by its Origin check alone: they take forms).
 */
public final class AdminApi {
    private static final String API_VERSION = "Node-RED-API-Version";
    private static final String DEPLOYMENT_TYPE = "Node-RED-Deployment-Type";

    private final Engine engine;
    private final FlowService flows;
    private final AdminAuth auth;

    public AdminApi(Engine engine, FlowService flows, AdminAuth auth) {
        this.engine = engine;
        this.flows = flows;
        this.auth = auth;
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create().setBodyLimit(5 * 1024 * 1024).setHandleFileUploads(false);
        router.get("/auth/login").handler(ctx -> Replies.json(ctx, 200, auth.loginPrompt()));
        router.post("/auth/token").handler(body).handler(CrossSiteGuard::sameOrigin).handler(this::token);
        router.post("/auth/revoke").handler(body).handler(auth.require("")).handler(CrossSiteGuard::sameOrigin)
                .handler(this::revoke);
        router.get("/flows").handler(auth.require("flows.read")).handler(this::getFlows);
        router.post("/flows").handler(body).handler(auth.require("flows.write")).handler(CrossSiteGuard::jsonBody)
                .handler(this::postFlows);
        router.get("/flows/state").handler(auth.require("flows.read"))
                .handler(ctx -> Replies.json(ctx, 200, Map.of("state", engine.state())));
        if (RuntimeSettings.RUNTIME_STATE_ENABLED.read(engine.settings())) {
            router.post("/flows/state").handler(body).handler(auth.require("flows.write"))
                    .handler(CrossSiteGuard::jsonBody).handler(this::setState);
        }
        router.post("/inject/:id").handler(body).handler(auth.require("inject.write"))
                .handler(CrossSiteGuard::jsonBody).handler(this::inject);
        router.post("/debug/:state").handler(body).handler(auth.require("debug.write"))
                .handler(CrossSiteGuard::jsonBody).handler(this::debugMany);
        router.post("/debug/:id/:state").handler(body).handler(auth.require("debug.write"))
                .handler(CrossSiteGuard::jsonBody).handler(this::debugOne);
        router.get("/credentials/:type/:id").handler(auth.require("credentials.read"))
                .handler(ctx -> Replies.json(ctx, 200, flows.credentials().describe(ctx.pathParam("type"),
                        ctx.pathParam("id"))));
        router.get("/nodes").handler(auth.require("nodes.read")).handler(this::nodes);
        router.get("/settings").handler(auth.require("settings.read")).handler(this::settings);
    }

    // ---- flows ------------------------------------------------------------------------------------------------

    /** "v1" (also when absent), "v2", or null for anything else (answered 400 by the caller). */
    private static String apiVersion(RoutingContext ctx) {
        String v = ctx.request().getHeader(API_VERSION);
        return v == null || v.equals("v1") ? "v1" : v.equals("v2") ? "v2" : null;
    }

    private void getFlows(RoutingContext ctx) {
        String version = apiVersion(ctx);
        if (version == null) {
            Replies.error(ctx, 400, "invalid_api_version", "Invalid API Version requested");
        } else if (version.equals("v2")) {
            Replies.jsonText(ctx, 200, "{\"flows\":" + flows.flowsJson() + ",\"rev\":\"" + flows.revision() + "\"}");
        } else {
            Replies.jsonText(ctx, 200, flows.flowsJson());
        }
    }

    private void postFlows(RoutingContext ctx) {
        String version = apiVersion(ctx);
        if (version == null) {
            Replies.error(ctx, 400, "invalid_api_version", "Invalid API Version requested");
            return;
        }
        String type = ctx.request().getHeader(DEPLOYMENT_TYPE);
        DeployMode mode = DeployMode.ofHeader(type);
        Future<String> deployed;
        if (mode == DeployMode.RELOAD) {
            deployed = flows.reload();
        } else if (mode != null) {
            Object parsed;
            List<Map<String, Object>> nodes;
            try {
                parsed = Json.parse(ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes());
                nodes = FlowFileReader.validateShape(parsed, "request body");
            } catch (FlowException e) {
                Replies.error(ctx, 400, "invalid_request", e.getMessage());
                return;
            } catch (Exception e) {
                Replies.error(ctx, 400, "invalid_request", "request body is not JSON: " + e.getMessage());
                return;
            }
            String rev = version.equals("v2") && parsed instanceof Map<?, ?> m && m.get("rev") instanceof String r
                    ? r : null;
            deployed = flows.deploy(nodes, rev, true, mode);
        } else {
            Replies.error(ctx, 400, "invalid_request", "unknown " + DEPLOYMENT_TYPE + ": " + type);
            return;
        }
        deployed.onComplete(r -> {
            if (r.failed()) {
                fail(ctx, r.cause());
            } else if (version.equals("v2")) {
                Replies.json(ctx, 200, Map.of("rev", r.result()));
            } else {
                Replies.status(ctx, 204);
            }
        });
    }

    private void setState(RoutingContext ctx) {
        Object body = ctx.body().length() > 0 ? parseOrNull(ctx.body().buffer().getBytes()) : null;
        Object asked = body instanceof Map<?, ?> m ? m.get("state") : null;
        Future<?> done;
        if ("stop".equals(asked)) {
            done = engine.stop();
        } else if ("start".equals(asked)) {
            done = engine.state().equals("start") ? Future.succeededFuture()
                    : flows.deploy(FlowFileReader.parse(flows.flowsJson(), "deployed flows"), null, false);
        } else {
            Replies.error(ctx, 400, "invalid_run_state", "Invalid state");
            return;
        }
        done.onComplete(r -> {
            if (r.failed()) {
                fail(ctx, r.cause());
            } else {
                Replies.json(ctx, 200, Map.of("state", engine.state()));
            }
        });
    }

    private static void fail(RoutingContext ctx, Throwable cause) {
        if (cause instanceof DeployException e) {
            Replies.error(ctx, e);
        } else if (cause instanceof FlowException e) { // e.g. a stored flows file that no longer parses
            Replies.error(ctx, 400, "invalid_flows", e.getMessage());
        } else {
            Replies.error(ctx, 500, "unexpected_error", String.valueOf(cause.getMessage()));
        }
    }

    // ---- node buttons -----------------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private void inject(RoutingContext ctx) {
        String id = ctx.pathParam("id");
        Map<String, Object> body = ctx.body().length() > 0
                && parseOrNull(ctx.body().buffer().getBytes()) instanceof Map<?, ?> m
                ? (Map<String, Object>) m : Map.of();
        engine.execute(() -> {
            if (!(engine.node(id) instanceof InjectTarget target)) {
                Replies.error(ctx, 404, "not_found", "no running inject node " + id);
                return;
            }
            try {
                target.inject(body);
                ctx.response().setStatusCode(200).end("OK");
            } catch (RuntimeException e) {
                Replies.error(ctx, 500, "inject_failed", e.getMessage());
            }
        });
    }

    private static Object parseOrNull(byte[] bytes) {
        try {
            return Json.parse(bytes);
        } catch (Exception e) {
            return null;
        }
    }

    private void debugOne(RoutingContext ctx) {
        Boolean on = debugState(ctx.pathParam("state"));
        String id = ctx.pathParam("id");
        engine.execute(() -> {
            Node n = engine.node(id);
            if (on == null || n == null) {
                Replies.error(ctx, 404, "not_found", on == null ? "use enable or disable" : "no running node " + id);
                return;
            }
            if (n instanceof DebugTarget d) {
                d.setActive(on);
            }
            Replies.status(ctx, on ? 200 : 201);
        });
    }

    private void debugMany(RoutingContext ctx) {
        Boolean on = debugState(ctx.pathParam("state"));
        if (on == null) {
            Replies.error(ctx, 404, "not_found", "use enable or disable");
            return;
        }
        Object body = ctx.body().length() > 0 ? parseOrNull(ctx.body().buffer().getBytes()) : null;
        if (!(body instanceof Map<?, ?> m) || !(m.get("nodes") instanceof List<?> ids)) {
            Replies.error(ctx, 400, "invalid_request", "body must be {\"nodes\":[ids]}");
            return;
        }
        engine.execute(() -> {
            for (Object id : ids) {
                if (id instanceof String s && engine.node(s) instanceof DebugTarget d) {
                    d.setActive(on);
                }
            }
            Replies.status(ctx, on ? 200 : 201);
        });
    }

    private static Boolean debugState(String s) {
        return "enable".equals(s) ? Boolean.TRUE : "disable".equals(s) ? Boolean.FALSE : null;
    }

    // ---- palette and settings ---------------------------------------------------------------------------------

    private void nodes(RoutingContext ctx) {
        List<Map<String, Object>> types = engine.registry().all().stream()
                .filter(t -> !t.family().equals("internal"))
                .map(NodeType::describe).toList();
        Replies.json(ctx, 200, types);
    }

    private void settings(RoutingContext ctx) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("httpNodeRoot", "/");
        s.put("version", Version.redwire());
        s.put("nodeRedVersion", Version.NODE_RED); // the release whose flows, API and behaviour Redwire follows
        if (auth.enabled()) {
            AdminAuth.Principal p = ctx.get(AdminAuth.PRINCIPAL);
            s.put("user", p.describe());
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("default", engine.contextStores().defaultName());
        context.put("stores", engine.contextStores().names());
        s.put("context", context);
        s.put("flowEncryptionType", "user");
        Map<String, Object> runtimeState = new LinkedHashMap<>();
        runtimeState.put("enabled", RuntimeSettings.RUNTIME_STATE_ENABLED.read(engine.settings()));
        runtimeState.put("ui", false);
        s.put("runtimeState", runtimeState);
        s.put("functionExternalModules", false);
        s.put("functionTimeout", RuntimeSettings.FUNCTION_TIMEOUT.read(engine.settings()));
        s.put("debugMaxLength", RuntimeSettings.DEBUG_MAX_LENGTH.read(engine.settings()));
        s.put("tlsConfigDisableLocalFiles", false);
        s.put("editorTheme", Map.of());
        Replies.json(ctx, 200, s);
    }

    // ---- login ------------------------------------------------------------------------------------------------

    private void token(RoutingContext ctx) {
        Map<String, String> params = new LinkedHashMap<>();
        String contentType = String.valueOf(ctx.request().getHeader("content-type"));
        if (contentType.contains("json")) {
            if (parseOrNull(ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes())
                    instanceof Map<?, ?> m) {
                m.forEach((k, v) -> params.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
            }
        } else {
            ctx.request().formAttributes().forEach(e -> params.put(e.getKey(), e.getValue()));
        }
        engine.vertx().executeBlocking(() -> auth.grant(params.get("client_id"), params.get("grant_type"),
                        params.get("scope"), params.get("username"), params.get("password"),
                        ctx.request().remoteAddress().hostAddress()), false)
                .onComplete(r -> {
                    if (r.succeeded()) {
                        Replies.json(ctx, 200, r.result());
                    } else if (r.cause() instanceof AdminAuth.GrantRefused g) {
                        Map<String, Object> err = new LinkedHashMap<>();
                        err.put("error", g.error());
                        err.put("error_description", g.getMessage());
                        Replies.json(ctx, g.status(), err);
                    } else {
                        Replies.error(ctx, 500, "unexpected_error", r.cause().getMessage());
                    }
                });
    }

    private void revoke(RoutingContext ctx) {
        Object body = ctx.body().length() > 0 ? parseOrNull(ctx.body().buffer().getBytes()) : null;
        String token = body instanceof Map<?, ?> m && m.get("token") instanceof String t ? t
                : ctx.request().getFormAttribute("token");
        auth.revoke(token != null ? token : AdminAuth.tokenOf(ctx));
        Replies.status(ctx, 200);
    }
}
