package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.spi.FlowEngine;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.WireFormat;
import io.vertx.grpc.server.GrpcProtocol;
import io.vertx.grpc.server.GrpcServerOptions;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpcio.server.GrpcIoServer;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A gRPC server for every service of a compiled schema on Vert.x's HTTP/2 server, answering with DynamicMessages
 * and, unless turned off, server reflection (v1 and v1alpha) listing the services a flow serves. It listens from the flow loop, so its connections live on the flow loop's
 * event loop and a call reaches its grpc-register-function node without changing thread.
 */
final class DynamicServer {
    private final GrpcServerNode owner;
    private final ProtoSchema schema;
    private final String host;
    private final int port;
    private final boolean reflection;
    private final Consumer<HttpServerOptions> tls;
    private final Map<String, Descriptors.MethodDescriptor> methods = new HashMap<>();
    private final Map<String, GrpcRegisterFunctionNode> handlers = new HashMap<>();
    private final Set<InboundCall> inFlight = new LinkedHashSet<>();
    private HttpServer server;
    private Future<Void> starting = Future.succeededFuture();
    private boolean stopping;
    private long notReadingCancels;

    DynamicServer(GrpcServerNode owner, ProtoSchema schema, String host, int port, boolean reflection,
                  Consumer<HttpServerOptions> tls) {
        this.owner = owner;
        this.schema = schema;
        this.host = host;
        this.port = port;
        this.reflection = reflection;
        this.tls = tls;
        for (FileDescriptor f : schema.files().values()) {
            for (ServiceDescriptor s : f.getServices()) {
                s.getMethods().forEach(m -> methods.put(s.getFullName() + "/" + m.getName(), m));
            }
        }
    }

    FlowEngine engine() {
        return owner.engine();
    }

    /** Binds on the flow loop; fails with a clear message when the port is taken or TLS material is bad. */
    Future<Void> start() {
        Promise<Void> bound = Promise.promise();
        engine().loop().runOnContext(v -> {
            if (port != 0 && !portFree()) {
                bound.fail(new IOException("port " + port + " on " + host + " is already in use"));
                return;
            }
            HttpServerOptions options = GrpcTransport.server(host, port);
            try {
                tls.accept(options);
                engine().vertx().createHttpServer(options).requestHandler(MetadataLimit.guard(grpcServer())).listen()
                        .onSuccess(s -> {
                            server = s;
                            bound.complete();
                        })
                        .onFailure(e -> bound.fail(listenFailure(e)));
            } catch (RuntimeException e) {
                bound.fail(listenFailure(e));
            }
        });
        starting = bound.future();
        return starting;
    }

    private GrpcIoServer grpcServer() {
        GrpcServerOptions options = new GrpcServerOptions().setMaxMessageSize(GrpcTransport.MAX_MESSAGE_BYTES)
                .setScheduleDeadlineAutomatically(true);
        for (GrpcProtocol p : GrpcProtocol.values()) {
            if (p != GrpcProtocol.HTTP_2) {
                options.removeEnabledProtocol(p); // gRPC-Web and JSON transcoding: not offered
            }
        }
        GrpcIoServer grpc = GrpcIoServer.server(engine().vertx(), options);
        grpc.callHandler(this::call);
        if (reflection) {
            List<ServerServiceDefinition> described = GrpcMethods.describe(schema);
            Reflection.addTo(grpc, () -> served(described));
        }
        return grpc;
    }

    /** The services with a grpc-register-function node for at least one method; read per reflection stream. */
    private List<ServerServiceDefinition> served(List<ServerServiceDefinition> described) {
        Set<String> names = new HashSet<>();
        handlers.keySet().forEach(m -> names.add(m.substring(0, m.lastIndexOf('/'))));
        return described.stream().filter(d -> names.contains(d.getServiceDescriptor().getName())).toList();
    }

    /**
     * Vert.x shares a port between servers of one process instead of refusing the second bind, so a port another
     * server of this engine holds (a second grpc-server, the admin port) is found by binding it once ourselves.
     */
    private boolean portFree() {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.bind(new InetSocketAddress(host, port));
            return true;
        } catch (IOException e) {
            return !(e instanceof BindException && String.valueOf(e.getMessage()).contains("in use"));
        }
    }

    private IOException listenFailure(Throwable e) {
        String why = inUse(e) ? "port " + port + " on " + host + " is already in use"
                : server == null && tlsProblem(e) ? "cannot use the TLS certificate/key"
                : "cannot listen on " + host + ":" + port;
        return new IOException(why + " (" + e.getMessage() + ")", e);
    }

    private static boolean inUse(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    private static boolean tlsProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.security.GeneralSecurityException || t instanceof javax.net.ssl.SSLException
                    || String.valueOf(t.getMessage()).contains("PEM")) {
                return true;
            }
        }
        return false;
    }

    /** The port actually bound (differs from the configured one when that is 0). */
    int boundPort() {
        HttpServer s = server;
        return s != null ? s.actualPort() : port;
    }

    /** Cancels every open call with UNAVAILABLE, then releases the port; completes when it is free. */
    Future<Void> close() {
        stopping = true;
        for (InboundCall c : new ArrayList<>(inFlight)) {
            c.finish(Status.UNAVAILABLE.withDescription("grpc-server stopped (flows redeployed or stopped)"));
        }
        // a start still binding must finish first, or its port would outlive the flows
        return starting.otherwiseEmpty().compose(v -> server == null ? Future.succeededFuture() : server.close());
    }

    // ---- calls, on the flow loop -------------------------------------------------------------------------------

    private void call(GrpcServerRequest<Buffer, Buffer> request) {
        Descriptors.MethodDescriptor m = methods.get(request.fullMethodName());
        if (m == null) {
            refuse(request, GrpcStatus.UNIMPLEMENTED, "Method not found: " + request.fullMethodName());
        } else if (request.format() != WireFormat.PROTOBUF) {
            refuse(request, GrpcStatus.UNIMPLEMENTED, "only application/grpc (protobuf) is served");
        } else {
            InboundCall.start(new GrpcWire(request, m.getInputType()), m, this);
        }
    }

    private static void refuse(GrpcServerRequest<Buffer, Buffer> request, GrpcStatus status, String message) {
        request.response().status(status).statusMessage(message).end();
    }

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

    /** A call whose client stopped reading was cancelled; says so, with how often it happened. */
    void clientNotReading(InboundCall call, long unsentBytes) {
        notReadingCancels++;
        owner.warn("cancelled " + call.fullMethodName() + ": the client is not reading its responses ("
                + unsentBytes + " bytes unsent; " + notReadingCancels + " call(s) cancelled so far)");
    }

    long notReadingCancels() {
        return notReadingCancels;
    }

    /** Calls being answered now. */
    int openCalls() {
        return inFlight.size();
    }
}
