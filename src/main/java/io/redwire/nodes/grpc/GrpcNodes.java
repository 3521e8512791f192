package io.redwire.nodes.grpc;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The grpc node family: node-red-contrib-grpc's node types, backed by protos compiled at runtime. */
public final class GrpcNodes extends DeclaredFamily {
    public GrpcNodes() {
        super("grpc", List.of("grpc-server", "grpc-register-function", "grpc-response", "grpc-call",
                        "grpc-client-streaming"),
                () -> List.of(GrpcServerNode.TYPE, GrpcRegisterFunctionNode.TYPE, GrpcResponseNode.TYPE,
                        GrpcCallNode.TYPE, GrpcClientStreamingNode.TYPE));
        declares(GrpcSettings.ALL);
        needs("io.vertx.grpc.server.GrpcServer", "io.vertx:vertx-grpc-server");
        needs("io.vertx.grpc.client.GrpcClient", "io.vertx:vertx-grpc-client");
        needs("io.vertx.grpcio.server.GrpcIoServer", "io.vertx:vertx-grpcio-server");
        needs("io.grpc.protobuf.services.ProtoReflectionServiceV1", "io.grpc:grpc-services");
        needs("com.google.protobuf.DynamicMessage", "com.google.protobuf:protobuf-java");
        needs("com.squareup.wire.schema.Schema", "com.squareup.wire:wire-schema-jvm");
    }
}
