package io.redwire.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.redwire.spi.HttpRoutes;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Routes registered by flow nodes (http in), matched in registration order after the admin API, like Node-RED's
 * httpNodeRoot app. Path params are put in the routing context under {@link #PARAMS}.
 */
public final class NodeRouteTable implements HttpRoutes {
    private record Route(String method, ExpressPath path, Handler<RoutingContext> handler, Timer latency) {
    }

    private final List<Route> routes = new CopyOnWriteArrayList<>();
    private final Handler<RoutingContext> notFound;
    private List<RoutingContext> held; // non-null while a deploy swaps the routes; touched on the engine's loop only

    private final MeterRegistry meters; // null: no latency histogram

    /** @param notFound answers a request no route matches */
    public NodeRouteTable(Handler<RoutingContext> notFound) {
        this(notFound, null);
    }

    /** @param meters where each route's request-to-response latency histogram goes ({@code redwire_http_in}) */
    public NodeRouteTable(Handler<RoutingContext> notFound, MeterRegistry meters) {
        this.notFound = notFound;
        this.meters = meters;
    }

    @Override
    public Registration add(String method, String path, Handler<RoutingContext> handler) {
        Timer latency = meters == null ? null : Timer.builder("redwire_http_in")
                .description("http in: request to response end").tag("method", method.toUpperCase())
                .tag("url", path).publishPercentileHistogram().register(meters);
        Route r = new Route(method.toLowerCase(), new ExpressPath(path), handler, latency);
        routes.add(r);
        return () -> routes.remove(r);
    }

    @Override
    public void hold() {
        if (held == null) {
            held = new ArrayList<>();
        }
    }

    @Override
    public void release() {
        List<RoutingContext> waiting = held;
        held = null;
        if (waiting != null) {
            waiting.forEach(ctx -> {
                dispatch(ctx); // the route sets its body handlers now
                ctx.request().resume();
            });
        }
    }

    /**
     * Dispatches to the first matching route, or answers 404 when none matches. HEAD uses GET routes; OPTIONS
     * without an OPTIONS route (such as the CORS preflight handler) lists the methods routed for the path. A held
     * request is paused: nothing reads its body until its route is known, and unpaused the body went by unread
     * and the request was never answered.
     */
    void dispatch(RoutingContext ctx) {
        if (held != null) {
            ctx.request().pause();
            held.add(ctx);
            return;
        }
        if (!matches(ctx)) {
            notFound.handle(ctx);
        }
    }

    /**
     * Dispatches to a matching route if one matches now, else leaves the request to the router (false): while a
     * deploy holds the routes, or when none matches, the caller goes on down the router, which ends in
     * {@link #dispatch}.
     */
    boolean tryDispatch(RoutingContext ctx) {
        return held == null && matches(ctx);
    }

    private boolean matches(RoutingContext ctx) {
        String method = ctx.request().method().name().toLowerCase();
        String path = pathBelowMount(ctx);
        if (method.equals("options")) {
            return route(ctx, method, path) || answerOptions(ctx, path);
        }
        return route(ctx, method.equals("head") ? "get" : method, path);
    }

    /** The path http in nodes see: below the mount point when an application's router hosts Redwire. */
    private static String pathBelowMount(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        String mount = ctx.mountPoint();
        if (mount == null || mount.equals("/") || !path.startsWith(mount)) {
            return path;
        }
        String below = path.substring(mount.endsWith("/") ? mount.length() - 1 : mount.length());
        return below.isEmpty() ? "/" : below;
    }

    private boolean route(RoutingContext ctx, String wanted, String path) {
        for (Route r : routes) {
            if (!r.method.equals(wanted)) {
                continue;
            }
            Map<String, String> params = r.path.match(path);
            if (params != null) {
                ctx.put(PARAMS, params);
                if (r.latency != null) {
                    long start = System.nanoTime();
                    ctx.addEndHandler(v -> r.latency.record(System.nanoTime() - start, TimeUnit.NANOSECONDS));
                }
                r.handler.handle(ctx);
                return true;
            }
        }
        return false;
    }

    /** Express answers OPTIONS itself with the methods routed for the path. */
    private boolean answerOptions(RoutingContext ctx, String path) {
        java.util.LinkedHashSet<String> allowed = new java.util.LinkedHashSet<>();
        for (Route r : routes) {
            if (!r.method.equals("options") && r.path.match(path) != null) {
                allowed.add(r.method.toUpperCase());
                if (r.method.equals("get")) {
                    allowed.add("HEAD");
                }
            }
        }
        if (allowed.isEmpty()) {
            return false;
        }
        String allow = String.join(",", allowed);
        ctx.response().putHeader("allow", allow).putHeader("content-type", "text/html; charset=utf-8").end(allow);
        return true;
    }
}
