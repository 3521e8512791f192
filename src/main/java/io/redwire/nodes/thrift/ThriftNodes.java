package io.redwire.nodes.thrift;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The thrift node family: Thrift services and clients from IDL text, no code generation. */
public final class ThriftNodes extends DeclaredFamily {
    public ThriftNodes() {
        super("thrift", List.of("thrift-server", "thrift-register-function", "thrift-response", "thrift-call"),
                () -> List.of(ThriftServerNode.TYPE, ThriftRegisterFunctionNode.TYPE,
                ThriftResponseNode.TYPE, ThriftCallNode.TYPE));
        declares(ThriftSettings.ALL);
        needs("org.apache.thrift.protocol.TProtocol", "org.apache.thrift:libthrift");
        needs("com.microsoft.thrifty.schema.Schema", "com.microsoft.thrifty:thrifty-schema");
    }
}
