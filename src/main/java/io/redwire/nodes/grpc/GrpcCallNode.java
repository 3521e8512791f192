package io.redwire.nodes.grpc;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
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
    public static final NodeType TYPE = ClientEndpoint.nodeType("grpc-call", GrpcCallNode::new);

    private final ClientEndpoint endpoint;
    private boolean failureShown;

    GrpcCallNode(NodeConfig c) {
        super(c);
        this.endpoint = new ClientEndpoint(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        endpoint.withMethod(this, msg, method -> call(method, msg, done), e -> {
            showFailure(e.getMessage());
            done.done(e);
        });
    }

    private void call(Descriptors.MethodDescriptor method, Map<String, Object> msg, Done done) {
        List<DynamicMessage> requests;
        OutboundCall call;
        try {
            requests = ClientEndpoint.requests(method, msg.getOrDefault("payload", Undefined.VALUE));
            call = endpoint.start(this, method, msg, new Replies(msg, method.isServerStreaming(), done));
        } catch (NodeError e) {
            showFailure(e.getMessage());
            done.done(e);
            return;
        }
        for (int i = 0; i < requests.size() - 1; i++) {
            call.write(requests.get(i));
        }
        if (requests.isEmpty()) {
            call.halfClose();
        } else {
            call.writeLast(requests.get(requests.size() - 1));
        }
    }

    @Override
    public Future<Void> close() {
        endpoint.close();
        return Future.succeededFuture();
    }

    /** One call's replies; a success clears the failure status an earlier call left. */
    private final class Replies extends MsgReplies {
        private final Done done;

        Replies(Map<String, Object> msg, boolean streamed, Done done) {
            super(GrpcCallNode.this, msg, streamed);
            this.done = done;
        }

        @Override
        void succeeded() {
            clearFailure();
            send(msg);
            done.done();
        }

        @Override
        void failed(Status status) {
            NodeError err = ClientEndpoint.failure(status);
            showFailure(status.getCode().name());
            send(msg);
            done.done(err);
        }
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
