package io.redwire.nodes.grpc;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;

import com.google.protobuf.Descriptors;

import io.grpc.Status;
import io.vertx.core.Future;

import java.util.Map;

/**
 * grpc-client-streaming: keeps one request stream open. The first msg opens it, every msg writes its payload,
 * a msg with topic "close" ends it (its payload is not written). The response is sent in the msg that opened the
 * stream (msg.payload, msg.error as grpc-call); for bidi methods every response is its own msg and the end of
 * the response stream a msg with msg.complete. The next msg after that opens a new stream.
 */
public final class GrpcClientStreamingNode extends Node {
    public static final NodeType TYPE = ClientEndpoint.nodeType("grpc-client-streaming",
            GrpcClientStreamingNode::new);

    private final ClientEndpoint endpoint;
    private OutboundCall open;
    private Descriptors.MethodDescriptor openMethod;

    GrpcClientStreamingNode(NodeConfig c) {
        super(c);
        this.endpoint = new ClientEndpoint(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (open != null) {
            handle(msg, null, done);
            return;
        }
        endpoint.withMethod(this, msg, m -> handle(msg, m, done), e -> failed(e, done));
    }

    /** {@code m}: the method a msg that opens a stream calls (a msg waiting for it may find the stream open). */
    private void handle(Map<String, Object> msg, Descriptors.MethodDescriptor m, Done done) {
        try {
            if (open == null) {
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
            failed(e, done);
            return;
        }
        done.done();
    }

    private void failed(NodeError e, Done done) {
        status(Map.of("fill", "red", "shape", "dot", "text", e.getMessage()));
        done.done(e);
    }

    @Override
    public Future<Void> close() {
        endpoint.close();
        return Future.succeededFuture();
    }

    /** Responses of the open stream, delivered with the msg that opened it. */
    private final class Replies extends MsgReplies {
        Replies(Map<String, Object> opener, boolean streamed) {
            super(GrpcClientStreamingNode.this, opener, streamed);
        }

        @Override
        void succeeded() {
            open = null;
            status(Map.of("fill", "grey", "shape", "ring", "text", "stream closed"));
            send(msg);
        }

        @Override
        void failed(Status status) {
            open = null;
            status(Map.of("fill", "red", "shape", "ring", "text", "stream lost: " + status.getCode().name()));
            send(msg);
            error(ClientEndpoint.failure(status), msg);
        }
    }
}
