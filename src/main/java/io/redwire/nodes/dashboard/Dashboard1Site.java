package io.redwire.nodes.dashboard;

import io.redwire.spi.HttpRoutes;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * Where a Dashboard 1 flow's tabs find their dashboard: node-red-dashboard has one dashboard per Node-RED, its
 * ui_base, which no tab names. Keyed by the flows' HTTP server, so each engine in a JVM has its own.
 */
final class Dashboard1Site {
    private static final Map<HttpRoutes, UiBaseNode> BASES = new WeakHashMap<>();

    private Dashboard1Site() {
    }

    static void opened(HttpRoutes routes, UiBaseNode base) {
        synchronized (BASES) {
            BASES.put(routes, base);
        }
    }

    /** Forgets {@code base} unless a newer deploy's ui_base has taken its place. */
    static void closed(HttpRoutes routes, UiBaseNode base) {
        synchronized (BASES) {
            BASES.remove(routes, base);
        }
    }

    static UiBaseNode base(HttpRoutes routes) {
        synchronized (BASES) {
            return BASES.get(routes);
        }
    }
}
