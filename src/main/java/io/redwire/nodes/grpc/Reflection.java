package io.redwire.nodes.grpc;

import io.grpc.BindableService;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.InternalServer;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.vertx.grpcio.server.GrpcIoServer;
import io.vertx.grpcio.server.GrpcIoServiceBridge;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Server reflection v1 and v1alpha from grpc-services, served on the Vert.x gRPC server through Vert.x's grpc-java
 * bridge. (Vert.x's own reflection speaks v1 only and ends the stream after the first request, while tools such
 * as grpcurl ask several questions on one stream.) grpc-services reads the services to describe from the
 * grpc-java {@link Server} in the call's context, its mutable ones anew for each stream; {@link Index} is that
 * server, holding only the descriptors, its mutable services those a flow serves now.
 */
final class Reflection {
    private Reflection() {
    }

    static void addTo(GrpcIoServer grpc, Supplier<List<ServerServiceDefinition>> services) {
        ServerServiceDefinition v1 = ProtoReflectionServiceV1.newInstance().bindService();
        ServerServiceDefinition v1alpha = v1alpha().bindService();
        Index index = new Index(List.of(v1, v1alpha), services);
        ServerInterceptor withIndex = new ServerInterceptor() {
            @Override
            public <Q, R> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, R> call,
                                                                       io.grpc.Metadata headers,
                                                                       io.grpc.ServerCallHandler<Q, R> next) {
                return Contexts.interceptCall(Context.current().withValue(InternalServer.SERVER_CONTEXT_KEY, index),
                        call, headers, next);
            }
        };
        grpc.addService(GrpcIoServiceBridge.bridge(ServerInterceptors.intercept(v1, withIndex)));
        grpc.addService(GrpcIoServiceBridge.bridge(ServerInterceptors.intercept(v1alpha, withIndex)));
    }

    @SuppressWarnings("deprecation") // v1alpha is what many clients (grpcurl, older tools) still ask for
    private static BindableService v1alpha() {
        return ProtoReflectionService.newInstance();
    }

    /** What reflection asks a grpc-java server for: its services. Never started; it serves nothing itself. */
    private static final class Index extends Server {
        private final List<ServerServiceDefinition> immutable;
        private final Supplier<List<ServerServiceDefinition>> mutable;

        Index(List<ServerServiceDefinition> immutable, Supplier<List<ServerServiceDefinition>> mutable) {
            this.immutable = immutable;
            this.mutable = mutable;
        }

        @Override
        public List<ServerServiceDefinition> getImmutableServices() {
            return immutable;
        }

        @Override
        public List<ServerServiceDefinition> getMutableServices() {
            return mutable.get();
        }

        @Override
        public List<ServerServiceDefinition> getServices() {
            return java.util.stream.Stream.concat(immutable.stream(), mutable.get().stream()).toList();
        }

        @Override
        public Server start() {
            return this;
        }

        @Override
        public Server shutdown() {
            return this;
        }

        @Override
        public Server shutdownNow() {
            return this;
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }

        @Override
        public void awaitTermination() {
        }
    }
}
