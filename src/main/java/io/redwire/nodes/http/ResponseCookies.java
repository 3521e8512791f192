package io.redwire.nodes.http;

import io.redwire.runtime.JsValues;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpServerResponse;

import java.util.Map;

/** msg.cookies → Set-Cookie headers: a value, a value with options, or null to clear. */
final class ResponseCookies {
    private ResponseCookies() {
    }

    static void apply(HttpServerResponse res, Map<?, ?> cookies) {
        cookies.forEach((name, spec) -> {
            String n = String.valueOf(name);
            if (spec == null || spec instanceof Map<?, ?> m && m.containsKey("value") && m.get("value") == null) {
                res.headers().add("set-cookie", n + "=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
                return;
            }
            if (!(spec instanceof Map<?, ?> opts)) {
                res.headers().add("set-cookie", n + "=" + JsValues.toJsString(spec) + "; Path=/");
                return;
            }
            Cookie c = Cookie.cookie(n, JsValues.toJsString(opts.get("value")));
            c.setPath(opts.get("path") instanceof String p ? p : "/");
            if (opts.get("domain") instanceof String d) {
                c.setDomain(d);
            }
            if (opts.get("maxAge") instanceof Number age) {
                c.setMaxAge(age.longValue() / 1000);
            }
            if (Boolean.TRUE.equals(opts.get("httpOnly"))) {
                c.setHttpOnly(true);
            }
            if (Boolean.TRUE.equals(opts.get("secure"))) {
                c.setSecure(true);
            }
            if (opts.get("sameSite") instanceof String ss) {
                c.setSameSite(CookieSameSite.valueOf(ss.toUpperCase()));
            }
            res.headers().add("set-cookie", c.encode());
        });
    }
}
