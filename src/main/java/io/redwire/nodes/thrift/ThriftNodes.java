package io.redwire.nodes.thrift;

import io.redwire.spi.NodeType;

import java.util.List;

/** The thrift node family: Thrift services and clients from IDL text, no code generation. */
public final class ThriftNodes {
    private ThriftNodes() {
    }

    public static List<NodeType> types() {
        return List.of(ThriftServerNode.TYPE, ThriftRegisterFunctionNode.TYPE, ThriftResponseNode.TYPE,
                ThriftCallNode.TYPE);
    }
}
