package io.redwire.nodes.grpc;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;

import com.google.protobuf.Descriptors.Descriptor;

import io.grpc.Status;

import java.util.List;
import java.util.Map;

/**
 * grpc-response: answers the call in msg.call. msg.err ({code, details}) ends it with that status; otherwise
 * msg.payload is the response. Unary and client-streaming calls end with their one response; server-streaming
 * and bidi calls get one message per msg (one per element for an array) and end on a msg with msg.complete.
 * A msg for a call the client has cancelled is dropped; one for a call already answered is an error.
 */
public final class GrpcResponseNode extends Node {
    public static final NodeType TYPE = NodeType.builder("grpc-response", "grpc").icon("grpc")
            .label(Label.firstOf("name").or("gRPC Response"))
            .help("Answers the call a grpc-register-function node received with `msg.payload` as the reply (or `msg.error` as a gRPC status).")
            .color("#7FDBFF").ports(1, 0)
            .factory(GrpcResponseNode::new);

    GrpcResponseNode(NodeConfig c) {
        super(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (!(msg.get("call") instanceof InboundCall call)) {
            status(Map.of("fill", "red", "shape", "dot", "text", "no call in message"));
            done.done(new NodeError("Error, no call in message"));
            return;
        }
        if (call.cancelledByPeer()) {
            done.done(); // the client left (cancel, deadline): nobody to answer, as grpc-js drops such writes
            return;
        }
        if (!call.isOpen()) {
            done.done(new NodeError("Error: the call to " + call.fullMethodName() + " is already finished"));
            return;
        }
        Object err = msg.get("err");
        if (err != null && err != Undefined.VALUE) {
            call.finish(GrpcStatus.fromMsgErr(err));
            done.done();
            return;
        }
        Descriptor type = call.method().getOutputType();
        Object payload = msg.getOrDefault("payload", Undefined.VALUE);
        try {
            if (!call.method().isServerStreaming()) {
                call.write(MessageCodec.fromObject(type, payload));
                call.finish(Status.OK);
            } else {
                if (payload instanceof List<?> many) {
                    for (Object one : many) {
                        call.write(MessageCodec.fromObject(type, one));
                    }
                } else if (payload != Undefined.VALUE && payload != null) {
                    call.write(MessageCodec.fromObject(type, payload));
                }
                if (JsValues.truthy(msg.get("complete"))) {
                    call.finish(Status.OK);
                }
            }
        } catch (NodeError e) {
            call.finish(Status.INTERNAL.withDescription("response does not fit " + type.getFullName() + ": "
                    + e.getMessage()));
            done.done(e);
            return;
        }
        done.done();
    }
}
