package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A page, group or widget of one dashboard: it joins its ui-base while it runs, and describes itself to the page
 * by its configured fields.
 */
abstract class DashboardMember extends Node {
    private final Map<String, Object> described = new LinkedHashMap<>();

    protected DashboardMember(NodeConfig c) {
        super(c);
        described.put("id", c.id());
        described.put("type", c.type().type());
        for (Field f : c.type().fields()) {
            described.put(f.name(), c.get(f));
        }
    }

    /** The dashboard this node shows on, or null when its group, page or ui-base is missing. */
    abstract UiBaseNode base();

    /** What the page is told of this node: its fields, and what the subclass adds. */
    final Map<String, Object> described() {
        return described;
    }

    @Override
    public Future<Void> start() {
        if (base() == null) {
            error("Missing ui-base / ui-page / ui-group configuration", null);
        } else {
            base().join(this);
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (base() != null) {
            base().leave(this);
        }
        return Future.succeededFuture();
    }
}
