package io.redwire.admin;

import io.redwire.web.ConnectionGuard;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.RoutingContext;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Keeps web pages of other sites from using the admin API through a visitor's browser (cross-site request forgery),
 * which matters most without adminAuth, where every admin route is open to whoever can reach the port — and a
 * browser on the same machine can reach 127.0.0.1.
 * <ul>
 * <li>{@link #sameOrigin}: a request whose {@code Origin} names another site is refused 403. Browsers send Origin on
 * every cross-origin POST, PUT and DELETE and on websocket upgrades; a same-origin Origin (the editor) and an absent
 * one (curl, scripts, other servers) pass. Same origin means the Origin's host and port are the request's
 * {@code Host} or, behind a proxy that rewrites Host, its {@code X-Forwarded-Host} (a page cannot set that header
 * without a CORS preflight, which the admin API never grants).</li>
 * <li>{@link #jsonBody}: for a route that changes state, also refuses 400 a body a page can send without a preflight:
 * Content-Type {@code text/plain}, {@code application/x-www-form-urlencoded} or {@code multipart/form-data} (what an
 * HTML form or a plain {@code fetch} sends), or a body with no Content-Type at all (a {@code fetch} of a Blob).
 * Node-RED 5.0.7 answers such a {@code POST /flows} 400 too, as it only reads JSON there; its inject, debug and
 * context routes act on them, which these routes do not. A request without a body and without a Content-Type (as
 * {@code curl -X POST …/inject/id} sends) passes.</li>
 * </ul>
 */
final class CrossSiteGuard {
    private static final Set<String> FORM_TYPES = Set.of("text/plain", "application/x-www-form-urlencoded",
            "multipart/form-data");

    private CrossSiteGuard() {
    }

    /** A route handler refusing a request from a page of another origin. */
    static void sameOrigin(RoutingContext ctx) {
        String origin = ctx.request().getHeader("Origin");
        if (origin == null || isSameOrigin(origin, ctx.request())) {
            ctx.next();
        } else {
            Replies.error(ctx, 403, "forbidden", "cross-origin request refused: Origin " + origin
                    + " is not this server");
        }
    }

    /** {@link #sameOrigin}, and a body in a type a cross-site form or simple fetch can send is refused. */
    static void jsonBody(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        String type = req.getHeader("Content-Type");
        String essence = type == null ? null : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (essence != null && FORM_TYPES.contains(essence)) {
            Replies.error(ctx, 400, "invalid_request", "Content-Type " + essence + " refused: admin requests that "
                    + "change state take application/json (a page of any site can post " + essence + ")");
        } else if (essence == null && ConnectionGuard.mayHaveBody(req)) {
            Replies.error(ctx, 400, "invalid_request", "a body without Content-Type refused: admin requests that "
                    + "change state take application/json");
        } else {
            sameOrigin(ctx);
        }
    }

    private static boolean isSameOrigin(String origin, HttpServerRequest req) {
        URI uri;
        try {
            uri = new URI(origin);
        } catch (java.net.URISyntaxException e) {
            return false;
        }
        if (uri.getHost() == null || uri.getScheme() == null) {
            return false; // "null": a sandboxed frame or a file: page, never this server's own
        }
        int defaultPort = uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        String host = unbracketed(uri.getHost());
        int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
        String forwarded = req.getHeader("X-Forwarded-Host");
        return matches(req.authority(), host, port, defaultPort)
                || forwarded != null && matches(HostAndPort.parseAuthority(forwarded.split(",", 2)[0].trim(), -1),
                host, port, defaultPort);
    }

    /** A Host header without a port names the default port of the scheme the page was loaded with. */
    private static boolean matches(HostAndPort authority, String host, int port, int defaultPort) {
        return authority != null && unbracketed(authority.host()).equalsIgnoreCase(host)
                && (authority.port() < 0 ? defaultPort : authority.port()) == port;
    }

    private static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
