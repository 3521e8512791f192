package io.redwire.nodes.http;

import io.redwire.admin.NodeRouteTable;
import io.redwire.runtime.Field;
import io.redwire.runtime.HttpRoutes;
import io.redwire.runtime.Messages;
import io.redwire.runtime.Node;
import io.redwire.runtime.NodeConfig;
import io.redwire.runtime.NodeType;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** http in: an HTTP endpoint on the shared server; each request becomes a msg with payload, req and res. */
public final class HttpInNode extends Node {
    public static final NodeType TYPE = NodeType.builder("http in", "network").color("#e7e7ae").ports(0, 1)
            .field(Field.str("url", "").asRequired())
            .field(Field.select("method", "get", "get", "post", "put", "delete", "patch"))
            .field(Field.bool("upload", false))
            .field(Field.bool("skipBodyParsing", false))
            .field(Field.str("swaggerDoc", ""))
            .factory(HttpInNode::new);
    private static final int MAX_BODY = 5 * 1024 * 1024;

    private final String url;
    private final String method;
    private final boolean upload;
    private final boolean skipBodyParsing;
    private final HttpRoutes routes;
    private HttpRoutes.Registration registration;

    HttpInNode(NodeConfig c) {
        super(c);
        String u = c.str("url");
        this.url = u.startsWith("/") ? u : "/" + u;
        this.method = c.str("method").toLowerCase();
        this.upload = c.bool("upload");
        this.skipBodyParsing = c.bool("skipBodyParsing");
        this.routes = c.services().httpRoutes();
        if (!List.of("get", "post", "put", "delete", "patch").contains(method)) {
            throw c.error("method", "unsupported method '" + method + "'");
        }
    }

    @Override
    public Future<Void> start() {
        registration = routes.add(method, url, this::handle);
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (registration != null) {
            registration.remove();
        }
        return Future.succeededFuture();
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        Map<String, String> params = ctx.get(NodeRouteTable.PARAMS);
        Map<String, Object> query = QueryString.parse(req.query());
        HttpRequestInfo info = new HttpRequestInfo(req, params, query);
        if (method.equals("get")) {
            emit(ctx, info, query);
            return;
        }
        String contentType = req.getHeader("content-type");
        if (upload && "multipart/form-data".equals(RequestBodyParser.mediaType(contentType))) {
            MultipartReader.read(req, MAX_BODY).onSuccess(form -> {
                info.put("files", form.files());
                emit(ctx, info, form.fields());
            }).onFailure(e -> badRequest(ctx, e.getMessage()));
            return;
        }
        req.body().onSuccess(buf -> {
            if (buf.length() > MAX_BODY) {
                ctx.response().setStatusCode(413).end();
                return;
            }
            Object payload;
            try {
                payload = skipBodyParsing ? buf.getBytes() : RequestBodyParser.parse(contentType, buf.getBytes());
            } catch (RequestBodyParser.BadBody e) {
                badRequest(ctx, e.getMessage());
                return;
            }
            emit(ctx, info, payload);
        }).onFailure(e -> badRequest(ctx, e.getMessage()));
    }

    private void emit(RoutingContext ctx, HttpRequestInfo info, Object payload) {
        info.put("body", payload);
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("_msgid", Messages.newId());
        msg.put("req", info);
        msg.put("res", new HttpResponseRef(ctx));
        msg.put("payload", payload);
        send(msg);
    }

    private static void badRequest(RoutingContext ctx, String message) {
        String body = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n"
                + "</head>\n<body>\n<pre>SyntaxError: " + escape(message) + "</pre>\n</body>\n</html>\n";
        ctx.response().setStatusCode(400).putHeader("content-type", "text/html; charset=utf-8").end(body);
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
