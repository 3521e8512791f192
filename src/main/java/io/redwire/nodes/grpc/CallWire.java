package io.redwire.nodes.grpc;

import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.streams.ReadStream;
import io.vertx.core.streams.WriteStream;

/**
 * The protocol side of one call a local grpc-server answers: how its request messages arrive and how its answer
 * leaves. gRPC and gRPC-Web ({@link GrpcWire}, through Vert.x's gRPC server) and Connect ({@link ConnectWire}) each
 * have one; {@link InboundCall} is the one dispatch to the flow for all of them. The backpressure both share is
 * here: the request stream read, the response stream written and its unsent bytes. Used on the flow loop only.
 */
abstract class CallWire {
    private final ReadStream<?> requests;
    private final WriteStream<?> responses;
    private final UnsentBytes unsent = new UnsentBytes();

    CallWire(ReadStream<?> requests, WriteStream<?> responses) {
        this.requests = requests;
        this.responses = responses;
    }

    /** The protocol's name in metrics: grpc, grpc-web or connect. */
    abstract String protocol();

    /** The request headers; {@link MetadataCodec} picks the metadata from them. */
    abstract MultiMap headers();

    /**
     * Starts delivering the call's events to {@code call}: {@link InboundCall#received}, {@link InboundCall#refused},
     * {@link InboundCall#requestEnded} and {@link InboundCall#lost}.
     */
    abstract void open(InboundCall call);

    /** Sends one message of a response stream; false once more than {@link UnsentBytes#LIMIT} has not left yet. */
    abstract boolean write(DynamicMessage message);

    /** Ends the call abruptly (a client that does not read): no status is sent. */
    abstract void cancel();

    /** Ends the call with {@code status}; {@code reply} is the single response of a successful unary call, or null. */
    abstract void end(Status status, DynamicMessage reply);

    /** Counts a write of {@code bytes} until it has left; false once the stream holds more than the limit. */
    final boolean counted(Future<Void> written, int bytes) {
        return unsent.add(written, bytes);
    }

    /** Bytes written that have not left for the client yet. */
    long unsent() {
        return unsent.unsent();
    }

    boolean writeQueueFull() {
        return responses.writeQueueFull();
    }

    /** Runs {@code then} once, when the write queue has room again. */
    void onDrain(Runnable then) {
        responses.drainHandler(v -> then.run());
    }

    /** Stops (or resumes) reading the client's request stream. */
    void pauseRequests() {
        requests.pause();
    }

    void resumeRequests() {
        requests.resume();
    }
}
