package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.Metadata;
import io.grpc.Status;
import io.redwire.runtime.Done;
import io.redwire.runtime.Field;
import io.redwire.runtime.Messages;
import io.redwire.runtime.Node;
import io.redwire.runtime.NodeConfig;
import io.redwire.runtime.NodeError;
import io.redwire.runtime.NodeType;
import io.redwire.runtime.Undefined;
import io.vertx.core.Future;

import java.util.Map;

/**
 * grpc-client-streaming: keeps one request stream open. The first msg opens it, every msg writes its payload,
 * a msg with topic "close" ends it (its payload is not written). The response is sent in the msg that opened the
 * stream (msg.payload, msg.error as grpc-call); for bidi methods every response is its own msg and the end of
 * the response stream a msg with msg.complete. The next msg after that opens a new stream.
 */
public final class GrpcClientStreamingNode extends Node {
    public static final NodeType TYPE = NodeType.builder("grpc-client-streaming", "grpc").color("#7FDBFF")
            .ports(1, 1)
            .field(Field.config("server", "grpc-server").asRequired())
            .field(Field.str("service", ""))
            .field(Field.str("method", ""))
            .field(Field.code("chain", "pem", ""))
            .field(Field.code("key", "pem", ""))
            .field(Field.num("deadline", 0).label("deadline (ms, 0 = none)"))
            .factory(GrpcClientStreamingNode::new);

    private final ClientEndpoint endpoint;
    private OutboundCall open;
    private Descriptors.MethodDescriptor openMethod;

    GrpcClientStreamingNode(NodeConfig c) {
        super(c);
        this.endpoint = new ClientEndpoint(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        try {
            if (open == null) {
                Descriptors.MethodDescriptor m = endpoint.method(msg);
                if (!m.isClientStreaming()) {
                    throw new NodeError("Error: " + m.getFullName() + " does not take a request stream; use grpc-call");
                }
                openMethod = m;
                open = endpoint.start(this, m, msg, new Replies(msg, m.isServerStreaming()));
                status(Map.of("fill", "green", "shape", "dot", "text", "stream open"));
            }
            if ("close".equals(msg.get("topic"))) {
                open.halfClose();
            } else {
                open.write(MessageCodec.fromObject(openMethod.getInputType(),
                        msg.getOrDefault("payload", Undefined.VALUE)));
            }
        } catch (NodeError e) {
            status(Map.of("fill", "red", "shape", "dot", "text", e.getMessage()));
            done.done(e);
            return;
        }
        done.done();
    }

    @Override
    public Future<Void> close() {
        endpoint.close();
        return Future.succeededFuture();
    }

    /** Responses of the open stream, delivered with the msg that opened it. */
    private final class Replies implements OutboundCall.Events {
        private final Map<String, Object> opener;
        private final boolean streamed;

        Replies(Map<String, Object> opener, boolean streamed) {
            this.opener = opener;
            this.streamed = streamed;
        }

        @Override
        public void onReply(DynamicMessage reply) {
            Map<String, Object> out = streamed ? Messages.cloneMessage(opener) : opener;
            out.put("payload", MessageCodec.toObject(reply));
            out.put("error", null);
            if (streamed) {
                out.remove("complete");
                send(out);
            }
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            open = null;
            if (status.isOk()) {
                status(Map.of("fill", "grey", "shape", "ring", "text", "stream closed"));
                if (streamed) {
                    opener.remove("payload");
                    opener.put("complete", true);
                    opener.put("error", null);
                }
                send(opener);
                return;
            }
            status(Map.of("fill", "red", "shape", "ring", "text", "stream lost: " + status.getCode().name()));
            opener.remove("payload");
            opener.put("error", GrpcStatus.errorObject(status, trailers));
            send(opener);
            error(ClientEndpoint.failure(status), opener);
        }
    }
}
