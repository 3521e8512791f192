package io.redwire.nodes.grpc;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The grpc node family: node-red-contrib-grpc's node types, backed by protos compiled at runtime. */
public final class GrpcNodes {
    private GrpcNodes() {
    }

    public static List<NodeType> types() {
        return List.of(GrpcServerNode.TYPE, GrpcRegisterFunctionNode.TYPE, GrpcResponseNode.TYPE, GrpcCallNode.TYPE,
                GrpcClientStreamingNode.TYPE);
    }

    /** Loads Wire, protobuf and grpc-java in the background; for a flow that uses the family, before its deploy. */
    public static void warmUp() {
        GrpcWarmUp.startOnce();
    }
}
