package io.redwire.nodes.dashboard;

import io.redwire.api.Node;
import io.redwire.spi.HttpRoutes;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * Where a Dashboard 1 flow's tabs find their dashboard: node-red-dashboard has one dashboard per Node-RED, its
 * ui_base, which no tab names. Keyed by the flows' HTTP server, so each engine in a JVM has its own. A flow without
 * a ui_base (an export of selected nodes) still has its dashboard at /ui with Dashboard 1's defaults, as
 * node-red-dashboard serves one then: a default ui_base is made for it, closed when its last member leaves.
 */
final class Dashboard1Site {
    private static final Map<HttpRoutes, UiBaseNode> BASES = new WeakHashMap<>();

    /** What the Dashboard 2.0 nodes a Dashboard 1 toast, ui_control or link runs as name as their ui-base. */
    static final String SITE = "ui_base";

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

    /** The flow's ui_base, or (none in the flow) a default one, started, that runs where {@code asking} does. */
    static UiBaseNode baseOrDefault(Node asking) {
        HttpRoutes routes = asking.config().services().httpRoutes();
        synchronized (BASES) {
            UiBaseNode base = BASES.get(routes);
            if (base == null && asking.binding() == null) {
                return null; // asked while the deploy builds its nodes: known once they are wired
            }
            if (base == null) {
                base = Dashboard1Base.byDefault(asking);
                base.start();
            }
            return base;
        }
    }
}
