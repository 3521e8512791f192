package io.redwire.nodes.grpc;

import io.redwire.msg.Messages;
import io.redwire.msg.SharedRef;
import io.redwire.nodes.grpc.GrpcMethods.Request;
import io.redwire.spi.FlowEngine;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One RPC a local grpc-server is answering; msg.call holds it. grpc-java calls the listener on its transport
 * thread, which only hands events to the flow loop; everything else (emitting msgs, writing, closing) runs on the
 * loop, so the ServerCall is never used from two threads at once.
 */
public final class InboundCall implements SharedRef {
    /** Stream messages requested ahead of the flow; replenished by half as the flow takes them. */
    private static final int WINDOW = 64;

    private static final Object END_OF_STREAM = new Object();
    private static final Object CANCELLED = new Object();

    private final ServerCall<Request, DynamicMessage> call;
    private final Descriptors.MethodDescriptor method;
    private final DynamicServer server;
    private final Metadata headers;
    private Map<String, Object> metadata;
    private GrpcRegisterFunctionNode target;
    private boolean admitted;
    private boolean headersSent;
    private boolean closed;
    private boolean cancelled;
    private int taken;

    private InboundCall(ServerCall<Request, DynamicMessage> call, Descriptors.MethodDescriptor method,
                        DynamicServer server, Metadata headers) {
        this.call = call;
        this.method = method;
        this.server = server;
        this.headers = headers; // converted on the loop: grpc's I/O thread is the busier one under load
    }

    /** grpc-java's entry point for one method: creates the call and its transport-thread listener. */
    static ServerCall.Listener<Request> start(ServerCall<Request, DynamicMessage> call, Metadata headers,
                                              Descriptors.MethodDescriptor method, DynamicServer server) {
        InboundCall c = new InboundCall(call, method, server, headers);
        FlowEngine engine = server.engine();
        if (method.isClientStreaming()) {
            call.request(WINDOW);
            LoopInbox<Object> inbox = new LoopInbox<>(engine, c::streamEvent);
            return new ServerCall.Listener<>() {
                @Override
                public void onMessage(Request r) {
                    inbox.post(r);
                }

                @Override
                public void onHalfClose() {
                    inbox.post(END_OF_STREAM);
                }

                @Override
                public void onCancel() {
                    inbox.post(CANCELLED);
                }
            };
        }
        call.request(2); // one request; a second one is a client error we want to see
        return new ServerCall.Listener<>() {
            private Request request;
            private boolean tooMany;

            @Override
            public void onMessage(Request r) {
                tooMany = request != null;
                request = r;
            }

            @Override
            public void onHalfClose() {
                Request r = request;
                boolean extra = tooMany;
                engine.execute(() -> c.singleRequest(r, extra));
            }

            @Override
            public void onCancel() {
                engine.execute(c::cancelledByClient);
            }
        };
    }

    // ---- inbound, on the flow loop ---------------------------------------------------------------------------

    /** First touch on the loop: the server takes the call in, unless it is stopping. */
    private boolean admitted() {
        if (!admitted) {
            admitted = true;
            if (!closed && !server.track(this)) {
                finish(Status.UNAVAILABLE.withDescription("grpc-server is stopping"));
            }
        }
        return !closed;
    }

    private void singleRequest(Request r, boolean tooMany) {
        if (!admitted()) {
            return;
        }
        if (r == null || tooMany) {
            finish(Status.INTERNAL.withDescription(r == null ? "half-closed without a request" : "too many requests"));
            return;
        }
        if (r.message() == null) {
            finish(Status.INVALID_ARGUMENT.withDescription(r.problem()));
            return;
        }
        if (resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(r.message()), false));
        }
    }

    private void streamEvent(Object event) {
        if (event instanceof Request r) {
            streamMessage(r);
        } else if (event == END_OF_STREAM) {
            streamEnded();
        } else {
            cancelledByClient();
        }
    }

    private void streamMessage(Request r) {
        if (!admitted()) {
            return;
        }
        if (r.message() == null) {
            finish(Status.INVALID_ARGUMENT.withDescription(r.problem()));
            return;
        }
        if (resolveTarget()) {
            target.emit(newMsg(MessageCodec.toObject(r.message()), false));
            if (++taken == WINDOW / 2) {
                taken = 0;
                call.request(WINDOW / 2);
            }
        }
    }

    private void streamEnded() {
        if (admitted() && resolveTarget()) {
            target.emit(newMsg(null, true));
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

    private void cancelledByClient() {
        cancelled = true;
        closed = true;
        server.forget(this);
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
            metadata = MetadataCodec.toObject(headers);
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
    void write(DynamicMessage response) {
        if (closed) {
            return;
        }
        if (!headersSent) {
            call.sendHeaders(new Metadata());
            headersSent = true;
        }
        call.sendMessage(response);
    }

    /** Ends the call with a status; OK after the responses were written. */
    void finish(Status status) {
        if (closed) {
            return;
        }
        closed = true;
        call.close(status, new Metadata());
        server.forget(this);
    }
}
