package io.redwire.nodes.grpc;

import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.MultiMap;

/**
 * The protocol side of one call a local grpc-server answers: how its request messages arrive and how its answer
 * leaves. gRPC and gRPC-Web ({@link GrpcWire}, through Vert.x's gRPC server) and Connect ({@link ConnectWire}) each
 * have one; {@link InboundCall} is the one dispatch to the flow for all of them. Used on the flow loop only.
 */
interface CallWire {
    /** The protocol's name in metrics: grpc, grpc-web or connect. */
    String protocol();

    /** The request headers; {@link MetadataCodec} picks the metadata from them. */
    MultiMap headers();

    /**
     * Starts delivering the call's events to {@code call}: {@link InboundCall#received}, {@link InboundCall#refused},
     * {@link InboundCall#requestEnded} and {@link InboundCall#lost}.
     */
    void open(InboundCall call);

    /** Sends one message of a response stream; false once more than {@link UnsentBytes#LIMIT} has not left yet. */
    boolean write(DynamicMessage message);

    /** Bytes written that have not left for the client yet. */
    long unsent();

    boolean writeQueueFull();

    /** Runs {@code then} once, when the write queue has room again. */
    void onDrain(Runnable then);

    /** Stops (or resumes) reading the client's request stream. */
    void pauseRequests();

    void resumeRequests();

    /** Ends the call abruptly (a client that does not read): no status is sent. */
    void cancel();

    /** Ends the call with {@code status}; {@code reply} is the single response of a successful unary call, or null. */
    void end(Status status, DynamicMessage reply);
}
