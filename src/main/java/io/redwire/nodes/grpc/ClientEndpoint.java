package io.redwire.nodes.grpc;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;
import io.redwire.net.CallMeters;
import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.grpc.StatusException;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;

import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What grpc-call and grpc-client-streaming share: their fields, the grpc-server config they call, the method (from
 * the node, else msg.service / msg.method; in the config's .proto or the target's server reflection), their client
 * certificate, the deadline, the shared client and the
 * calls in flight, which closing the node cancels.
 */
final class ClientEndpoint {
    private final GrpcServerNode server;
    private final String service;
    private final String method;
    private final String chain;
    private final String key;
    private final double deadline;
    private final Set<OutboundCall> inFlight = new LinkedHashSet<>();
    private Descriptors.MethodDescriptor configured;
    /** The schema {@code configured} was resolved in (a fetched definition can be replaced). */
    private ProtoSchema configuredFrom;
    private ClientPool.Lease lease;
    private boolean closed;

    static final Field SERVER = Field.config("server", "grpc-server").asRequired();
    static final Field SERVICE = Field.str("service", "").idlService("server");
    static final Field METHOD = Field.str("method", "").idlMethod("server");
    static final Field CHAIN = Field.code("chain", "pem", "");
    static final Field KEY = Field.code("key", "pem", "");
    static final Field DEADLINE = Field.num("deadline", 0).label("deadline (ms, 0 = none)");

    /** The node type of a node that calls through an endpoint: the fields the constructor below reads. */
    static NodeType nodeType(String type, NodeType.Factory factory) {
        return NodeType.builder(type, "grpc").icon("grpc")
                .label(Label.firstOf("name").or(type.equals("grpc-call") ? "gRPC Call" : "gRPC Client-streaming"))
                .help("Calls a method of the service its grpc-server config describes: `msg.payload` is the request,"
                        + " the reply becomes `msg.payload`. Streaming replies arrive as one message each.")
                .color("#7FDBFF").ports(1, 1)
                .fields(SERVER, SERVICE, METHOD, CHAIN, KEY, DEADLINE)
                .factory(factory);
    }

    ClientEndpoint(NodeConfig c) {
        this.server = c.configNode(SERVER, GrpcServerNode.class);
        if (server == null) {
            throw c.error(SERVER, "needs a grpc-server config node");
        }
        this.service = c.str(SERVICE).trim();
        this.method = c.str(METHOD).trim();
        this.chain = c.str(CHAIN);
        this.key = c.str(KEY);
        this.deadline = c.num(DEADLINE);
        server.checkClient(c, SERVER, CHAIN, KEY);
    }

    /**
     * Hands {@code then} the method a msg calls (the node's, else msg.service / msg.method), or {@code failed} a
     * NodeError with node-red-contrib-grpc's text when it does not exist. From a .proto at once; from the target's
     * server reflection once its first fetch is in: msgs arriving meanwhile wait for it, in order. A method the
     * fetched definition lacks fetches it once more first (the server may have been redeployed with it since).
     */
    void withMethod(Node node, Map<String, Object> msg, Consumer<Descriptors.MethodDescriptor> then,
                    Consumer<NodeError> failed) {
        if (!server.fromReflection()) {
            resolveThen(msg, server.schema(), then, failed);
            return;
        }
        ClientPool.Lease l = lease(node);
        Vertx vertx = node.engine().vertx();
        Future<ProtoSchema> definition = l.reflected(vertx);
        definition.onComplete(ar -> {
            if (ar.failed() || closed) {
                failed.accept(closed ? closedMeanwhile() : reflectionFailure(ar.cause()));
                return;
            }
            Descriptors.MethodDescriptor m;
            try {
                m = method(msg, ar.result());
            } catch (NodeError notThere) {
                l.forgetReflected(definition);
                l.reflected(vertx).onComplete(again -> {
                    if (again.failed() || closed) {
                        failed.accept(closed ? closedMeanwhile() : reflectionFailure(again.cause()));
                    } else {
                        resolveThen(msg, again.result(), then, failed);
                    }
                });
                return;
            }
            then.accept(m);
        });
    }

    /** A msg that waited for the definition while a redeploy closed the node: it is not called any more. */
    private NodeError closedMeanwhile() {
        return new NodeError("Error: the node was closed before the definition of " + where() + " arrived");
    }

    private void resolveThen(Map<String, Object> msg, ProtoSchema schema, Consumer<Descriptors.MethodDescriptor> then,
                             Consumer<NodeError> failed) {
        Descriptors.MethodDescriptor m;
        try {
            m = method(msg, schema);
        } catch (NodeError e) {
            failed.accept(e);
            return;
        }
        then.accept(m);
    }

    private NodeError reflectionFailure(Throwable e) {
        Status status = e instanceof StatusException s ? s.getStatus() : Status.fromThrowable(e);
        if (status.getCode() != Status.Code.UNIMPLEMENTED) {
            status = status.withDescription("cannot read the definition of " + where() + " by server reflection: "
                    + status.getDescription());
        }
        return failure(status);
    }

