package io.redwire.nodes.grpc;

import io.redwire.api.Node;
import io.redwire.msg.Messages;

import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.MultiMap;

import java.util.Map;

/**
 * The replies of one call, in the msg that made it, as grpc-call and grpc-client-streaming both deliver them: a
 * single response fills that msg; streamed responses each go out in a copy of it and the end of the stream is the
 * msg itself with msg.complete. A failure leaves msg.payload unset and puts the status in msg.error. Subclasses
 * send the final msg and show the outcome. Replies arrive in the client's read and are delivered before it ends.
 */
abstract class MsgReplies implements OutboundCall.Events {
    final Map<String, Object> msg;
    private final Node node;
    private final boolean streamed;

    MsgReplies(Node node, Map<String, Object> msg, boolean streamed) {
        this.node = node;
        this.msg = msg;
        this.streamed = streamed;
    }

    /** The call ended OK; msg is ready to send. */
    abstract void succeeded();

    /** The call failed; msg is ready to send, with the status in msg.error. */
    abstract void failed(Status status);

    @Override
    public final void onReply(DynamicMessage reply) {
        Map<String, Object> out = streamed ? Messages.cloneMessage(msg) : msg;
        out.put("payload", MessageCodec.toObject(reply));
        out.put("error", null);
        if (streamed) {
            out.remove("complete"); // only the last msg of a stream says complete
            node.send(out);
            node.engine().deliverNow();
        }
    }

    @Override
    public final void onClose(Status status, MultiMap trailers) {
        if (status.isOk()) {
            if (streamed) {
                msg.remove("payload");
                msg.put("complete", true);
                msg.put("error", null);
            }
            succeeded();
        } else {
            msg.remove("payload");
            msg.put("error", GrpcStatus.errorObject(status, trailers));
            failed(status);
        }
        node.engine().deliverNow(); // in the client's read of the trailers: the flow's next call leaves with its flush
    }
}
