package io.redwire.admin;

import io.redwire.api.RuntimeSettings;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Node-RED's library routes: {@code GET /library/:library/:type/[path]} answers a folder's listing (JSON) or an
 * entry (flows as JSON, other types as text), {@code POST /library/local/:type/path} saves one (a flow is the JSON
 * body; any other entry a JSON object whose {@code text} is the entry and whose other properties are kept with it)
 * and answers 204. Libraries: {@code local} ({@link LocalLibrary}, in {@code <userDir>/lib}) and the read-only
 * {@code examples} ({@link ExampleFlows}). Errors are Node-RED's: an unknown library or type, or a missing local
 * entry, 400; a missing example 404; a path leaving the library 403. Files are read and written on a worker thread.
 */
final class LibraryApi {
    private static final int MAX_BODY = 5 * 1024 * 1024;
    private static final String ROUTE = "/library/([^/]+)/([^/]+)(?:$|/(.*))";

    private final Engine engine;
    private final LocalLibrary local; // null: no userDir, nothing is kept
    private final ExampleFlows examples = new ExampleFlows(LibraryApi.class.getClassLoader());

    /** @param userDir where {@code lib/} is kept; null: the local library is empty and refuses saves */
    LibraryApi(Engine engine, Path userDir) {
        this.engine = engine;
        this.local = userDir == null ? null : new LocalLibrary(userDir.resolve("lib"));
    }

    void mount(Router router, AdminAuth auth) {
        router.getWithRegex(ROUTE).handler(auth.require("library.read")).handler(this::get);
        router.postWithRegex(ROUTE).handler(BodyHandler.create().setBodyLimit(MAX_BODY).setHandleFileUploads(false))
                .handler(auth.require("library.write")).handler(CrossSiteGuard::jsonBody).handler(this::save);
    }

    private void get(RoutingContext ctx) {
        String library = ctx.pathParam("param0");
        String type = ctx.pathParam("param1");
        String path = pathOf(ctx);
        engine.vertx().executeBlocking(() -> {
            checkKnown(library, type);
            if (library.equals("examples")) {
                return examples.get(path);
            }
            return local == null ? List.of() : local.get(type, path);
        }, false).onComplete(r -> {
            if (r.failed()) {
                failed(ctx, r.cause());
            } else if (r.result() == null) {
                Replies.error(ctx, 404, "not_found", "not_found");
            } else if (r.result() instanceof String text) {
                ctx.response().setStatusCode(200).putHeader("content-type", type.equals("flows")
                        ? "application/json; charset=utf-8" : "text/plain; charset=utf-8").end(text);
            } else {
                Replies.json(ctx, 200, r.result());
            }
        });
    }

    @SuppressWarnings("unchecked")
    private void save(RoutingContext ctx) {
        String library = ctx.pathParam("param0");
        String type = ctx.pathParam("param1");
        Object parsed;
        try {
            parsed = Json.parse(ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes());
        } catch (Exception e) {
            Replies.error(ctx, 400, "invalid_request", "the body is not JSON: " + e.getMessage());
            return;
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        String body;
        if (type.equals("flows")) {
            body = RuntimeSettings.FLOW_FILE_PRETTY.read(engine.settings()) ? Json.pretty(parsed)
                    : Json.stringify(parsed);
        } else if (parsed instanceof Map<?, ?> m) {
            meta.putAll((Map<String, Object>) m);
            Object text = meta.remove("text");
            body = text == null ? "" : String.valueOf(text);
        } else {
            Replies.error(ctx, 400, "invalid_request", "a " + type + " entry is a JSON object with its text in 'text'");
            return;
        }
        String path = pathOf(ctx);
        engine.vertx().executeBlocking(() -> {
            checkKnown(library, type);
            if (!library.equals("local") || local == null) {
                throw new Unknown(library.equals("local") ? "no userDir: the local library cannot keep entries"
                        : "library " + library + " is read-only");
            }
            local.save(type, path, meta, body);
            return null;
        }, false).onComplete(r -> {
            if (r.failed()) {
                failed(ctx, r.cause());
            } else {
                Replies.status(ctx, 204);
            }
        });
    }

    private static String pathOf(RoutingContext ctx) {
        String path = ctx.pathParam("param2");
        return path == null ? "" : path;
    }

    /** Entry types are registered as in Node-RED: flows by the editor, the others by the node types declaring them. */
    private boolean knownType(String type) {
        return type.equals("flows") || engine.registry().all().stream()
                .anyMatch(t -> t.library() != null && t.library().type().equals(type));
    }

    /** An unknown library or entry type, or a save to a library that keeps none: Node-RED answers 400. */
    private static final class Unknown extends Exception {
        Unknown(String message) {
            super(message);
        }
    }

    /** On a worker thread: the registry may load every family to answer. */
    private void checkKnown(String library, String type) throws Unknown {
        if (!library.equals("local") && !library.equals("examples")) {
            throw new Unknown("Unknown library: " + library);
        }
        if (!knownType(type) || (library.equals("examples") && !type.equals("flows"))) {
            throw new Unknown("Unknown library type: " + type);
        }
    }

    private static void failed(RoutingContext ctx, Throwable cause) {
        if (cause instanceof LocalLibrary.BadPath) {
            Replies.error(ctx, 403, "forbidden", cause.getMessage());
        } else if (cause instanceof Unknown) {
            Replies.error(ctx, 400, "unexpected_error", cause.getMessage());
        } else if (cause instanceof LocalLibrary.NotFound e) {
            Replies.error(ctx, 400, e.code, cause.getMessage());
        } else {
            Replies.error(ctx, 500, "unexpected_error", String.valueOf(cause.getMessage()));
        }
    }
}
