package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.GrpcMethods.Request;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.spi.FlowEngine;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor.Builder;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.util.MutableHandlerRegistry;
import io.vertx.core.Future;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A grpc-java server for every service of a compiled schema, answering with DynamicMessages and server reflection
 * (v1 and v1alpha). Calls go to the grpc-register-function node registered for their method. Transport callbacks
 * run directly on grpc's threads (directExecutor) and only hand work to the flow loop.
 */
final class DynamicServer {
    private final GrpcServerNode owner;
    private final ProtoSchema schema;
    private final String host;
    private final int port;
    private final Map<String, GrpcRegisterFunctionNode> handlers = new HashMap<>();
    private final Set<InboundCall> inFlight = new LinkedHashSet<>();
    private final ServerCredentials credentials;
    private volatile Server server;
    private Future<Void> starting = Future.succeededFuture();
    private boolean stopping;

    DynamicServer(GrpcServerNode owner, ProtoSchema schema, String host, int port, ServerCredentials credentials) {
        this.owner = owner;
        this.schema = schema;
        this.host = host;
        this.port = port;
        this.credentials = credentials;
    }

    FlowEngine engine() {
        return owner.engine();
    }

    /**
     * Builds and binds the server off the flow loop (the first grpc-java server of a JVM loads Netty's native
     * transport, which takes seconds); fails with a clear message when the port is taken or TLS material is bad.
     */
    Future<Void> start() {
        starting = engine().vertx().<Void>executeBlocking(() -> {
            Server s;
            try {
                s = build();
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IOException("cannot use the TLS certificate/key: " + e.getMessage(), e);
            }
            try {
                s.start();
            } catch (IOException e) {
                s.shutdownNow();
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                String why = inUse(e) ? "port " + port + " on " + host + " is already in use"
                        : "cannot listen on " + host + ":" + port;
                throw new IOException(why + " (" + cause.getMessage() + ")", e);
            }
            server = s;
            return null;
        });
        return starting;
    }

    private Server build() {
        MutableHandlerRegistry registry = new MutableHandlerRegistry();
        for (ServerServiceDefinition d : definitions()) {
            registry.addService(d);
        }
        return NettyServerBuilder.forAddress(new InetSocketAddress(host, port), credentials)
                .bossEventLoopGroup(GrpcEventLoops.group())
                .workerEventLoopGroup(GrpcEventLoops.group())
                .channelType(GrpcEventLoops.serverChannelType())
                .flowControlWindow(GrpcEventLoops.FLOW_CONTROL_WINDOW)
                .directExecutor()
                .fallbackHandlerRegistry(registry)
                .addService(ProtoReflectionServiceV1.newInstance())
                .addService(reflectionV1alpha())
                .build();
    }

    /** Netty's native transport reports EADDRINUSE as its own exception type, so look at the text too. */
    private static boolean inUse(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("deprecation") // v1alpha is what many clients (grpcurl, older tools) still ask for
    private static io.grpc.BindableService reflectionV1alpha() {
        return ProtoReflectionService.newInstance();
    }

    /** The port actually bound (differs from the configured one when that is 0). */
    int boundPort() {
        Server s = server;
        return s != null ? s.getPort() : port;
    }

    /** Cancels every open call with UNAVAILABLE, then releases the port; completes when it is free. */
    Future<Void> close() {
        stopping = true;
        for (InboundCall c : new ArrayList<>(inFlight)) {
            c.finish(Status.UNAVAILABLE.withDescription("grpc-server stopped (flows redeployed or stopped)"));
        }
        // a start still binding must finish first, or its port would outlive the flows
        return starting.otherwiseEmpty().compose(v -> {
            Server s = server;
            if (s == null) {
                return Future.succeededFuture();
            }
            s.shutdownNow();
            return engine().vertx().executeBlocking(() -> {
                s.awaitTermination(10, TimeUnit.SECONDS);
                return null;
            });
        });
    }

    // ---- handlers and calls, on the flow loop ------------------------------------------------------------------

    /** Makes {@code node} answer {@code fullMethodName}; returns the node it replaces, if any. */
    GrpcRegisterFunctionNode register(String fullMethodName, GrpcRegisterFunctionNode node) {
        return handlers.put(fullMethodName, node);
    }

    void unregister(String fullMethodName, GrpcRegisterFunctionNode node) {
        handlers.remove(fullMethodName, node);
    }

    GrpcRegisterFunctionNode handler(String fullMethodName) {
        return handlers.get(fullMethodName);
    }

    boolean track(InboundCall call) {
        return !stopping && inFlight.add(call);
    }

    void forget(InboundCall call) {
        inFlight.remove(call);
    }

    // ---- service definitions -------------------------------------------------------------------------------

    private List<ServerServiceDefinition> definitions() {
        List<ServerServiceDefinition> out = new ArrayList<>();
        for (FileDescriptor f : schema.files().values()) {
            for (ServiceDescriptor s : f.getServices()) {
                out.add(definition(s));
            }
        }
        return out;
    }

    private ServerServiceDefinition definition(ServiceDescriptor service) {
        Builder sd = io.grpc.ServiceDescriptor.newBuilder(service.getFullName())
                .setSchemaDescriptor(new GrpcMethods.Schema(service, null));
        List<io.grpc.MethodDescriptor<Request, DynamicMessage>> methods = new ArrayList<>();
        for (Descriptors.MethodDescriptor m : service.getMethods()) {
            io.grpc.MethodDescriptor<Request, DynamicMessage> md = GrpcMethods.server(m);
            methods.add(md);
            sd.addMethod(md);
        }
        ServerServiceDefinition.Builder def = ServerServiceDefinition.builder(sd.build());
        for (int i = 0; i < methods.size(); i++) {
            Descriptors.MethodDescriptor m = service.getMethods().get(i);
            def.addMethod(methods.get(i), (call, headers) -> InboundCall.start(call, headers, m, this));
        }
        return def.build();
    }
}
