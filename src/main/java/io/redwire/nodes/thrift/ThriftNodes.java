package io.redwire.nodes.thrift;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The thrift node family: Thrift services and clients from IDL text, no code generation. */
public final class ThriftNodes implements NodeFamily {
    @Override
    public String name() {
        return "thrift";
    }

    @Override
    public List<NodeType> types() {
        return List.of(ThriftServerNode.TYPE, ThriftRegisterFunctionNode.TYPE, ThriftResponseNode.TYPE,
                ThriftCallNode.TYPE);
    }
}
