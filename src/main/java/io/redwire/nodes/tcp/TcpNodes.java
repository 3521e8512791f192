package io.redwire.nodes.tcp;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The tcp node family: tcp in, tcp out, tcp request. */
public final class TcpNodes {
    private TcpNodes() {
    }

    public static List<NodeType> types() {
        return List.of(TcpInNode.TYPE, TcpOutNode.TYPE, TcpRequestNode.TYPE);
    }
}
