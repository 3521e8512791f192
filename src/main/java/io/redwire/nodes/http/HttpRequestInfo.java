package io.redwire.nodes.http;

import io.redwire.msg.Json;
import io.redwire.msg.SharedRef;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * msg.req: the request's Express-style view (params, query, headers, cookies, body, files, method, url...). It is
 * shared by reference across fan-out, never cloned. Its entries are made from the request when the flow first
 * looks at msg.req: most flows (http in, change, http response) never do, and copying and lower-casing every
 * header, parsing the cookies and formatting the client's address was a tenth of such a request's work. What
 * could be gone by then (the client's address once it has disconnected) is taken at once.
 */
final class HttpRequestInfo extends AbstractMap<String, Object> implements SharedRef {
    private final HttpServerRequest req;
    private final Map<String, String> params;
    private final Map<String, Object> query;
    private final SocketAddress remote;
    private final Map<String, Object> added = new LinkedHashMap<>(4);
    private Map<String, Object> entries;

    HttpRequestInfo(HttpServerRequest req, Map<String, String> params, Map<String, Object> query) {
        this.req = req;
        this.params = params;
        this.query = query;
        // the connection's address, not the router's wrapper's: the router allows no forwarded headers, so both
        // are the client's, and the wrapper parses the request's scheme, host and forwarded headers to answer
        this.remote = req.connection().remoteAddress();
    }

    private Map<String, Object> entries() {
        if (entries == null) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("params", new LinkedHashMap<>(params));
            e.put("query", query);
            e.put("headers", headers(req));
            e.put("cookies", cookies(req));
            e.put("method", req.method().name());
            e.put("url", req.uri());
            e.put("originalUrl", req.uri());
            e.put("path", req.path());
            e.put("hostname", req.authority() == null ? "" : req.authority().host());
            e.put("ip", remote == null ? "" : remote.hostAddress());
            e.put("protocol", req.isSSL() ? "https" : "http");
            e.putAll(added);
            entries = e;
        }
        return entries;
    }

    /** Express's req.headers: lower-case names, repeated headers joined with ", ". */
    private static Map<String, Object> headers(HttpServerRequest req) {
        Map<String, Object> headers = new LinkedHashMap<>();
        req.headers().forEach(e -> {
            String k = e.getKey().toLowerCase();
            Object prev = headers.get(k);
            headers.put(k, prev == null ? e.getValue() : prev + ", " + e.getValue());
        });
        return headers;
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

    /** body and files, set by http in before the msg leaves: kept aside until the entries are made. */
    @Override
    public Object put(String key, Object value) {
        return entries == null ? added.put(key, value) : entries.put(key, value);
    }

    @Override
    public Object get(Object key) {
        if (entries == null && "query".equals(key)) {
            return query; // http response's JSONP check reads only this: no reason to make the rest
        }
        return entries().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return entries().containsKey(key);
    }

    @Override
    public Object remove(Object key) {
        return entries().remove(key);
    }

    @Override
    public int size() {
        return entries().size();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return entries().entrySet();
    }
}
