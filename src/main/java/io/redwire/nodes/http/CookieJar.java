package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The per-request cookie jar (Node-RED gives every request a fresh tough-cookie jar): seeded from msg.cookies and a
 * cookie header, filled by Set-Cookie on redirect hops, and turned into the Cookie header of each hop by RFC 6265
 * domain/path matching.
 */
final class CookieJar {
    private record Cookie(String name, String value, String domain, boolean hostOnly, String path, boolean secure,
                          long order) {
    }

    private final List<Cookie> cookies = new ArrayList<>();
    private long created;

    boolean isEmpty() {
        return cookies.isEmpty();
    }

    /**
     * Stores one Set-Cookie line received from url (or a bare "name=value" pair, host-only with the default path);
     * invalid or foreign-domain cookies are ignored.
     */
    void store(String setCookie, TargetUrl url) {
        String[] parts = setCookie.split(";");
        int eq = parts[0].indexOf('=');
        if (eq <= 0) {
            return;
        }
        String name = parts[0].substring(0, eq).strip();
        String value = parts[0].substring(eq + 1).strip();
        String domain = null;
        String path = null;
        boolean secure = false;
        boolean expired = false;
        Long maxAge = null;
        for (int i = 1; i < parts.length; i++) {
            String attr = parts[i].strip();
            int e = attr.indexOf('=');
            String key = (e < 0 ? attr : attr.substring(0, e)).strip().toLowerCase();
            String val = e < 0 ? "" : attr.substring(e + 1).strip();
            switch (key) {
                case "domain" -> domain = val.startsWith(".") ? val.substring(1).toLowerCase() : val.toLowerCase();
                case "path" -> path = val.startsWith("/") ? val : null;
                case "secure" -> secure = true;
                case "max-age" -> {
                    try {
                        maxAge = Long.parseLong(val);
                    } catch (NumberFormatException ignored) {
                        // tough-cookie ignores a malformed Max-Age
                    }
                }
                case "expires" -> expired |= maxAge == null && isPast(val);
                default -> {
                }
            }
        }
        if (maxAge != null) {
            expired = maxAge <= 0;
        }
        String host = url.connectHost();
        boolean hostOnly = domain == null || domain.isEmpty();
        if (!hostOnly && !domainMatches(host, domain)) {
            return;
        }
        Cookie c = new Cookie(name, value, hostOnly ? host : domain, hostOnly, path == null ? defaultPath(url) : path,
                secure, created++);
        cookies.removeIf(o -> o.name.equals(c.name) && o.domain.equals(c.domain) && o.path.equals(c.path));
        if (!expired) {
            cookies.add(c);
        }
    }

    /** The Cookie header for a request to url ("a=1; b=2"), or null when no cookie applies. */
    String header(TargetUrl url) {
        String host = url.connectHost();
        String path = url.path();
        List<Cookie> matching = new ArrayList<>();
        for (Cookie c : cookies) {
            boolean domainOk = c.hostOnly ? c.domain.equals(host) : domainMatches(host, c.domain);
            if (domainOk && pathMatches(path, c.path) && (!c.secure || url.https())) {
                matching.add(c);
            }
        }
        if (matching.isEmpty()) {
            return null;
        }
        matching.sort(Comparator.comparingInt((Cookie c) -> -c.path.length()).thenComparingLong(c -> c.order));
        StringBuilder sb = new StringBuilder();
        for (Cookie c : matching) {
            if (!sb.isEmpty()) {
                sb.append("; ");
            }
            sb.append(c.name).append('=').append(c.value);
        }
        return sb.toString();
    }

    /** Cookies from msg.cookies: {name: "v"} or {name: {value, encode}}; null / {value: null} are for responses. */
    void addMessageCookies(Map<?, ?> msgCookies, TargetUrl url) {
        msgCookies.forEach((k, v) -> {
            String name = String.valueOf(k);
            if (v == null || v instanceof Map<?, ?> m && m.containsKey("value") && m.get("value") == null) {
                return;
            }
            if (v instanceof Map<?, ?> m) {
                boolean encode = !Boolean.FALSE.equals(m.get("encode"));
                store(CookieText.serialize(name, JsValues.toJsString(
                        m.containsKey("value") ? m.get("value") : Undefined.VALUE), encode), url);
            } else {
                store(CookieText.serialize(name, JsValues.toJsString(v), true), url);
            }
        });
    }

    /** A cookie header given in msg.headers / node headers: its pairs go into the jar unencoded. */
    void addCookieHeader(String header, TargetUrl url) {
        CookieText.parse(header, false).forEach((name, value) -> store(CookieText.serialize(name, String.valueOf(value),
                false), url));
    }

    private static boolean isPast(String date) {
        try {
            return ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli()
                    <= System.currentTimeMillis();
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static boolean domainMatches(String host, String domain) {
        return host.equals(domain) || host.endsWith("." + domain) && !host.matches("[0-9.]+");
    }

    private static boolean pathMatches(String requestPath, String cookiePath) {
        if (requestPath.equals(cookiePath)) {
            return true;
        }
        return requestPath.startsWith(cookiePath)
                && (cookiePath.endsWith("/") || requestPath.charAt(cookiePath.length()) == '/');
    }

    /** RFC 6265 default-path: the request path up to, not including, its last "/". */
    private static String defaultPath(TargetUrl url) {
        String p = url.path();
        int last = p.lastIndexOf('/');
        return last <= 0 ? "/" : p.substring(0, last);
    }
}
