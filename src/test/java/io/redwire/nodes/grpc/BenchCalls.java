package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Non-blocking DynamicMessage calls of any kind for the benchmark clients (GrpcMethods is package-private). */
public final class BenchCalls {
    private BenchCalls() {
    }

    /** A plaintext channel whose callbacks run on grpc's I/O threads, as Redwire's own. */
    public static ManagedChannel channel(String host, int port) {
        return NettyChannelBuilder.forAddress(host, port).usePlaintext().directExecutor().build();
    }

    /**
     * Sends every request without waiting, ends the request stream and collects the replies; fails with the
     * call's StatusRuntimeException unless it ends OK.
     */
    public static CompletableFuture<List<DynamicMessage>> call(Channel channel, Descriptors.MethodDescriptor method,
                                                              List<DynamicMessage> requests) {
        ClientCall<DynamicMessage, DynamicMessage> call = channel.newCall(GrpcMethods.descriptor(method),
                CallOptions.DEFAULT.withDeadlineAfter(120, TimeUnit.SECONDS));
        CompletableFuture<List<DynamicMessage>> done = new CompletableFuture<>();
        List<DynamicMessage> replies = new ArrayList<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(DynamicMessage message) {
                replies.add(message); // grpc delivers one call's events one at a time
                call.request(1);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                if (status.isOk()) {
                    done.complete(replies);
                } else {
                    done.completeExceptionally(status.asRuntimeException(trailers));
                }
            }
        }, new Metadata());
        call.request(64);
        for (DynamicMessage r : requests) {
            call.sendMessage(r);
        }
        call.halfClose();
        return done;
    }
}
