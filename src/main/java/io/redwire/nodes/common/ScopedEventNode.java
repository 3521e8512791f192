package io.redwire.nodes.common;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.FlowEventNode;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;

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
