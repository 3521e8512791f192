package io.redwire.nodes.eventbus;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** Vert.x event-bus nodes: messages between flows and other Vert.x code, across a cluster's members. */
public final class EventBusNodes implements NodeFamily {
    @Override
    public String name() {
        return "eventbus";
    }

    @Override
    public List<NodeType> types() {
        return List.of(EventBusInNode.TYPE, EventBusOutNode.TYPE);
    }
}
