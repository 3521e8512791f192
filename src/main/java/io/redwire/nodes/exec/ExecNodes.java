package io.redwire.nodes.exec;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The exec node, the core palette's way to run programs. */
public final class ExecNodes {
    private ExecNodes() {
    }

    public static List<NodeType> types() {
        return List.of(ExecNode.TYPE);
    }
}
