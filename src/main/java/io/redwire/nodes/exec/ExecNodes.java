package io.redwire.nodes.exec;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The exec node, the core palette's way to run programs. */
public final class ExecNodes implements NodeFamily {
    @Override
    public String name() {
        return "exec";
    }

    @Override
    public List<NodeType> types() {
        return List.of(ExecNode.TYPE);
    }
}
