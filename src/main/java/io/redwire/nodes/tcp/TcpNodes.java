package io.redwire.nodes.tcp;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The tcp node family: tcp in, tcp out, tcp request. */
public final class TcpNodes implements NodeFamily {
    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public List<NodeType> types() {
        return List.of(TcpInNode.TYPE, TcpOutNode.TYPE, TcpRequestNode.TYPE);
    }
}
