package io.redwire.bench.floor;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientResponse;
import io.vertx.grpc.server.GrpcServer;

import java.io.PrintStream;

/**
 * The gRPC loop's floor: the seed's 1 000 sequential unary hello.Greeter/SayHello calls between a bare Vert.x gRPC
 * client and server in one JVM, both sides coding a {@link DynamicMessage} of descriptors built in code (no
 * compile): HelloRequest{id:123456, name:"test"} answered with HelloReply{message:"OK!"}.
 */
public final class GrpcLoopFloor {
    private GrpcLoopFloor() {
    }

    public static void main(String[] args) throws Exception {
        run(Floor.of(args), System.out);
        System.exit(0);
    }

    static void run(Floor f, PrintStream out) throws Exception {
        FileDescriptor file = FileDescriptor.buildFrom(FileDescriptorProto.newBuilder().setName("hello.proto")
                .setPackage("hello").setSyntax("proto3")
                .addMessageType(message("HelloRequest", field("id", 1, FieldDescriptorProto.Type.TYPE_INT32),
                        field("name", 2, FieldDescriptorProto.Type.TYPE_STRING)))
                .addMessageType(message("HelloReply", field("message", 1, FieldDescriptorProto.Type.TYPE_STRING)))
                .build(), new FileDescriptor[0]);
        Descriptor request = file.findMessageTypeByName("HelloRequest");
        Descriptor reply = file.findMessageTypeByName("HelloReply");
        Buffer requestBytes = Buffer.buffer(DynamicMessage.newBuilder(request)
                .setField(request.findFieldByName("id"), 123456)
                .setField(request.findFieldByName("name"), "test").build().toByteArray());
        Vertx vertx = Vertx.vertx();
        try {
            GrpcServer grpc = GrpcServer.server(vertx).callHandler(call -> call.last().onSuccess(body -> {
                parse(request, body);
                call.response().end(Buffer.buffer(DynamicMessage.newBuilder(reply)
                        .setField(reply.findFieldByName("message"), "OK!").build().toByteArray()));
            }));
            HttpServer server = vertx.createHttpServer().requestHandler(grpc).listen(0, "127.0.0.1").await();
            GrpcClient client = GrpcClient.client(vertx);
            SocketAddress to = SocketAddress.inetSocketAddress(server.actualPort(), "127.0.0.1");
            double[] ms = f.timeSets(() -> client.request(to).compose(r -> {
                r.fullMethodName("hello.Greeter/SayHello");
                r.end(requestBytes);
                return r.response();
            }).compose(GrpcClientResponse::last).map(b -> parse(reply, b))).await();
            Floor.report(out, "grpc", ms);
        } finally {
            vertx.close().await();
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

    private static DynamicMessage parse(Descriptor type, Buffer body) {
        try {
            return DynamicMessage.parseFrom(type, body.getBytes());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}
