package io.redwire.nodes.udp;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The udp node family: udp in, udp out. */
public final class UdpNodes {
    private UdpNodes() {
    }

    public static List<NodeType> types() {
        return List.of(UdpInNode.TYPE, UdpOutNode.TYPE);
    }
}
