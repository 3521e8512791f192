package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.FlowEventNode;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;

import java.util.List;
import java.util.Map;

/** Shared shape of catch, status and complete: a scope (all / ids / group) and a pass-through input. */
abstract class ScopedEventNode extends Node implements FlowEventNode {
    /** "group", a list of node ids, or absent/null for all nodes of the flow. */
    static final Field SCOPE = Field.json("scope", null);

    private final List<String> scopeIds;
    private final boolean groupScope;

    ScopedEventNode(NodeConfig c, Field scopeField) {
        super(c);
        Object scope = c.get(scopeField);
        this.groupScope = "group".equals(scope);
        this.scopeIds = scope instanceof List<?> l ? l.stream().map(String::valueOf).toList() : null;
    }

    @Override
    public List<String> scopeIds() {
        return scopeIds;
    }

    @Override
    public boolean groupScope() {
        return groupScope;
    }

    @Override
    public void deliverEvent(Map<String, Object> msg) {
        receive(msg);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(msg);
        done.done();
    }
}
