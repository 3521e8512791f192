package io.redwire.nodes.eventbus;

import io.redwire.runtime.NodeType;

import java.util.List;

/** Vert.x event-bus nodes: messages between flows and other Vert.x code, across a cluster's members. */
public final class EventBusNodes {
    private EventBusNodes() {
    }

    public static List<NodeType> types() {
        return List.of(EventBusInNode.TYPE, EventBusOutNode.TYPE);
    }
}
