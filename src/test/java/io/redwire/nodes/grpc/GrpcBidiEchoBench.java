package io.redwire.nodes.grpc;

import io.redwire.bench.BenchArgs;
import io.redwire.nodes.grpc.proto.ProtoCompiler;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.ManagedChannel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
        BenchArgs a = new BenchArgs(args);
        String host = a.text(0, "127.0.0.1");
        int port = a.number(1, 5002);
        int messages = a.number(2, 100_000);
        int rounds = a.number(3, 5);
        int warmUps = a.number(4, 8);
        Descriptors.MethodDescriptor chat = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto")
                .service("rich.v1.OrderService").findMethodByName("Chat");
        List<DynamicMessage> events = new ArrayList<>(messages);
        for (int i = 0; i < messages; i++) {
            events.add(MessageCodec.fromObject(chat.getInputType(), Map.of("order_id", i, "status", "STATUS_OPEN")));
        }
        ManagedChannel channel = BenchCalls.channel(host, port);
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
                                List<DynamicMessage> events) throws Exception {
        long t0 = System.nanoTime();
        int echoed = BenchCalls.call(channel, chat, events).get(120, TimeUnit.SECONDS).size();
        if (echoed != events.size()) {
            throw new IllegalStateException("stream ended after " + echoed + " echoes");
        }
        return (System.nanoTime() - t0) / 1000.0 / events.size();
    }
}
