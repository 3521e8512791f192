package io.redwire.nodes.http;

import io.redwire.js.JsValues;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

import java.util.List;
import java.util.Map;

/**
 * settings.httpNodeCors, applied as the `cors` package does: every http in response gets the allow-origin headers,
 * and OPTIONS requests on any node path are answered as preflights (204 with the allowed methods and headers).
 * Options: origin ("*", a string, true, or a list of allowed origins), methods, allowedHeaders, exposedHeaders,
 * credentials, maxAge, optionsSuccessStatus (preflightContinue is not supported: preflights are always answered).
 */
final class Cors {
    private final Object origin;
    private final String methods;
    private final String allowedHeaders;
    private final String exposedHeaders;
    private final boolean credentials;
    private final String maxAge;
    private final int successStatus;

    private Cors(Map<?, ?> o) {
        this.origin = o.containsKey("origin") ? o.get("origin") : "*";
        this.methods = o.containsKey("methods") ? joined(o.get("methods")) : "GET,HEAD,PUT,PATCH,POST,DELETE";
        Object headers = o.get("allowedHeaders") != null ? o.get("allowedHeaders") : o.get("headers");
        this.allowedHeaders = headers == null ? null : joined(headers);
        this.exposedHeaders = o.get("exposedHeaders") == null ? null : joined(o.get("exposedHeaders"));
        this.credentials = Boolean.TRUE.equals(o.get("credentials"));
        this.maxAge = o.get("maxAge") == null || Boolean.FALSE.equals(o.get("maxAge")) ? null
                : JsValues.toJsString(o.get("maxAge"));
        this.successStatus = o.get("optionsSuccessStatus") instanceof Number n ? n.intValue() : 204;
    }

    /** The policy from settings.httpNodeCors, or null when CORS is off. */
    static Cors fromSetting(Object setting) {
        return setting instanceof Map<?, ?> m ? new Cors(m) : null;
    }

    /** Headers for a normal request, set before the flow runs (the response node may still change them). */
    void applyToResponse(HttpServerRequest req, HttpServerResponse res) {
        applyOrigin(req, res);
        if (credentials) {
            res.putHeader("Access-Control-Allow-Credentials", "true");
        }
        if (exposedHeaders != null && !exposedHeaders.isEmpty()) {
            res.putHeader("Access-Control-Expose-Headers", exposedHeaders);
        }
    }

    /** Answers a preflight. */
    void preflight(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        HttpServerResponse res = ctx.response();
        applyOrigin(req, res);
        if (credentials) {
            res.putHeader("Access-Control-Allow-Credentials", "true");
        }
        if (!methods.isEmpty()) {
            res.putHeader("Access-Control-Allow-Methods", methods);
        }
        String allowed = allowedHeaders;
        if (allowed == null) {
            allowed = req.getHeader("access-control-request-headers");
            vary(res, "Access-Control-Request-Headers");
        }
        if (allowed != null && !allowed.isEmpty()) {
            res.putHeader("Access-Control-Allow-Headers", allowed);
        }
        if (maxAge != null && !maxAge.isEmpty()) {
            res.putHeader("Access-Control-Max-Age", maxAge);
        }
        if (exposedHeaders != null && !exposedHeaders.isEmpty()) {
            res.putHeader("Access-Control-Expose-Headers", exposedHeaders);
        }
        res.setStatusCode(successStatus).putHeader("Content-Length", "0").end();
    }

    private void applyOrigin(HttpServerRequest req, HttpServerResponse res) {
        if (origin == null || "*".equals(origin) || Boolean.FALSE.equals(origin) || "".equals(origin)) {
            res.putHeader("Access-Control-Allow-Origin", "*");
            return;
        }
        if (origin instanceof String s) {
            res.putHeader("Access-Control-Allow-Origin", s);
        } else {
            String requestOrigin = req.getHeader("origin");
            if (requestOrigin != null && allowed(requestOrigin)) {
                res.putHeader("Access-Control-Allow-Origin", requestOrigin);
            }
        }
        vary(res, "Origin");
    }

    private boolean allowed(String requestOrigin) {
        if (origin instanceof List<?> list) {
            return list.stream().anyMatch(o -> requestOrigin.equals(o));
        }
        return JsValues.truthy(origin);
    }

    /** The vary package: adds a field to Vary unless it is already listed (or Vary is "*"). */
    private static void vary(HttpServerResponse res, String field) {
        String current = res.headers().get("vary");
        if (current == null || current.isEmpty()) {
            res.putHeader("Vary", field);
            return;
        }
        for (String f : current.split(",")) {
            String t = f.strip();
            if (t.equals("*") || t.equalsIgnoreCase(field)) {
                return;
            }
        }
        res.putHeader("Vary", current + ", " + field);
    }

    private static String joined(Object v) {
        if (v instanceof List<?> l) {
            StringBuilder sb = new StringBuilder();
            for (Object o : l) {
                if (!sb.isEmpty()) {
                    sb.append(',');
                }
                sb.append(JsValues.toJsString(o));
            }
            return sb.toString();
        }
        return v == null ? "" : JsValues.toJsString(v);
    }
}
