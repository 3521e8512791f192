package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.redwire.proto.ProtoCompiler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Benchmark (a command, not a test): streams N OrderEvents through rich.v1.OrderService/Chat of a running Redwire
 * (flows/grpc-streaming.json echoes Chat with register-function → grpc-response) without waiting for replies, and
 * reports microseconds per message until the last echo and the end of the stream arrived. The warm-up rounds come
 * first and are not reported: both JVMs need about a million messages before the JIT has compiled the stream path.
 * <pre>java -cp target/test-classes:target/classes:CP io.redwire.nodes.grpc.GrpcBidiEchoBench [host] [port]
 *      [messages] [rounds] [warm-up rounds]</pre>
 */
public final class GrpcBidiEchoBench {
    private GrpcBidiEchoBench() {
    }

    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 5002;
        int messages = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        int warmUps = args.length > 4 ? Integer.parseInt(args[4]) : 8;
        Descriptors.MethodDescriptor chat = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto")
                .service("rich.v1.OrderService").findMethodByName("Chat");
        List<DynamicMessage> events = new ArrayList<>(messages);
        for (int i = 0; i < messages; i++) {
            events.add(MessageCodec.fromObject(chat.getInputType(), Map.of("order_id", i, "status", "STATUS_OPEN")));
        }
        ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().directExecutor().build();
        List<Double> perMessage = new ArrayList<>();
        try {
            for (int r = -warmUps; r < rounds; r++) {
                double us = round(channel, chat, events);
                if (r >= 0) {
                    perMessage.add(us);
                    System.out.printf("{\"round\":%d,\"messages\":%d,\"us_per_message\":%.3f}%n", r, messages, us);
                }
            }
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        Collections.sort(perMessage);
        System.out.printf("{\"median_us_per_message\":%.3f,\"min_us_per_message\":%.3f}%n",
                perMessage.get(perMessage.size() / 2), perMessage.get(0));
    }

    private static double round(ManagedChannel channel, Descriptors.MethodDescriptor chat,
                                List<DynamicMessage> events) throws InterruptedException {
        ClientCall<DynamicMessage, DynamicMessage> call = channel.newCall(GrpcMethods.client(chat),
                CallOptions.DEFAULT.withDeadlineAfter(120, TimeUnit.SECONDS));
        AtomicInteger echoed = new AtomicInteger();
        CountDownLatch closed = new CountDownLatch(1);
        Status[] status = new Status[1];
        long t0 = System.nanoTime();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(DynamicMessage message) {
                echoed.incrementAndGet();
                call.request(1);
            }

            @Override
            public void onClose(Status s, Metadata trailers) {
                status[0] = s;
                closed.countDown();
            }
        }, new Metadata());
        call.request(64);
        for (DynamicMessage e : events) {
            call.sendMessage(e);
        }
        call.halfClose();
        if (!closed.await(120, TimeUnit.SECONDS) || !status[0].isOk() || echoed.get() != events.size()) {
            throw new IllegalStateException("stream ended with " + status[0] + " after " + echoed.get() + " echoes");
        }
        return (System.nanoTime() - t0) / 1000.0 / events.size();
    }
}
