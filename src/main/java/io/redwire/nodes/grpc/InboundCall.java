package io.redwire.nodes.grpc;

import io.redwire.msg.Messages;
import io.redwire.msg.SharedRef;
import io.redwire.net.CallMeters;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One RPC a local grpc-server is answering, whatever the protocol ({@link CallWire}: gRPC, gRPC-Web, Connect);
 * msg.call holds it. The server's connections live on the flow loop's event loop, so every event of the call
 * (request messages, end of stream, cancel) arrives on the flow loop and the answer is written from it: no thread
 * hand-off between the socket and the flow.
 *
 * <p>Backpressure: while the client does not take the responses of a bidi or client-streaming call, the call stops
 * reading the client's messages, so HTTP/2 flow control slows the client's sends. A stream that still piles up more
 * than {@link UnsentBytes#LIMIT} unsent bytes (a flow producing responses on its own) is cancelled with a warning.
 */
public final class InboundCall implements SharedRef {
    private final CallWire wire;
    private final Descriptors.MethodDescriptor method;
    private final DynamicServer server;
    private final long startNanos = System.nanoTime();
    private Map<String, Object> metadata;
    private GrpcRegisterFunctionNode target;
    /** For single-request methods: the request and how many arrived. */
    private DynamicMessage single;
    private int received;
    /** For unary and client-streaming methods: the one response, sent together with the status. */
    private DynamicMessage reply;
    private boolean closed;
    private boolean cancelled;
    private boolean readingPaused;

    private InboundCall(CallWire wire, Descriptors.MethodDescriptor method, DynamicServer server) {
        this.wire = wire;
        this.method = method;
        this.server = server;
    }

    /** Takes a call in: on the flow loop, as the server's request handler. */
    static void start(CallWire wire, Descriptors.MethodDescriptor method, DynamicServer server) {
        InboundCall c = new InboundCall(wire, method, server);
        if (!server.track(c)) {
            c.finish(Status.UNAVAILABLE.withDescription("grpc-server is stopping"));
            return;
        }
        wire.open(c); // a GET's Connect request is in its query: delivered at once, to a tracked call
    }

    // ---- inbound, from the wire -------------------------------------------------------------------------------

    /** A request message (one of the stream's for client-streaming methods). */
    void received(DynamicMessage m) {
        if (closed) {
            return;
        }
        if (!method.isClientStreaming()) {
            single = m;
            received++;
        } else if (resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(m), false));
        }
    }

    /** The client's side is complete. */
    void requestEnded() {
        if (closed) {
            return;
        }
        if (method.isClientStreaming()) {
            if (resolveTarget()) {
                target.emit(newMsg(null, true));
            }
            return;
        }
        if (received != 1) {
            finish(Status.INTERNAL.withDescription(received == 0 ? "half-closed without a request"
                    : "too many requests"));
            return;
        }
        DynamicMessage m = single;
        single = null;
        if (resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(m), false));
        }
    }

    /** A request the wire could not take (does not parse, too large): the call ends with {@code status}. */
    void refused(Status status) {
        finish(status);
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
    void lost() {
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
            metadata = MetadataCodec.toObject(wire.headers());
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
        if (!wire.write(message)) {
            server.clientNotReading(this, wire.unsent());
            wire.cancel();
            lost();
            return;
        }
        if (method.isClientStreaming() && !readingPaused && wire.writeQueueFull()) {
            readingPaused = true; // read no more of the client's stream until it reads ours
            wire.pauseRequests();
            wire.onDrain(() -> {
                readingPaused = false;
                wire.resumeRequests();
            });
        }
    }

    private void counted(Status.Code status) {
        CallMeters.of(server.engine()).tagged("grpc", "protocol", wire.protocol(), "server",
                method.getService().getFullName(), method.getName(), status.name(), startNanos);
    }

    /** Ends the call with a status; OK after the responses were written. */
    void finish(Status status) {
        if (closed) {
            return;
        }
        closed = true;
        server.forget(this);
        if (status.isOk() && reply == null && !method.isServerStreaming()) {
            status = Status.INTERNAL.withDescription("no response sent");
        }
        counted(status.getCode());
        wire.end(status, status.isOk() ? reply : null);
        reply = null;
    }
}
