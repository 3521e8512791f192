package io.redwire.nodes.http;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.msg.Messages;
import io.redwire.net.BodySilence;
import io.redwire.spi.HttpRoutes;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;

/** http in: an HTTP endpoint on the shared server; each request becomes a msg with payload, req and res. */
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
    private final long maxBody;
    /** How long a request body, kept or being dropped, may go without a byte before its connection is cut. */
    private final long readTimeoutMs;
    private final BodyBudget budget;
    /** Requests passed on and not answered yet (an embedding application's router may run on other threads). */
    private final Set<RoutingContext> unanswered = java.util.concurrent.ConcurrentHashMap.newKeySet();
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
        this.maxBody = HttpSettings.API_MAX_LENGTH.read(c.services().settings());
        this.readTimeoutMs = HttpSettings.READ_TIMEOUT.read(c.services().settings());
        long budgetLimit = HttpSettings.BODY_MEMORY_LIMIT.read(c.services().settings());
        this.budget = c.services().shared(BodyBudget.class, () -> new BodyBudget(budgetLimit));
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
        answerOrphans();
        return Future.succeededFuture();
    }

    /**
     * Requests this node passed on that no http response has answered yet: once the flows are stopped (a deploy,
     * a stop) nothing can answer them any more — say, the msg was held in a delay node, which drops it on close
     * as Node-RED's does. Node-RED leaves those connections open until the client gives up; they are answered
     * 503 instead, so neither side holds them forever.
     */
    private void answerOrphans() {
        for (RoutingContext ctx : List.copyOf(unanswered)) {
            if (!ctx.response().ended() && !ctx.response().closed()) {
                errorPage(ctx, 503, "ServiceUnavailableError: the flows handling this request were stopped");
            }
        }
        unanswered.clear();
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
            cutIfSilent(ctx, readForm(ctx)).onSuccess(form -> {
                info.put("files", form.files());
                emit(ctx, info, form.fields());
            }).onFailure(e -> {
                if (e instanceof MultipartReader.Malformed) {
                    warn(e.getMessage()); // Node-RED's http in error handler: node.warn(err), sendStatus(500)
                    ctx.response().setStatusCode(500).putHeader("content-type", "text/plain; charset=utf-8")
                            .end("Internal Server Error");
                } else {
                    refuse(ctx, e);
                }
            });
            return;
        }
        cutIfSilent(ctx, readBody(ctx)).onSuccess(bytes -> {
            Object payload;
            try {
                payload = skipBodyParsing ? bytes : RequestBodyParser.parse(contentType, bytes);
            } catch (RequestBodyParser.BadBody e) {
                errorPage(ctx, e.status(), e.getMessage());
                return;
            }
            emit(ctx, info, payload);
        }).onFailure(e -> refuse(ctx, e));
    }

    /**
     * A body that stops arriving for httpReadTimeout closes its connection, and what it held is given back: a
     * client that sends headers and then nothing would otherwise keep its connection and its share of
     * httpBodyMemoryLimit forever (Node.js bounds the same client only by its 300 s requestTimeout).
     */
    private <T> Future<T> cutIfSilent(RoutingContext ctx, Future<T> reading) {
        if (readTimeoutMs <= 0 || reading.isComplete()) {
            return reading;
        }
        HttpServerRequest req = ctx.request();
        long watch = BodySilence.watch(ctx.vertx(), req, readTimeoutMs, () -> BodySilence.cut(req));
        return reading.onComplete(r -> ctx.vertx().cancelTimer(watch));
    }

    private void refuse(RoutingContext ctx, Throwable e) {
        if (e instanceof TooLarge) {
            dropRestOfBody(ctx, 413, "PayloadTooLargeError: request entity too large", true);
        } else if (e instanceof Overloaded) {
            ctx.response().putHeader("retry-after", "1");
            dropRestOfBody(ctx, 503, "ServiceUnavailableError: too many request bodies in flight, try again", false);
        } else {
            badRequest(ctx, e.getMessage());
        }
    }

    /**
     * A refused body is not kept, so its HTTP/1 connection cannot serve another request: the answer says so and the
     * connection is closed once the rest of the body has been read and dropped — closing under a client still
     * sending would reset the connection and lose the answer. A client that sends nothing for httpReadTimeout is
     * cut.
     * <p>
     * 413 is answered at once, as Express does. 503 (shed load, Redwire's own limit) waits until the body is in:
     * Java 17's HttpClient reads no answer before it has sent its whole body and, given an early one, measured
     * stalling about 1 MB short of the end on a third of 600 parallel uploads, so they were never answered.
     */
    private void dropRestOfBody(RoutingContext ctx, int status, String text, boolean answerFirst) {
        HttpServerRequest req = ctx.request();
        if (req.version() == HttpVersion.HTTP_2) { // one refused stream does not hold its connection
            errorPage(ctx, status, text);
            return;
        }
        ctx.response().putHeader("connection", "close");
        if (req.isEnded()) {
            errorPage(ctx, status, text).onComplete(v -> req.connection().close());
            return;
        }
        Promise<Void> drained = Promise.promise();
        cutIfSilent(ctx, drained.future());
        req.handler(dropped -> { });
        req.endHandler(v -> {
            drained.complete();
            (answerFirst ? Future.<Void>succeededFuture() : errorPage(ctx, status, text))
                    .onComplete(done -> req.connection().close());
        });
        req.resume();
        if (answerFirst) {
            errorPage(ctx, status, text);
        }
    }

    /** Accepting the body would pass settings.httpBodyMemoryLimit. */
    private static final class Overloaded extends RuntimeException {
        Overloaded() {
            super("request bodies in flight over the limit", null, false, false);
        }
    }

    /** The request is larger than apiMaxLength. */
    private static final class TooLarge extends RuntimeException {
        TooLarge() {
            super("request entity too large", null, false, false);
        }
    }

    /**
     * The whole body, held once (BodyBytes), refused as soon as it is known to exceed apiMaxLength (raw-body's rule)
     * or the memory all bodies in flight may hold together.
     */
    private Future<byte[]> readBody(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        long length = declaredLength(req);
        Held held;
        try {
            held = admit(ctx, length);
        } catch (TooLarge | Overloaded e) {
            return Future.failedFuture(e);
        }
        Promise<byte[]> done = Promise.promise();
        BodyBytes body = new BodyBytes(length);
        req.handler(chunk -> {
            if (done.future().isComplete()) {
                return;
            }
            long total = body.size() + (long) chunk.length();
            if (total > maxBody) {
                done.tryFail(new TooLarge());
            } else if (!held.growTo(total)) { // no Content-Length: counted as it arrives
                done.tryFail(new Overloaded());
            } else {
                body.add(chunk);
            }
        });
        req.exceptionHandler(done::tryFail);
        req.endHandler(v -> {
            if (!done.future().isComplete()) {
                done.complete(body.bytes());
            }
        });
        req.resume();
        return done.future();
    }

    /**
     * A multipart body (multer's memory storage): the same apiMaxLength and budget rules as any body, counted on
     * the body bytes received so far (files, fields, part headers and boundaries alike).
     */
    private Future<MultipartReader.Form> readForm(RoutingContext ctx) {
        Held held;
        try {
            held = admit(ctx, declaredLength(ctx.request()));
        } catch (TooLarge | Overloaded e) {
            return Future.failedFuture(e);
        }
        return MultipartReader.read(ctx.request(),
                total -> total > maxBody ? new TooLarge() : held.growTo(total) ? null : new Overloaded());
    }

    private static long declaredLength(HttpServerRequest req) {
        String declared = req.getHeader("content-length");
        return declared != null && !declared.isEmpty() && declared.length() < 19
                && declared.chars().allMatch(Character::isDigit) ? Long.parseLong(declared) : -1;
    }

    /** The share of settings.httpBodyMemoryLimit one request body holds; given back when its exchange ends. */
    private final class Held {
        private long bytes;

        boolean growTo(long total) {
            if (total <= bytes) {
                return true;
            }
            if (!budget.take(total - bytes)) {
                return false;
            }
            bytes = total;
            return true;
        }
    }

    /** apiMaxLength checked against the declared length (raw-body's rule), which is then reserved: it will arrive. */
    private Held admit(RoutingContext ctx, long length) {
        if (length > maxBody) {
            throw new TooLarge();
        }
        Held held = new Held();
        ctx.addEndHandler(v -> budget.giveBack(held.bytes));
        if (length >= 0 && !held.growTo(length)) {
            throw new Overloaded();
        }
        return held;
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
        if (unanswered.add(ctx)) {
            ctx.addEndHandler(v -> unanswered.remove(ctx)); // answered, or the client went away
        }
        send(msg);
        engine().deliverNow(); // in the server's read of the request: the response leaves with its flush
    }

    private static void badRequest(RoutingContext ctx, String message) {
        errorPage(ctx, 400, "SyntaxError: " + message);
    }

    /** Express's default error page. */
    private static Future<Void> errorPage(RoutingContext ctx, int status, String text) {
        String body = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n"
                + "</head>\n<body>\n<pre>" + escape(text) + "</pre>\n</body>\n</html>\n";
        return ctx.response().setStatusCode(status).putHeader("content-type", "text/html; charset=utf-8")
                .putHeader("x-content-type-options", "nosniff").end(body);
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
