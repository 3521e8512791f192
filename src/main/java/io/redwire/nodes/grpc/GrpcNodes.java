package io.redwire.nodes.grpc;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The grpc node family: node-red-contrib-grpc's node types, backed by protos compiled at runtime. */
public final class GrpcNodes implements NodeFamily {
    @Override
    public String name() {
        return "grpc";
    }

    @Override
    public List<NodeType> types() {
        GrpcWarmUp.startOnce();
        return List.of(GrpcServerNode.TYPE, GrpcRegisterFunctionNode.TYPE, GrpcResponseNode.TYPE, GrpcCallNode.TYPE,
                GrpcClientStreamingNode.TYPE);
    }
}
