package io.redwire.nodes.grpc;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import com.google.protobuf.Descriptors;

import io.vertx.core.Future;

import java.util.Map;

/**
 * grpc-register-function: answers one method of a local grpc-server. Every call becomes a msg with the request in
 * msg.payload, the request metadata in msg.metadata and the call in msg.call (for grpc-response). For client and
 * bidi streams each incoming message is its own msg, and the client's end of stream a msg with msg.complete.
 */
public final class GrpcRegisterFunctionNode extends Node {
    static final Field SERVER = Field.config("server", "grpc-server").asRequired();
    static final Field SERVICE = Field.str("service", "").idlService("server");
    static final Field METHOD = Field.str("method", "").idlMethod("server");

    public static final NodeType TYPE = NodeType.builder("grpc-register-function", "grpc").icon("grpc")
            .label(Label.firstOf("name").or("gRPC Register"))
            .help("Serves one method of its grpc-server's service: each call becomes a message, answered by a grpc-response node.")
            .color("#7FDBFF")
            .ports(0, 1)
            .fields(SERVER, SERVICE, METHOD)
            .factory(GrpcRegisterFunctionNode::new);

    private final GrpcServerNode server;
    private final String service;
    private final String method;
    private String registered;

    GrpcRegisterFunctionNode(NodeConfig c) {
        super(c);
        this.server = c.configNode(SERVER, GrpcServerNode.class);
        if (server == null) {
            throw c.error(SERVER, "needs a grpc-server config node");
        }
        this.service = c.str(SERVICE).trim();
        this.method = c.str(METHOD).trim();
    }

    @Override
    public Future<Void> start() {
        DynamicServer local = server.localServer();
        if (local == null) {
            status(Map.of("fill", "red", "shape", "ring", "text", "No local server started"));
            warn("grpc-server " + server.id() + " has no local server (localServer is off)");
            return Future.succeededFuture();
        }
        Descriptors.ServiceDescriptor s = server.schema().service(service);
        Descriptors.MethodDescriptor m = s == null ? null : s.findMethodByName(method);
        if (m == null) {
            String text = s == null ? "Service " + service + " not in proto file"
                    : "Method " + method + " not in proto file for service " + service;
            status(Map.of("fill", "red", "shape", "ring", "text", text));
            warn(text + " (services: " + String.join(", ", server.schema().serviceNames()) + ")");
            return Future.succeededFuture();
        }
        registered = s.getFullName() + "/" + m.getName();
        GrpcRegisterFunctionNode previous = local.register(registered, this);
        if (previous != null) {
            warn("replaces " + previous.id() + " as the handler of " + registered);
        }
        status(Map.of("fill", "green", "shape", "dot", "text", "connected"));
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        if (registered != null && server.localServer() != null) {
            server.localServer().unregister(registered, this);
        }
        return Future.succeededFuture();
    }

    /** A msg for an incoming call; runs on the flow loop, in the server's read of the request. */
    void emit(Map<String, Object> msg) {
        send(msg);
        engine().deliverNow();
    }
}
