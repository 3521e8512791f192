package io.redwire.admin;

import io.redwire.api.NodeType;
import io.redwire.api.ServiceOutline;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Redwire's own route (Node-RED's gRPC/Thrift nodes have none): {@code POST /redwire/idl/:language} ({@code grpc},
 * {@code thrift}) compiles an interface definition with the family's runtime compiler and answers its services
 * and methods, so the editor can offer them as lists. The body is the config node as the editor holds it (JSON), or
 * the definition's text alone. Answers {@code {"services":[{"name","methods":[{"name","kind"}]}]}}, or 400
 * {@code {"code":"invalid_idl","message","line"}}, or 502 {@code {"code":"idl_unavailable","message"}} when the
 * definition comes from the target server's reflection and cannot be fetched. Compiling runs on a worker thread,
 * fetching on the event loop without blocking it.
 */
final class IdlApi {
    private static final int MAX_BODY = 1024 * 1024;

    private final Engine engine;

    IdlApi(Engine engine) {
        this.engine = engine;
    }

    void mount(Router router, AdminAuth auth) {
        router.post("/redwire/idl/:language")
                .handler(BodyHandler.create().setBodyLimit(MAX_BODY).setHandleFileUploads(false))
                .handler(auth.require("flows.read")).handler(CrossSiteGuard::sameOrigin).handler(this::outline);
    }

    private NodeType holderOf(String language) {
        return engine.registry().all().stream().filter(t -> language.equals(t.idlLanguage())).findFirst()
                .orElse(null);
    }

    private void outline(RoutingContext ctx) {
        String language = ctx.pathParam("language");
        NodeType holder = holderOf(language);
        if (holder == null) {
            Replies.error(ctx, 404, "not_found", "no node type holds a '" + language + "' interface definition");
            return;
        }
        Map<String, Object> config = configOf(ctx, holder);
        if (config == null) {
            Replies.error(ctx, 400, "invalid_request", "the body must be a JSON object (the config node) or the "
                    + "definition's text");
            return;
        }
        holder.serviceOutline().outline(config, engine.protosDir(), engine.vertx())
                .onComplete(r -> {
                    if (r.succeeded()) {
                        Replies.json(ctx, 200, Map.of("services", describe(r.result())));
                    } else if (r.cause() instanceof ServiceOutline.Invalid e) {
                        Map<String, Object> body = new LinkedHashMap<>();
                        body.put("code", "invalid_idl");
                        body.put("message", e.getMessage());
                        body.put("line", e.line());
                        Replies.json(ctx, 400, body);
                    } else if (r.cause() instanceof ServiceOutline.Unavailable e) {
                        Replies.error(ctx, 502, "idl_unavailable", e.getMessage());
                    } else {
                        Replies.error(ctx, 500, "unexpected_error", String.valueOf(r.cause().getMessage()));
                    }
                });
    }

    /** The config node posted as JSON, or the text alone as the holder's definition field; null: neither. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> configOf(RoutingContext ctx, NodeType holder) {
        String text = ctx.body().asString();
        String contentType = String.valueOf(ctx.request().getHeader("content-type"));
        if (!contentType.contains("json")) {
            return Map.of(holder.idlField().name(), text == null ? "" : text);
        }
        try {
            return Json.parse(text == null ? "" : text) instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static List<Map<String, Object>> describe(List<ServiceOutline.Service> services) {
        return services.stream().map(s -> Map.<String, Object>of("name", s.name(), "methods",
                s.methods().stream().map(m -> Map.of("name", m.name(), "kind", m.kind())).toList())).toList();
    }
}