    private String where() {
        return server.target().host() + ":" + server.target().port();
    }

    private Descriptors.MethodDescriptor method(Map<String, Object> msg, ProtoSchema schema) {
        if (configured != null && configuredFrom == schema) {
            return configured;
        }
        if (!service.isEmpty() && !method.isEmpty()) {
            configured = resolve(schema, service, method);
            configuredFrom = schema;
            return configured;
        }
        String s = service.isEmpty() ? JsValues.toJsString(msg.getOrDefault("service", "")) : service;
        String m = method.isEmpty() ? JsValues.toJsString(msg.getOrDefault("method", "")) : method;
        return resolve(schema, s, m);
    }

    private Descriptors.MethodDescriptor resolve(ProtoSchema schema, String s, String m) {
        if (schema == null) {
            throw new NodeError("Error: grpc-server " + server.id() + " has no proto file");
        }
        String source = server.fromReflection() ? "the server reflection of " + where() : "proto file";
        Descriptors.ServiceDescriptor sd = schema.service(s);
        if (sd == null) {
            throw new NodeError("Error: Service " + s + " not in " + source);
        }
        Descriptors.MethodDescriptor md = sd.findMethodByName(m);
        if (md == null) {
            throw new NodeError("Error: Method " + m + " not in " + source + " for service " + s);
        }
        return md;
    }

    /** The request messages in msg.payload: one, or for a client stream one per array element. */
    static List<DynamicMessage> requests(Descriptors.MethodDescriptor m, Object payload) {
        List<DynamicMessage> out = new ArrayList<>();
        if (m.isClientStreaming() && payload instanceof List<?> many) {
            for (Object one : many) {
                out.add(MessageCodec.fromObject(m.getInputType(), one));
            }
        } else {
            out.add(MessageCodec.fromObject(m.getInputType(), payload));
        }
        return out;
    }

    /** Starts a call with msg.metadata as headers and msg.deadline (ms, or a Date) over the node's deadline. */
    OutboundCall start(Node node, Descriptors.MethodDescriptor m, Map<String, Object> msg,
                       OutboundCall.Events events) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        MetadataCodec.fromObject(msg.get("metadata"), headers);
        ClientPool.Lease l = lease(node);
        OutboundCall[] self = new OutboundCall[1];
        long startNanos = System.nanoTime();
        self[0] = OutboundCall.start(l.client(), l.target(), m, headers, deadlineMillis(msg), node.engine().vertx(),
                new OutboundCall.Events() {
                    @Override
                    public void onReply(DynamicMessage reply) {
                        events.onReply(reply);
                    }

                    @Override
                    public void onClose(Status status, MultiMap trailers) {
                        inFlight.remove(self[0]);
                        forgetStaleDefinition(l, status);
                        CallMeters.of(node.engine()).tagged("grpc", "protocol", "grpc", "client",
                                m.getService().getFullName(), m.getName(), status.getCode().name(), startNanos);
                        events.onClose(status, trailers);
                    }
                });
        inFlight.add(self[0]);
        return self[0];
    }

    private ClientPool.Lease lease(Node node) {
        if (lease == null) {
            ClientPool pool = node.engine().shared(ClientPool.class, () -> new ClientPool(node.engine().vertx()));
            lease = pool.acquire(server.target(), server.credentialsKey(chain, key),
                    options -> server.clientTls(options, chain, key));
        }
        return lease;
    }

    /**
     * A method the server does not implement (any more), or a lost server: the definition it gave by reflection
     * may be out of date, so the next msg fetches it anew.
     */
    private void forgetStaleDefinition(ClientPool.Lease l, Status status) {
        if (server.fromReflection() && (status.getCode() == Status.Code.UNIMPLEMENTED
                || status.getCode() == Status.Code.UNAVAILABLE)) {
            l.forgetFetchedDefinition();
        }
    }

    private long deadlineMillis(Map<String, Object> msg) {
        Object d = msg.get("deadline");
        if (d instanceof Date date) {
            return Math.max(1, date.getTime() - System.currentTimeMillis());
        }
        if (d != null && d != Undefined.VALUE) {
            double ms = JsValues.toNumber(d);
            if (!Double.isNaN(ms) && ms > 0) {
                return (long) Math.ceil(ms);
            }
        }
        return deadline > 0 ? (long) Math.ceil(deadline) : 0;
    }

    /** Cancels the calls in flight and lets go of the channel; msgs still waiting for a definition fail. */
    void close() {
        closed = true;
        for (OutboundCall c : new ArrayList<>(inFlight)) {
            c.cancel("node closed (flows redeployed or stopped)");
        }
        inFlight.clear();
        if (lease != null) {
            lease.release();
            lease = null;
        }
    }

    /** The error a failed call reports to catch nodes: grpc-js' message, the status name as code. */
    static NodeError failure(Status status) {
        String details = status.getDescription() == null ? "" : status.getDescription();
        return new NodeError("Error: " + status.getCode().value() + " " + status.getCode().name() + ": " + details,
                status.getCode().name(), null);
    }
}
