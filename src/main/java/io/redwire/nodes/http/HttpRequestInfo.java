package io.redwire.nodes.http;

import io.redwire.msg.Json;
import io.redwire.msg.SharedRef;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.vertx.core.http.HttpServerRequest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * msg.req: the request's Express-style view (params, query, headers, cookies, body, files, method, url...). It is
 * shared by reference across fan-out, never cloned.
 */
final class HttpRequestInfo extends LinkedHashMap<String, Object> implements SharedRef {
    HttpRequestInfo(HttpServerRequest req, Map<String, String> params, Map<String, Object> query) {
        Map<String, Object> headers = new LinkedHashMap<>();
        req.headers().forEach(e -> {
            String k = e.getKey().toLowerCase();
            Object prev = headers.get(k);
            headers.put(k, prev == null ? e.getValue() : prev + ", " + e.getValue());
        });
        Map<String, Object> cookies = cookies(req);
        String host = req.authority() == null ? "" : req.authority().host();
        put("params", new LinkedHashMap<>(params));
        put("query", query);
        put("headers", headers);
        put("cookies", cookies);
        put("method", req.method().name());
        put("url", req.uri());
        put("originalUrl", req.uri());
        put("path", req.path());
        put("hostname", host);
        put("ip", req.remoteAddress() == null ? "" : req.remoteAddress().hostAddress());
        put("protocol", req.isSSL() ? "https" : "http");
    }

    /** cookie-parser: cookie.parse with URI decoding, then "j:"-prefixed values parsed as JSON. */
    private static Map<String, Object> cookies(HttpServerRequest req) {
        List<String> lines = req.headers().getAll("cookie");
        if (lines.isEmpty()) {
            return new LinkedHashMap<>();
        }
        Map<String, Object> cookies = CookieText.parse(String.join("; ", lines), true);
        cookies.replaceAll((k, v) -> {
            if (v instanceof String s && s.startsWith("j:")) {
                try {
                    return Json.parse(s.substring(2));
                } catch (JsonProcessingException e) {
                    return v;
                }
            }
            return v;
        });
        return cookies;
    }
}
