package io.redwire.nodes.http;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.msg.Messages;
import io.redwire.spi.HttpRoutes;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * http in: an HTTP endpoint on the shared server; each request becomes a msg with payload, req and res. Its body is
 * read by {@link InboundBodyReader} (refused by {@link BodyRefusal}); what the flows leave unanswered when they stop
 * is answered by {@link OrphanRequests}.
 */
public final class HttpInNode extends Node {
    static final Field URL = Field.str("url", "").label("path (required; a node without one stays inert)")
            .help("The path served below the http node root, e.g. /orders/:id; :name parts land in msg.req.params.");
    static final Field METHOD = Field.select("method", "get", "get", "post", "put", "delete", "patch")
            .help("The HTTP method this endpoint answers.");
    static final Field UPLOAD = Field.bool("upload", false)
            .help("Accepts multipart file uploads; the files arrive in msg.req.files.");
    static final Field SKIP_BODY_PARSING = Field.bool("skipBodyParsing", false)
            .help("Passes the request body on as received (a buffer) instead of parsing JSON, form or text bodies.");
    static final Field SWAGGER_DOC = Field.str("swaggerDoc", "")
            .help("Kept for flows that describe the endpoint with a swagger document; not used at run time.");

    public static final NodeType TYPE = NodeType.builder("http in", "network").icon("http")
            .label(Label.computed())
            .help("Serves an HTTP endpoint: each request becomes a message with `msg.req`, `msg.res` and `msg.payload` (the body, or the query for GET).\n\nAnswer it with an http response node. Paths may hold `:name` parameters (in `msg.req.params`).")
            .color("#e7e7ae").ports(0, 1)
            .fields(URL, METHOD, UPLOAD, SKIP_BODY_PARSING, SWAGGER_DOC)
            .factory(HttpInNode::new);

    private static final List<String> METHODS = List.of("get", "post", "put", "delete", "patch");

    private final String url;
    private final String method;
    /** settings.httpNodeRoot: a path prefix, or null when set to false (no http in routes at all). */
    private final String root;
    private final boolean upload;
    private final boolean skipBodyParsing;
    private final InboundBodyReader bodies;
    private final BodyRefusal refusal;
    private final OrphanRequests orphans = new OrphanRequests();
    private final HttpRoutes routes;
    private final Cors cors;
    private HttpRoutes.Registration registration;
    private HttpRoutes.Registration preflight;

    HttpInNode(NodeConfig c) {
        super(c);
        String u = c.str(URL);
        this.url = u.isEmpty() || u.startsWith("/") ? u : "/" + u;
        this.method = c.str(METHOD).toLowerCase();
        this.upload = c.bool(UPLOAD);
        this.skipBodyParsing = c.bool(SKIP_BODY_PARSING);
        this.routes = c.services().httpRoutes();
        long maxBody = HttpSettings.API_MAX_LENGTH.read(c.services().settings());
        long readTimeoutMs = HttpSettings.READ_TIMEOUT.read(c.services().settings());
        long budgetLimit = HttpSettings.BODY_MEMORY_LIMIT.read(c.services().settings());
        this.bodies = new InboundBodyReader(maxBody, readTimeoutMs,
                c.services().shared(BodyBudget.class, () -> new BodyBudget(budgetLimit)));
        this.refusal = new BodyRefusal(bodies);
        this.cors = Cors.fromSetting(HttpSettings.NODE_CORS.given(c.services().settings()));
        Object rootSetting = RuntimeSettings.HTTP_NODE_ROOT.read(c.services().settings());
        this.root = Boolean.FALSE.equals(rootSetting) ? null
                : rootSetting instanceof String r ? (r.endsWith("/") ? r.substring(0, r.length() - 1) : r) : "";
    }

    /** Like Node-RED, a node that cannot serve warns and stays inert instead of refusing the deploy. */
    @Override
    public Future<Void> start() {
        if (root == null) {
            warn("Cannot create http-in node when httpNodeRoot set to false");
        } else if (url.isEmpty()) {
            warn("missing path");
        } else if (METHODS.contains(method)) {
            registration = routes.add(method, root + url, this::handle);
            if (cors != null) {
                preflight = routes.add("options", root + "/*", cors::preflight);
            }
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (registration != null) {
            registration.remove();
        }
        if (preflight != null) {
            preflight.remove();
        }
        orphans.answerAll();
        return Future.succeededFuture();
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        if (cors != null) {
            cors.applyToResponse(req, ctx.response());
        }
        Map<String, String> params = ctx.get(HttpRoutes.PARAMS);
        Map<String, Object> query = QueryString.parse(req.query());
        HttpRequestInfo info = new HttpRequestInfo(req, params, query);
        if (method.equals("get")) {
            emit(ctx, info, query);
            return;
        }
        String contentType = req.getHeader("content-type");
        if (upload && "multipart/form-data".equals(RequestBodyParser.mediaType(contentType))) {
            bodies.form(ctx).onSuccess(form -> {
                info.put("files", form.files());
                emit(ctx, info, form.fields());
            }).onFailure(e -> {
                if (e instanceof MultipartReader.Malformed) {
                    warn(e.getMessage()); // Node-RED's http in error handler: node.warn(err), sendStatus(500)
                    ctx.response().setStatusCode(500).putHeader("content-type", "text/plain; charset=utf-8")
                            .end("Internal Server Error");
                } else {
                    refusal.refuse(ctx, e);
                }
            });
            return;
        }
        bodies.body(ctx).onSuccess(bytes -> {
            Object payload;
            try {
                payload = skipBodyParsing ? bytes : RequestBodyParser.parse(contentType, bytes);
            } catch (RequestBodyParser.BadBody e) {
                ErrorPage.send(ctx, e.status(), e.getMessage());
                return;
            }
            emit(ctx, info, payload);
        }).onFailure(e -> refusal.refuse(ctx, e));
    }

    /** @param payload the query for GET, else the parsed body, which is msg.req.body too */
    private void emit(RoutingContext ctx, HttpRequestInfo info, Object payload) {
        if (!method.equals("get")) {
            info.put("body", payload); // Express parses no body for GET: msg.req.body stays undefined there
        }
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("_msgid", Messages.newId());
        msg.put("req", info);
        msg.put("res", new HttpResponseRef(ctx));
        msg.put("payload", payload);
        orphans.track(ctx);
        send(msg);
        engine().deliverNow(); // in the server's read of the request: the response leaves with its flush
    }
}
