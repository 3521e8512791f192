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

import java.util.List;
import java.util.Map;

/**
 * grpc-call: calls a method with msg.payload as the request (an array is the request stream of a client-streaming
 * or bidi method). A single response comes back in the same msg: msg.payload = response, msg.error = null; a
 * failure leaves msg.payload unset, puts {code, details, message, metadata} in msg.error and is also reported
 * to catch nodes. Streamed responses come as one msg each, then a msg with msg.complete = true.
 */
public final class GrpcCallNode extends Node {
    public static final NodeType TYPE = NodeType.builder("grpc-call", "grpc").color("#7FDBFF").ports(1, 1)
            .field(Field.config("server", "grpc-server").asRequired())
            .field(Field.str("service", ""))
            .field(Field.str("method", ""))
            .field(Field.code("chain", "pem", ""))
            .field(Field.code("key", "pem", ""))
            .field(Field.num("deadline", 0).label("deadline (ms, 0 = none)"))
            .factory(GrpcCallNode::new);

    private final ClientEndpoint endpoint;
    private boolean failureShown;

    GrpcCallNode(NodeConfig c) {
        super(c);
        this.endpoint = new ClientEndpoint(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Descriptors.MethodDescriptor method;
        List<DynamicMessage> requests;
        OutboundCall call;
        try {
            method = endpoint.method(msg);
            requests = ClientEndpoint.requests(method, msg.getOrDefault("payload", Undefined.VALUE));
            call = endpoint.start(this, method, msg, method.isServerStreaming()
                    ? new StreamedReplies(msg, done) : new SingleReply(msg, done));
        } catch (NodeError e) {
            showFailure(e.getMessage());
            done.done(e);
            return;
        }
        for (DynamicMessage r : requests) {
            call.write(r);
        }
        call.halfClose();
    }

    @Override
    public Future<Void> close() {
        endpoint.close();
        return Future.succeededFuture();
    }

    /** Unary and client streaming: the response goes back in the msg that asked. */
    private final class SingleReply implements OutboundCall.Events {
        private final Map<String, Object> msg;
        private final Done done;

        SingleReply(Map<String, Object> msg, Done done) {
            this.msg = msg;
            this.done = done;
        }

        @Override
        public void onReply(DynamicMessage reply) {
            msg.put("payload", MessageCodec.toObject(reply));
            msg.put("error", null);
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            if (status.isOk()) {
                clearFailure();
                send(msg);
                done.done();
            } else {
                failed(msg, status, trailers, done);
            }
        }
    }

    /** Server streaming and bidi: one msg per response, then one with msg.complete. */
    private final class StreamedReplies implements OutboundCall.Events {
        private final Map<String, Object> msg;
        private final Done done;

        StreamedReplies(Map<String, Object> msg, Done done) {
            this.msg = msg;
            this.done = done;
        }

        @Override
        public void onReply(DynamicMessage reply) {
            Map<String, Object> out = Messages.cloneMessage(msg);
            out.remove("complete");
            out.put("payload", MessageCodec.toObject(reply));
            out.put("error", null);
            send(out);
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            if (status.isOk()) {
                clearFailure();
                msg.remove("payload");
                msg.put("complete", true);
                msg.put("error", null);
                send(msg);
                done.done();
            } else {
                failed(msg, status, trailers, done);
            }
        }
    }

    private void failed(Map<String, Object> msg, Status status, Metadata trailers, Done done) {
        msg.remove("payload");
        msg.put("error", GrpcStatus.errorObject(status, trailers));
        NodeError err = ClientEndpoint.failure(status);
        showFailure(status.getCode().name());
        send(msg);
        done.done(err);
    }

    private void showFailure(String text) {
        failureShown = true;
        status(Map.of("fill", "red", "shape", "dot", "text", text));
    }

    private void clearFailure() {
        if (failureShown) {
            failureShown = false;
            status(Map.of());
        }
    }
}
