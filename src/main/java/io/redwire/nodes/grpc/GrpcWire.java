package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.MultiMap;
import io.vertx.core.Timer;
import io.vertx.core.buffer.Buffer;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.InvalidMessageException;
import io.vertx.grpc.common.MessageSizeOverflowException;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpc.server.GrpcServerResponse;

/** A gRPC or gRPC-Web (binary or text) call, framed by Vert.x's gRPC server. */
final class GrpcWire extends CallWire {
    private final GrpcServerRequest<Buffer, Buffer> request;
    private final GrpcServerResponse<Buffer, Buffer> response;
    private final Descriptor input;

    GrpcWire(GrpcServerRequest<Buffer, Buffer> request, Descriptor input) {
        super(request, request.response());
        this.request = request;
        this.response = request.response();
        this.input = input;
    }

    @Override
    String protocol() {
        String type = request.headers().get("content-type");
        return type != null && type.startsWith("application/grpc-web") ? "grpc-web" : "grpc";
    }

    @Override
    MultiMap headers() {
        return request.headers();
    }

    @Override
    void open(InboundCall call) {
        Timer deadline = request.deadline();
        request.errorHandler(error -> lost(call, deadline));     // RST_STREAM from the client: cancel or its deadline
        request.exceptionHandler(error -> lost(call, deadline)); // the connection went away
        response.exceptionHandler(error -> lost(call, deadline));
        request.invalidMessageHandler(e -> call.refused(invalid(e)));
        if (deadline != null) {
            deadline.onSuccess(v -> call.lost()); // Vert.x has answered DEADLINE_EXCEEDED
        }
        request.messageHandler(m -> {
            try {
                call.received(WireMessages.parse(input, m));
            } catch (WireMessages.Refused e) {
                call.refused(e.status());
            }
        });
        request.endHandler(v -> call.requestEnded());
    }

    /**
     * The client reset the stream or the connection went. Vert.x's deadline timer must not fire after that: for a
     * reset with another code than CANCEL (connect-node sends INTERNAL_ERROR when its own timeout passes) it would
     * try to answer DEADLINE_EXCEEDED on the failed stream and throw on the flow loop.
     */
    private static void lost(InboundCall call, Timer deadline) {
        if (deadline != null) {
            deadline.cancel();
        }
        call.lost();
    }

    private static Status invalid(InvalidMessageException e) {
        if (e instanceof MessageSizeOverflowException tooBig) {
            return Status.RESOURCE_EXHAUSTED.withDescription("gRPC message exceeds maximum size "
                    + GrpcTransport.MAX_MESSAGE_BYTES + ": " + tooBig.messageSize());
        }
        return Status.INVALID_ARGUMENT.withDescription("invalid gRPC message: " + e.getMessage());
    }

    @Override
    boolean write(DynamicMessage message) {
        Buffer bytes = WireMessages.bytes(message);
        return counted(response.write(bytes), bytes.length());
    }






    @Override
    void cancel() {
        response.cancel();
    }

    @Override
    void end(Status status, DynamicMessage reply) {
        if (!status.isOk()) {
            response.status(GrpcStatus.valueOf(status.getCode().value()));
            if (status.getDescription() != null) {
                response.statusMessage(status.getDescription());
            }
            response.end();
        } else if (reply != null) {
            response.end(WireMessages.bytes(reply));
        } else {
            response.end();
        }
    }
}
