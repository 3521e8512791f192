package io.redwire.nodes.grpc;

import io.redwire.net.PortRelease;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.nodes.grpc.transcode.RestRoutes;
import io.redwire.spi.FlowEngine;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.WireFormat;
import io.vertx.grpc.server.GrpcProtocol;
import io.vertx.grpc.server.GrpcServerOptions;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpcio.server.GrpcIoServer;

import java.io.IOException;
import java.net.BindException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A server for every service of a compiled schema on Vert.x's HTTP server, answering with DynamicMessages over gRPC
 * and gRPC-Web (binary and text, Vert.x's gRPC server), Connect ({@link ConnectRequests}) and HTTP/JSON from the
 * proto's google.api.http rules ({@link RestWire}) on one port, grpc.health.v1 ({@link ServerHealth}), with CORS
 * when the config allows origins, and, unless turned off, server reflection (v1 and v1alpha) listing the services a
 * flow serves. It listens from the flow loop, so its connections live on the flow loop's
 * event loop and a call reaches its grpc-register-function node without changing thread.
 */
final class DynamicServer {
    private final GrpcServerNode owner;
    private final ProtoSchema schema;
    private final String host;
    private final int port;
    private final boolean reflection;
    private final Consumer<HttpServerOptions> tls;
    private final GrpcCors cors;
    private final ProtoJson json;
    private final Map<String, Descriptors.MethodDescriptor> methods = new HashMap<>();
    private final Map<String, GrpcRegisterFunctionNode> handlers = new HashMap<>();
    private final Set<InboundCall> inFlight = new LinkedHashSet<>();
    private final RestRoutes restRoutes;
    private final ServerHealth health = new ServerHealth();
    private HttpServer server;
    private Future<Void> starting = Future.succeededFuture();
    private boolean stopping;
    private long notReadingCancels;

    DynamicServer(GrpcServerNode owner, ProtoSchema schema, String host, int port, boolean reflection,
                  Consumer<HttpServerOptions> tls, GrpcCors cors) {
        this.owner = owner;
        this.schema = schema;
        this.host = host;
        this.port = port;
        this.reflection = reflection;
        this.tls = tls;
        this.cors = cors;
        this.json = ProtoJson.of(schema);
        for (FileDescriptor f : schema.files().values()) {
            for (ServiceDescriptor s : f.getServices()) {
                s.getMethods().forEach(m -> methods.put(s.getFullName() + "/" + m.getName(), m));
            }
        }
        this.restRoutes = RestRoutes.of(schema.files().values());
    }

    FlowEngine engine() {
        return owner.engine();
    }

    /** Binds on the flow loop; fails with a clear message when the port is taken or TLS material is bad. */
    Future<Void> start() {
        Promise<Void> bound = Promise.promise();
        engine().loop().runOnContext(v -> {
            if (port != 0 && !PortRelease.free(host, port)) {
                bound.fail(new IOException("port " + port + " on " + host + " is already in use"));
                return;
            }
            HttpServerOptions options = GrpcTransport.server(host, port);
            try {
                tls.accept(options);
                engine().vertx().createHttpServer(options).requestHandler(requests(grpcServer())).listen()
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

    /**
     * The port's requests: CORS first (a preflight ends there), then gRPC and gRPC-Web (content type
     * application/grpc…) to Vert.x's gRPC server, a request a google.api.http route matches to that route, one with a
     * body or at a method's /package.Service/Method path to Connect (which answers what it cannot serve), anything
     * else (a GET of an unknown path) 404.
     */
    private Handler<HttpServerRequest> requests(GrpcIoServer grpc) {
        Handler<HttpServerRequest> guarded = MetadataLimit.guard(grpc);
        return request -> {
            if (cors != null && cors.answered(request)) {
                return;
            }
            String type = request.getHeader("content-type");
            RestRoutes.Match rest;
            if (type != null && type.startsWith("application/grpc")) {
                guarded.handle(request);
            } else if ((rest = restRoutes.find(request.method().name(), request.path())) != null) {
                InboundCall.start(new RestWire(this, request, rest), rest.route().method(), this);
            } else if (type != null || methods.containsKey(request.path().substring(1))) {
                ConnectRequests.serve(request, this);
            } else {
                ConnectRequests.answerError(request.response(), Status.NOT_FOUND.withDescription("no route for "
                        + request.method() + " " + request.path()));
            }
        };
    }

    private GrpcIoServer grpcServer() {
        GrpcServerOptions options = new GrpcServerOptions().setMaxMessageSize(GrpcTransport.MAX_MESSAGE_BYTES)
                .setScheduleDeadlineAutomatically(true)
                .removeEnabledProtocol(GrpcProtocol.TRANSCODING); // application/json is Connect's here
        GrpcIoServer grpc = GrpcIoServer.server(engine().vertx(), options);
        grpc.callHandler(this::call);
        health.addTo(grpc);
        if (reflection) {
            List<ServerServiceDefinition> described = GrpcMethods.describe(schema);
            Reflection.addTo(grpc, () -> served(described));
        }
        return grpc;
    }

    /** The services with a grpc-register-function node for at least one method; read per reflection stream. */
    private List<ServerServiceDefinition> served(List<ServerServiceDefinition> described) {
        Set<String> names = servedServices();
        return described.stream().filter(d -> names.contains(d.getServiceDescriptor().getName())).toList();
    }

    private Set<String> servedServices() {
        Set<String> names = new HashSet<>();
        handlers.keySet().forEach(m -> names.add(m.substring(0, m.lastIndexOf('/'))));
        return names;
    }

    /** Every node of the deploy has started: health says SERVING for the server and each service served. */
    void flowsRunning() {
        health.serving(servedServices());
    }

    /** The flows are being stopped or replaced: health says NOT_SERVING; calls are still answered. */
    void draining() {
        health.notServing();
    }

    /** The server's own health status (SERVING while its flows run). */
    io.grpc.health.v1.HealthCheckResponse.ServingStatus servingStatus() {
        return health.overall();
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
        health.notServing();
        stopping = true;
        for (InboundCall c : new ArrayList<>(inFlight)) {
            c.finish(Status.UNAVAILABLE.withDescription("grpc-server stopped (flows redeployed or stopped)"));
        }
        // a start still binding must finish first, or its port would outlive the flows
        return starting.otherwiseEmpty().compose(v -> server == null ? Future.succeededFuture()
                : server.close().compose(closed -> PortRelease.awaitFree(engine().vertx(), host, port)));
    }

    // ---- calls, on the flow loop -------------------------------------------------------------------------------

    private void call(GrpcServerRequest<Buffer, Buffer> request) {
        Descriptors.MethodDescriptor m = methods.get(request.fullMethodName());
        if (m == null && request.fullMethodName().equals(ServerHealth.LIST_METHOD)) {
            health.list(request);
        } else if (m == null) {
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

    /** A method of the schema by its full name ("pkg.Service/Method"), or null. */
    Descriptors.MethodDescriptor method(String fullMethodName) {
        return methods.get(fullMethodName);
    }

    /** The schema's JSON mapping, for Connect's JSON messages. */
    ProtoJson json() {
        return json;
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
