package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Test client: calls a schema's methods with JSON requests and returns JSON replies (proto field names). */
final class DynamicClient implements AutoCloseable {
    private final ManagedChannel channel;
    private final ProtoSchema schema;
    private Metadata headers = new Metadata();

    DynamicClient(ProtoSchema schema, int port) {
        this.schema = schema;
        this.channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    DynamicClient withHeader(String key, String value) {
        headers.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), value);
        return this;
    }

    Descriptors.MethodDescriptor method(String service, String method) {
        return schema.service(service).findMethodByName(method);
    }

    String unary(String service, String method, String json) throws Exception {
        Descriptors.MethodDescriptor m = method(service, method);
        return print(ClientCalls.blockingUnaryCall(channel(), GrpcMethods.descriptor(m), options(), parse(m, json)));
    }

    List<String> serverStream(String service, String method, String json) throws Exception {
        Descriptors.MethodDescriptor m = method(service, method);
        List<String> out = new ArrayList<>();
        ClientCalls.blockingServerStreamingCall(channel(), GrpcMethods.descriptor(m), options(), parse(m, json))
                .forEachRemaining(r -> out.add(print(r)));
        return out;
    }

    /** Client streaming or bidi: sends all requests, half-closes, collects every reply until the end. */
    List<String> stream(String service, String method, List<String> jsons) throws Exception {
        Descriptors.MethodDescriptor m = method(service, method);
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        StreamObserver<DynamicMessage> requests = ClientCalls.asyncBidiStreamingCall(
                channel().newCall(GrpcMethods.descriptor(m), options()), new StreamObserver<>() {
                    @Override
                    public void onNext(DynamicMessage value) {
                        synchronized (out) {
                            out.add(print(value));
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        done.complete(null);
                    }
                });
        for (String j : jsons) {
            requests.onNext(parse(m, j));
        }
        requests.onCompleted();
        try {
            done.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw (Exception) e.getCause();
        }
        return out;
    }

    private io.grpc.Channel channel() {
        return io.grpc.ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    private static CallOptions options() {
        // generous: on a loaded 2-core machine a flow's first JavaScript run alone can take seconds
        return CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    static DynamicMessage parse(Descriptors.MethodDescriptor m, String json) throws InvalidProtocolBufferException {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(m.getInputType());
        JsonFormat.parser().merge(json, b);
        return b.build();
    }

    static String print(DynamicMessage m) {
        try {
            return JsonFormat.printer().preservingProtoFieldNames().omittingInsignificantWhitespace().print(m);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    static StatusRuntimeException statusOf(Exception e) {
        return e instanceof StatusRuntimeException s ? s : new StatusRuntimeException(io.grpc.Status.fromThrowable(e));
    }

    @Override
    public void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
