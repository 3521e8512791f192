package io.redwire.nodes.thrift;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The thrift node family. */
public final class ThriftNodes {
    private ThriftNodes() {
    }

    public static List<NodeType> types() {
        return List.of();
    }
}
