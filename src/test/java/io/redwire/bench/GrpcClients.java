package io.redwire.bench;

import io.redwire.nodes.grpc.BenchCalls;
import io.redwire.nodes.grpc.MessageCodec;
import io.redwire.nodes.grpc.proto.ProtoCompiler;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/** The gRPC side of GrpcVsRestBench: bench.Bench (protos/bench.proto) over one channel per client. */
final class GrpcClients implements AutoCloseable {
    private final Descriptors.ServiceDescriptor service =
            ProtoCompiler.compileFile(Path.of("protos"), "bench.proto").service("bench.Bench");
    private final List<ManagedChannel> channels = new ArrayList<>();

    GrpcClients(String host, int port, int clients) {
        for (int c = 0; c < clients; c++) {
            channels.add(BenchCalls.channel(host, port));
        }
    }

    CompletableFuture<?> unary(int client, int items) {
        return Pacing.sequential(items, i -> call(client, "Unary", List.of(Expect.item(i)))
                .thenAccept(r -> Expect.echo(r.get(0), i)));
    }

    CompletableFuture<?> stream(int client, int items) {
        return call(client, "Stream", List.of(Map.of("count", items))).thenAccept(r -> Expect.items(r, items));
    }

    /** All items on one bidi stream without waiting for echoes; done when the last echo and the end arrived. */
    CompletableFuture<?> asyncStream(int client, int items) {
        List<Map<String, Object>> requests = new ArrayList<>(items);
        for (int i = 0; i < items; i++) {
            requests.add(Expect.item(i));
        }
        return call(client, "AsyncStream", requests).thenAccept(r -> Expect.items(r, items));
    }

    CompletableFuture<?> createUser(int client, int items) {
        return Pacing.sequential(items, i -> call(client, "CreateUser", List.of(Expect.user(i))).handle((r, e) -> {
            Expect.userAnswer(i, e == null, e == null ? r.get(0) : null, refusal(e));
            return null;
        }));
    }

    /** The replies in Redwire's msg.payload shapes. */
    private CompletableFuture<List<Map<String, Object>>> call(int client, String method,
                                                              List<Map<String, Object>> requests) {
        Descriptors.MethodDescriptor m = service.findMethodByName(method);
        List<DynamicMessage> messages = new ArrayList<>(requests.size());
        for (Map<String, Object> r : requests) {
            messages.add(MessageCodec.fromObject(m.getInputType(), r));
        }
        return BenchCalls.call(channels.get(client), m, messages).thenApply(replies -> {
            List<Map<String, Object>> out = new ArrayList<>(replies.size());
            replies.forEach(reply -> out.add(MessageCodec.toObject(reply)));
            return out;
        });
    }

    /** INVALID_ARGUMENT's description; null for success or any other failure. */
    private static String refusal(Throwable failure) {
        Throwable e = failure instanceof CompletionException ? failure.getCause() : failure;
        return e instanceof StatusRuntimeException s && s.getStatus().getCode() == Status.Code.INVALID_ARGUMENT
                ? s.getStatus().getDescription() : null;
    }

    @Override
    public void close() throws InterruptedException {
        for (ManagedChannel c : channels) {
            c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
