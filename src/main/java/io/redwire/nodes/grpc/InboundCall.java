package io.redwire.nodes.grpc;

import io.redwire.msg.Messages;
import io.redwire.msg.SharedRef;
import io.redwire.spi.CallMeters;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.Future;
import io.vertx.core.Timer;
import io.vertx.core.buffer.Buffer;
import io.vertx.grpc.common.GrpcMessage;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.InvalidMessageException;
import io.vertx.grpc.common.MessageSizeOverflowException;
import io.vertx.grpc.common.WireFormat;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpc.server.GrpcServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One RPC a local grpc-server is answering; msg.call holds it. The server's connections live on the flow loop's
 * event loop, so every event of the call (request messages, end of stream, cancel) arrives on the flow loop and
 * the answer is written from it: no thread hand-off between the socket and the flow.
 *
 * <p>Backpressure: while the client does not take the responses of a bidi or client-streaming call, the call stops
 * reading the client's messages, so HTTP/2 flow control slows the client's sends. A stream that still piles up more
 * than {@link UnsentBytes#LIMIT} unsent bytes (a flow producing responses on its own) is cancelled with a warning.
 */
public final class InboundCall implements SharedRef {
    private final GrpcServerRequest<Buffer, Buffer> request;
    private final GrpcServerResponse<Buffer, Buffer> response;
    private final Descriptors.MethodDescriptor method;
    private final DynamicServer server;
    private final UnsentBytes unsent = new UnsentBytes();
    private final long startNanos = System.nanoTime();
    private Map<String, Object> metadata;
    private GrpcRegisterFunctionNode target;
    /** For single-request methods: the request (or why it did not parse) and how many arrived. */
    private GrpcMessage single;
    private int received;
    /** For unary and client-streaming methods: the one response, sent together with the status. */
    private DynamicMessage reply;
    private boolean closed;
    private boolean cancelled;
    private boolean readingPaused;

    private InboundCall(GrpcServerRequest<Buffer, Buffer> request, Descriptors.MethodDescriptor method,
                        DynamicServer server) {
        this.request = request;
        this.response = request.response();
        this.method = method;
        this.server = server;
    }

    /** Takes a call in: on the flow loop, as the server's request handler. */
    static void start(GrpcServerRequest<Buffer, Buffer> request, Descriptors.MethodDescriptor method,
                      DynamicServer server) {
        InboundCall c = new InboundCall(request, method, server);
        request.errorHandler(error -> c.lost());       // RST_STREAM from the client: cancel or its deadline
        request.exceptionHandler(error -> c.lost());   // the connection went away
        c.response.exceptionHandler(error -> c.lost());
        request.invalidMessageHandler(c::invalid);
        Timer deadline = request.deadline();
        if (deadline != null) {
            deadline.onSuccess(v -> c.lost()); // Vert.x has answered DEADLINE_EXCEEDED
        }
        if (!server.track(c)) {
            c.finish(Status.UNAVAILABLE.withDescription("grpc-server is stopping"));
            return;
        }
        if (method.isClientStreaming()) {
            request.messageHandler(c::streamMessage);
            request.endHandler(v -> c.streamEnded());
        } else {
            request.messageHandler(m -> {
                c.single = m;
                c.received++;
            });
            request.endHandler(v -> c.singleRequest());
        }
    }

    // ---- inbound ----------------------------------------------------------------------------------------------

    private void singleRequest() {
        if (closed) {
            return;
        }
        if (received != 1) {
            finish(Status.INTERNAL.withDescription(received == 0 ? "half-closed without a request"
                    : "too many requests"));
            return;
        }
        DynamicMessage m = parse(single);
        single = null;
        if (m != null && resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(m), false));
        }
    }

    private void streamMessage(GrpcMessage bytes) {
        if (closed) {
            return;
        }
        DynamicMessage m = parse(bytes);
        if (m != null && resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(m), false));
        }
    }

    private void streamEnded() {
        if (!closed && resolveTarget()) {
            target.emit(newMsg(null, true));
        }
    }

    /** The request as a message; null after answering INVALID_ARGUMENT (RESOURCE_EXHAUSTED) when refused. */
    private DynamicMessage parse(GrpcMessage bytes) {
        if (bytes.format() == WireFormat.JSON) { // HTTP/JSON calls
            try {
                return server.json().parse(method.getInputType(), bytes.payload().toString(StandardCharsets.UTF_8));
            } catch (ProtoJson.Invalid e) {
                finish(Status.INVALID_ARGUMENT.withDescription("request " + e.getMessage()));
                return null;
            }
        }
        try {
            return WireMessages.parse(method.getInputType(), bytes);
        } catch (WireMessages.Refused e) {
            finish(e.tooLarge ? Status.RESOURCE_EXHAUSTED.withDescription(e.getMessage())
                    : Status.INVALID_ARGUMENT.withDescription("request " + e.getMessage()));
            return null;
        }
    }

    private void invalid(InvalidMessageException e) {
        if (e instanceof MessageSizeOverflowException tooBig) {
            finish(Status.RESOURCE_EXHAUSTED.withDescription("gRPC message exceeds maximum size "
                    + GrpcTransport.MAX_MESSAGE_BYTES + ": " + tooBig.messageSize()));
        } else {
            finish(Status.INVALID_ARGUMENT.withDescription("invalid gRPC message: " + e.getMessage()));
        }
    }

    private boolean resolveTarget() {
        if (target == null) {
            target = server.handler(fullMethodName());
            if (target == null) {
                finish(Status.UNIMPLEMENTED.withDescription("no grpc-register-function node handles "
                        + fullMethodName()));
                return false;
            }
        }
        return true;
    }

    /** The client left (cancel, deadline, connection lost): nothing more is written. */
    private void lost() {
        if (!closed) {
            cancelled = true;
            closed = true;
            server.forget(this);
            counted(Status.Code.CANCELLED);
        }
    }

    /** A msg for the flow: the request (or stream message), the request metadata and this call. */
    private Map<String, Object> newMsg(Map<String, Object> payload, boolean endOfStream) {
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("_msgid", Messages.newId());
        if (payload != null) {
            msg.put("payload", payload);
        }
        if (endOfStream) {
            msg.put("complete", true);
        }
        if (metadata == null) {
            metadata = MetadataCodec.toObject(request.headers());
        }
        // a single request's msg takes the map itself; every msg of a stream gets its own copy
        msg.put("metadata", method.isClientStreaming() ? copyOfMetadata() : metadata);
        msg.put("call", this);
        return msg;
    }

    /** Values are strings and Buffers, so one level is the whole copy. */
    private Map<String, Object> copyOfMetadata() {
        Map<String, Object> copy = new LinkedHashMap<>(Math.max(4, metadata.size() * 2));
        metadata.forEach((k, v) -> copy.put(k, v instanceof byte[] b ? b.clone() : v));
        return copy;
    }

    // ---- outbound, used by grpc-response on the flow loop ------------------------------------------------------

    public Descriptors.MethodDescriptor method() {
        return method;
    }

    public String fullMethodName() {
        return method.getService().getFullName() + "/" + method.getName();
    }

    /** True until the call was answered, failed or cancelled. */
    public boolean isOpen() {
        return !closed;
    }

    public boolean cancelledByPeer() {
        return cancelled;
    }

    /** Sends one response message (the only one for unary and client-streaming methods). */
    void write(DynamicMessage message) {
        if (closed) {
            return;
        }
        if (!method.isServerStreaming()) {
            reply = message; // goes out with the status, in one write
            return;
        }
        Buffer bytes = WireMessages.bytes(message);
        Future<Void> written = response.write(bytes);
        if (!unsent.add(written, bytes.length())) {
            server.clientNotReading(this, unsent.unsent());
            response.cancel();
            lost();
            return;
        }
        if (method.isClientStreaming() && !readingPaused && response.writeQueueFull()) {
            readingPaused = true; // read no more of the client's stream until it reads ours
            request.pause();
            response.drainHandler(v -> {
                readingPaused = false;
                request.resume();
            });
        }
    }

    private void counted(Status.Code status) {
        CallMeters.of(server.engine()).finished("grpc", "server", method.getService().getFullName(),
                method.getName(), status.name(), startNanos);
    }

    /** Ends the call with a status; OK after the responses were written. */
    void finish(Status status) {
        if (closed) {
            return;
        }
        closed = true;
        server.forget(this);
        counted(status.getCode());
        if (!status.isOk()) {
            response.status(GrpcStatus.valueOf(status.getCode().value()));
            if (status.getDescription() != null) {
                response.statusMessage(status.getDescription());
            }
            response.end();
        } else if (reply != null) {
            response.end(WireMessages.bytes(reply));
        } else if (!method.isServerStreaming()) {
            response.status(GrpcStatus.INTERNAL).statusMessage("no response sent").end();
        } else {
            response.end();
        }
        reply = null;
    }
}
