package io.redwire.nodes.udp;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The udp node family: udp in, udp out. */
public final class UdpNodes implements NodeFamily {
    @Override
    public String name() {
        return "udp";
    }

    @Override
    public List<NodeType> types() {
        return List.of(UdpInNode.TYPE, UdpOutNode.TYPE);
    }
}
