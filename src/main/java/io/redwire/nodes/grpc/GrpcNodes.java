package io.redwire.nodes.grpc;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The grpc node family. */
public final class GrpcNodes {
    private GrpcNodes() {
    }

    public static List<NodeType> types() {
        return List.of();
    }
}
