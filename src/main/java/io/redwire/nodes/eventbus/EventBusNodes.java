package io.redwire.nodes.eventbus;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** Vert.x event-bus nodes: messages between flows and other Vert.x code, across a cluster's members. */
public final class EventBusNodes extends DeclaredFamily {
    public EventBusNodes() {
        super("eventbus", List.of("eventbus in", "eventbus out"),
                () -> List.of(EventBusInNode.TYPE, EventBusOutNode.TYPE));
    }
}
