package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Loads Wire and protobuf classes on a background thread when the grpc family is registered. The first
 * .proto compile in a JVM otherwise takes seconds, and it happens during a deploy, on the flow loop.
 */
final class GrpcWarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private GrpcWarmUp() {
    }

    static void startOnce() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(GrpcWarmUp::run, "redwire-grpc-warmup");
        t.setDaemon(true);
        t.start();
    }

    private static void run() {
        try {
            ProtoSchema s = ProtoCompiler.compile("warmup.proto", """
                    syntax = "proto3";
                    import "google/protobuf/timestamp.proto";
                    message W { int64 a = 1; map<string, W> m = 2; google.protobuf.Timestamp t = 3; }
                    service S { rpc M(W) returns (stream W); }
                    """, null);
            var method = s.service("S").getMethods().get(0);
            GrpcMethods.descriptor(method);
            MessageCodec.toObject(MessageCodec.fromObject(method.getInputType(), java.util.Map.of("a", "1")));
        } catch (RuntimeException | LinkageError ignored) {
            // only a head start; real compiles report their own errors
        }
    }
}
