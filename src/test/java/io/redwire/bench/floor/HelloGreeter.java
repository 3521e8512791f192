package io.redwire.bench.floor;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.grpc.server.GrpcServer;

/**
 * The seed's hello.proto (HelloRequest{int32 id, string name}, HelloReply{string message}) as descriptors built in
 * code (no compile), and the bare Vert.x gRPC server the gRPC floors share: each call's request parsed into a
 * {@link DynamicMessage}, answered with a HelloReply{message:"OK!"} DynamicMessage built for that call.
 */
final class HelloGreeter {
    final Descriptor request;
    final Descriptor reply;

    HelloGreeter() {
        try {
            FileDescriptor file = FileDescriptor.buildFrom(FileDescriptorProto.newBuilder().setName("hello.proto")
                    .setPackage("hello").setSyntax("proto3")
                    .addMessageType(message("HelloRequest", field("id", 1, FieldDescriptorProto.Type.TYPE_INT32),
                            field("name", 2, FieldDescriptorProto.Type.TYPE_STRING)))
                    .addMessageType(message("HelloReply", field("message", 1,
                            FieldDescriptorProto.Type.TYPE_STRING)))
                    .build(), new FileDescriptor[0]);
            request = file.findMessageTypeByName("HelloRequest");
            reply = file.findMessageTypeByName("HelloReply");
        } catch (DescriptorValidationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** HelloRequest{id:123456, name:"test"}, the seed's request. */
    Buffer requestBytes() {
        return Buffer.buffer(DynamicMessage.newBuilder(request).setField(request.findFieldByName("id"), 123456)
                .setField(request.findFieldByName("name"), "test").build().toByteArray());
    }

    /** Serves every call as SayHello on 127.0.0.1:{@code port} (0: any free port), HTTP/2 with prior knowledge. */
    HttpServer serve(Vertx vertx, int port) {
        GrpcServer grpc = GrpcServer.server(vertx).callHandler(call -> call.last().onSuccess(body -> {
            parse(request, body);
            call.response().end(Buffer.buffer(DynamicMessage.newBuilder(reply)
                    .setField(reply.findFieldByName("message"), "OK!").build().toByteArray()));
        }));
        return vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true)).requestHandler(grpc)
                .listen(port, "127.0.0.1").await();
    }

    static DynamicMessage parse(Descriptor type, Buffer body) {
        try {
            return DynamicMessage.parseFrom(type, body.getBytes());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DescriptorProto message(String name, FieldDescriptorProto... fields) {
        DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto field : fields) {
            m.addField(field);
        }
        return m.build();
    }

    private static FieldDescriptorProto field(String name, int number, FieldDescriptorProto.Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).build();
    }
}
