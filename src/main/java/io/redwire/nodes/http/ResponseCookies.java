package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import io.vertx.core.http.HttpServerResponse;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * msg.cookies → Set-Cookie headers, spelled as Express's res.cookie / res.clearCookie and the cookie package write
 * them: {name: "v"}, {name: {value, maxAge (ms), domain, path, expires, httpOnly, secure, partitioned, priority,
 * sameSite}}, or null / {value: null} to clear.
 */
final class ResponseCookies {
    private static final DateTimeFormatter UTC_STRING = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final Pattern DOMAIN = Pattern.compile(
            "^([.]?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PATH = Pattern.compile("^[\\u0020-\\u003A\\u003D-\\u007E]*$");

    private ResponseCookies() {
    }

    static void apply(HttpServerResponse res, Map<?, ?> cookies) {
        cookies.forEach((name, spec) -> res.headers().add("set-cookie", setCookie(String.valueOf(name), spec)));
    }

    /** One Set-Cookie value for msg.cookies[name]. */
    static String setCookie(String name, Object spec) {
        if (spec == null) {
            return clear(name, Map.of());
        }
        if (spec instanceof Map<?, ?> opts) {
            if (opts.containsKey("value") && opts.get("value") == null) {
                return clear(name, opts);
            }
            Object value = opts.containsKey("value") ? opts.get("value") : io.redwire.js.Undefined.VALUE;
            return serialize(name, cookieValue(value), opts, null);
        }
        return serialize(name, cookieValue(spec), Map.of(), null);
    }

    /** res.clearCookie: the given options, path "/" unless set, expired, no Max-Age. */
    private static String clear(String name, Map<?, ?> opts) {
        return serialize(name, "", opts, Instant.ofEpochMilli(1));
    }

    /** res.cookie's value: objects as "j:" + JSON, everything else as String(value). */
    private static String cookieValue(Object value) {
        if (value instanceof Map || value instanceof java.util.List) {
            return "j:" + Json.stringify(value);
        }
        return JsValues.toJsString(value);
    }

    /** res.cookie + cookie.serialize; {@code forcedExpiry} is clearCookie's expiry (which also drops maxAge). */
    private static String serialize(String name, String value, Map<?, ?> opts, Instant forcedExpiry) {
        if (!CookieText.validName(name)) {
            throw new NodeError("TypeError: argument name is invalid");
        }
        String encoded = UriEncoding.component(value);
        StringBuilder sb = new StringBuilder(name).append('=').append(encoded);
        Instant expires = forcedExpiry;
        Object maxAge = forcedExpiry == null ? opts.get("maxAge") : null;
        if (maxAge != null && !Double.isNaN(JsValues.toNumber(maxAge))) {
            double ms = JsValues.toNumber(maxAge);
            expires = Instant.ofEpochMilli(System.currentTimeMillis() + (long) ms);
            sb.append("; Max-Age=").append((long) Math.floor(ms / 1000));
        }
        Object domain = opts.get("domain");
        if (JsValues.truthy(domain)) {
            String d = JsValues.toJsString(domain);
            if (!DOMAIN.matcher(d).matches()) {
                throw new NodeError("TypeError: option domain is invalid");
            }
            sb.append("; Domain=").append(d);
        }
        Object path = opts.get("path") == null ? "/" : opts.get("path");
        if (JsValues.truthy(path)) {
            String p = JsValues.toJsString(path);
            if (!PATH.matcher(p).matches()) {
                throw new NodeError("TypeError: option path is invalid");
            }
            sb.append("; Path=").append(p);
        }
        if (expires == null && JsValues.truthy(opts.get("expires"))) {
            if (!(opts.get("expires") instanceof Date d)) {
                throw new NodeError("TypeError: option expires is invalid");
            }
            expires = d.toInstant();
        }
        if (expires != null) {
            sb.append("; Expires=").append(UTC_STRING.format(expires));
        }
        if (JsValues.truthy(opts.get("httpOnly"))) {
            sb.append("; HttpOnly");
        }
        if (JsValues.truthy(opts.get("secure"))) {
            sb.append("; Secure");
        }
        if (JsValues.truthy(opts.get("partitioned"))) {
            sb.append("; Partitioned");
        }
        appendPriority(sb, opts.get("priority"));
        appendSameSite(sb, opts.get("sameSite"));
        return sb.toString();
    }

    private static void appendPriority(StringBuilder sb, Object priority) {
        if (!JsValues.truthy(priority)) {
            return;
        }
        String p = priority instanceof String s ? s.toLowerCase() : "";
        switch (p) {
            case "low" -> sb.append("; Priority=Low");
            case "medium" -> sb.append("; Priority=Medium");
            case "high" -> sb.append("; Priority=High");
            default -> throw new NodeError("TypeError: option priority is invalid");
        }
    }

    private static void appendSameSite(StringBuilder sb, Object sameSite) {
        if (!JsValues.truthy(sameSite)) {
            return;
        }
        String s = Boolean.TRUE.equals(sameSite) ? "strict" : sameSite instanceof String str ? str.toLowerCase() : "";
        switch (s) {
            case "strict" -> sb.append("; SameSite=Strict");
            case "lax" -> sb.append("; SameSite=Lax");
            case "none" -> sb.append("; SameSite=None");
            default -> throw new NodeError("TypeError: option sameSite is invalid");
        }
    }
}
