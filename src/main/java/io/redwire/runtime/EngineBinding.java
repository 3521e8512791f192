package io.redwire.runtime;

import io.redwire.api.Node;
import io.redwire.msg.ContextScope;
import io.redwire.spi.NodeBinding;

import java.util.Map;

/**
 * Where a running node is attached: its engine, flow scope, output targets, node context, and its type's message
 * counters (bound here once, so counting costs a field increment). A node kept running by a partial deploy keeps
 * its binding and is only {@link #retarget re-targeted} at the nodes that replaced its old targets.
 */
final class EngineBinding implements NodeBinding {
    private final Engine engine;
    private final FlowScope flow;
    private final ContextScope nodeContext;
    private final NodeCounters counters;
    private volatile Node[][] targets;

    EngineBinding(Engine engine, FlowScope flow, Node[][] targets, ContextScope nodeContext, NodeCounters counters) {
        this.engine = engine;
        this.flow = flow;
        this.targets = targets;
        this.nodeContext = nodeContext;
        this.counters = counters;
    }

    @Override
    public Engine engine() {
        return engine;
    }

    FlowScope flow() {
        return flow;
    }

    @Override
    public Node[][] targets() {
        return targets;
    }

    NodeCounters counters() {
        return counters;
    }

    void retarget(Node[][] to) {
        this.targets = to;
    }

    @Override
    public ContextScope nodeContext() {
        return nodeContext;
    }

    @Override
    public void deliver(Node target, Map<String, Object> msg) {
        counters.sent++;
        engine.deliver(target, msg);
    }

    @Override
    public ContextScope flowContext() {
        return flow.context();
    }

    @Override
    public ContextScope globalContext() {
        return engine.globalContext();
    }

    @Override
    public Object env(Node node, String name) {
        return flow.env().lookup(node, name);
    }

    @Override
    public void logInfo(Node node, String text) {
        engine.log().info(node, text);
    }

    @Override
    public void logWarn(Node node, String text, Object shown) {
        engine.log().warn(node, text, shown);
    }

    @Override
    public void logError(Node node, String text, Object shown) {
        counters.errors++;
        engine.log().error(node, text, shown);
    }

    @Override
    public boolean handleError(Node node, Object error, Map<String, Object> msg) {
        boolean handled = flow.handleError(node, error, msg);
        if (handled) {
            counters.errors++; // reported all the same, only not logged
        }
        return handled;
    }

    @Override
    public void handleComplete(Node node, Map<String, Object> msg) {
        flow.handleComplete(node, msg);
    }

    @Override
    public void handleStatus(Node node, Map<String, Object> status) {
        flow.handleStatus(node, status);
    }

    @Override
    public boolean sameFlow(NodeBinding other) {
        return other instanceof EngineBinding a && a.flow == flow;
    }
}
