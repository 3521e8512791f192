package io.redwire.nodes.grpc;

import io.redwire.spi.FlowEngine;

import com.google.protobuf.DynamicMessage;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;

import java.util.concurrent.TimeUnit;

/**
 * One RPC a grpc-call or grpc-client-streaming node makes. grpc-java reports on its transport thread; every event
 * is handed to the flow loop, where the node's {@link Events} run and where all writes happen.
 */
final class OutboundCall {
    /** Responses requested ahead of the flow on streaming responses; replenished by half as the flow takes them. */
    private static final int WINDOW = 64;

    /** What the node does with the call's results, on the flow loop. */
    interface Events {
        void onReply(DynamicMessage reply);

        void onClose(Status status, Metadata trailers);
    }

    private record Closed(Status status, Metadata trailers) {
    }

    private final ClientCall<DynamicMessage, DynamicMessage> call;
    private boolean finished;
    private int taken;

    private OutboundCall(ClientCall<DynamicMessage, DynamicMessage> call) {
        this.call = call;
    }

    /** Starts the call; {@code deadlineMillis} ≤ 0 means none. Call on the flow loop. */
    static OutboundCall start(Channel channel, com.google.protobuf.Descriptors.MethodDescriptor method,
                              Metadata headers, long deadlineMillis, FlowEngine engine, Events events) {
        CallOptions options = deadlineMillis > 0
                ? CallOptions.DEFAULT.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS) : CallOptions.DEFAULT;
        MethodDescriptor<DynamicMessage, DynamicMessage> md = GrpcMethods.client(method);
        OutboundCall c = new OutboundCall(channel.newCall(md, options));
        if (method.isServerStreaming()) {
            LoopInbox<Object> inbox = new LoopInbox<>(engine, event -> {
                if (event instanceof Closed closed) {
                    c.closed(closed.status(), closed.trailers(), events);
                } else {
                    c.streamReply((DynamicMessage) event, events);
                }
            });
            c.call.start(new ClientCall.Listener<>() {
                @Override
                public void onMessage(DynamicMessage m) {
                    inbox.post(m);
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    inbox.post(new Closed(status, trailers));
                }
            }, headers);
            c.call.request(WINDOW);
        } else {
            // one response: keep it on the transport thread and hand over once, with the status
            c.call.start(new ClientCall.Listener<>() {
                private DynamicMessage reply;

                @Override
                public void onMessage(DynamicMessage m) {
                    reply = m;
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    DynamicMessage r = reply;
                    engine.execute(() -> {
                        if (r != null && status.isOk()) {
                            events.onReply(r);
                        }
                        c.closed(status.isOk() && r == null
                                ? Status.INTERNAL.withDescription("no response received") : status, trailers, events);
                    });
                }
            }, headers);
            c.call.request(2);
        }
        return c;
    }

    private void streamReply(DynamicMessage m, Events events) {
        if (finished) {
            return;
        }
        events.onReply(m);
        if (++taken == WINDOW / 2) {
            taken = 0;
            call.request(WINDOW / 2);
        }
    }

    private void closed(Status status, Metadata trailers, Events events) {
        if (!finished) {
            finished = true;
            events.onClose(status, trailers);
        }
    }

    void write(DynamicMessage request) {
        if (!finished) {
            call.sendMessage(request);
        }
    }

    /** Ends the request stream (the client's half of the call). */
    void halfClose() {
        if (!finished) {
            call.halfClose();
        }
    }

    /** Abandons the call; its Events hear nothing more. */
    void cancel(String why) {
        if (!finished) {
            finished = true;
            call.cancel(why, null);
        }
    }

    boolean isFinished() {
        return finished;
    }
}
