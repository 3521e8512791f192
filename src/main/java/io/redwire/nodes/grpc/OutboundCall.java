package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.StreamResetException;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientRequest;
import io.vertx.grpc.client.GrpcClientResponse;
import io.vertx.grpc.common.GrpcError;
import io.vertx.grpc.common.GrpcErrorException;
import io.vertx.grpc.common.GrpcMessage;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.InvalidMessageException;
import io.vertx.grpc.common.MessageSizeOverflowException;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One RPC a grpc-call or grpc-client-streaming node makes, on the shared client's HTTP/2 connection. It is started
 * on the flow loop, which owns the connection, so replies and the status arrive on the flow loop too. Writes made
 * before the stream is open wait in order. The deadline is the call's own timer: when it fires the stream is
 * cancelled and the call ends DEADLINE_EXCEEDED, as grpc-java reports it.
 */
final class OutboundCall {
    /** What the node does with the call's results, on the flow loop. */
    interface Events {
        void onReply(DynamicMessage reply);

        void onClose(Status status, MultiMap trailers);
    }

    private final Descriptors.MethodDescriptor method;
    private final Events events;
    private final UnsentBytes unsent = new UnsentBytes();
    private GrpcClientRequest<Buffer, Buffer> request;
    /** Writes made before the stream opened. */
    private List<Buffer> waiting = new ArrayList<>();
    private boolean halfClosed;
    private boolean finished;
    private long deadlineTimer = -1;
    private Vertx vertx;
    private DynamicMessage reply;
    private int replies;

    private OutboundCall(Descriptors.MethodDescriptor method, Events events) {
        this.method = method;
        this.events = events;
    }

    /** Starts the call; {@code deadlineMillis} ≤ 0 means none. Call on the flow loop. */
    static OutboundCall start(GrpcClient client, SocketAddress target, Descriptors.MethodDescriptor method,
                              MultiMap headers, long deadlineMillis, Vertx vertx, Events events) {
        OutboundCall c = new OutboundCall(method, events);
        c.vertx = vertx;
        if (deadlineMillis > 0) {
            c.deadlineTimer = vertx.setTimer(deadlineMillis, id -> c.expired(deadlineMillis));
        }
        client.request(target).onComplete(ar -> {
            if (ar.failed()) {
                c.closed(statusOf(ar.cause()), null);
            } else if (c.finished) {
                ar.result().cancel(); // cancelled or expired while the stream was opening
            } else {
                c.opened(ar.result(), headers, deadlineMillis);
            }
        });
        return c;
    }

    private void opened(GrpcClientRequest<Buffer, Buffer> r, MultiMap headers, long deadlineMillis) {
        String fullMethodName = method.getService().getFullName() + "/" + method.getName();
        Status tooBig = MetadataLimit.refusal(headers, fullMethodName, r.connection());
        if (tooBig != null) {
            closed(tooBig, null);
            r.cancel(); // nothing was sent yet, and nothing will be
            return;
        }
        request = r;
        r.fullMethodName(fullMethodName);
        r.headers().addAll(headers);
        if (deadlineMillis > 0) {
            r.timeout(deadlineMillis, TimeUnit.MILLISECONDS); // tells the server (grpc-timeout)
        }
        r.response().onComplete(ar -> {
            if (ar.failed()) {
                closed(statusOf(ar.cause()), null);
            } else {
                receive(ar.result());
            }
        });
        List<Buffer> early = waiting;
        waiting = null;
        for (int i = 0; i < early.size(); i++) {
            if (halfClosed && i == early.size() - 1) {
                r.end(early.get(i)); // the last request and the end of the stream in one frame
                return;
            }
            send(early.get(i));
        }
        if (halfClosed) {
            r.end();
        }
    }

    private void receive(GrpcClientResponse<Buffer, Buffer> response) {
        response.messageHandler(this::message);
        response.invalidMessageHandler(this::invalid);
        response.exceptionHandler(e -> closed(statusOf(e), null));
        response.errorHandler(e -> closed(statusOf(new GrpcErrorException(e, e.status)), null));
        response.endHandler(v -> {
            GrpcStatus s = response.status();
            Status status = Status.fromCodeValue(s == null ? GrpcStatus.UNKNOWN.code : s.code);
            String message = response.statusMessage();
            if (message != null) {
                status = status.withDescription(message);
            }
            if (status.isOk() && !method.isServerStreaming()) {
                if (replies != 1) {
                    status = Status.INTERNAL.withDescription(replies == 0 ? "no response received"
                            : "more than one response received for a single-response call");
                } else {
                    events.onReply(reply);
                }
            }
            closed(status, response.trailers().isEmpty() ? response.headers() : response.trailers());
        });
    }

    private void message(GrpcMessage m) {
        if (finished) {
            return;
        }
        DynamicMessage parsed;
        try {
            parsed = WireMessages.parse(method.getOutputType(), m);
        } catch (WireMessages.Refused e) {
            fail(e.tooLarge ? Status.RESOURCE_EXHAUSTED.withDescription(e.getMessage())
                    : Status.INTERNAL.withDescription("response " + e.getMessage()));
            return;
        }
        if (method.isServerStreaming()) {
            events.onReply(parsed);
        } else {
            reply = parsed; // reported with the status, once the server ends the call
            replies++;
        }
    }

    private void invalid(InvalidMessageException e) {
        fail(e instanceof MessageSizeOverflowException tooBig
                ? Status.RESOURCE_EXHAUSTED.withDescription("gRPC message exceeds maximum size "
                + GrpcTransport.MAX_MESSAGE_BYTES + ": " + tooBig.messageSize())
                : Status.INTERNAL.withDescription("invalid gRPC message: " + e.getMessage()));
    }

    private void expired(long deadlineMillis) {
        deadlineTimer = -1;
        fail(Status.DEADLINE_EXCEEDED.withDescription("deadline exceeded after " + deadlineMillis + " ms"));
    }

    /** Ends the call here with {@code status}: the stream is cancelled and the node hears the status. */
    private void fail(Status status) {
        if (!finished) {
            closed(status, null); // first: cancelling reports CANCELLED, which must not be what the node hears
            if (request != null) {
                request.cancel();
            }
        }
    }

    private void closed(Status status, MultiMap trailers) {
        if (finished) {
            return;
        }
        finished = true;
        if (deadlineTimer >= 0) {
            vertx.cancelTimer(deadlineTimer);
        }
        events.onClose(status, trailers == null ? MultiMap.caseInsensitiveMultiMap() : trailers);
    }

    private static Status statusOf(Throwable e) {
        if (e instanceof GrpcErrorException g) {
            return Status.fromCodeValue(g.status().code).withDescription(g.getMessage());
        }
        if (e instanceof StreamResetException reset) {
            GrpcError error = GrpcError.mapHttp2ErrorCode(reset.getCode());
            return (error == null ? Status.INTERNAL : Status.fromCodeValue(error.status.code))
                    .withDescription("stream reset by the server (HTTP/2 error " + reset.getCode() + ")");
        }
        if (e instanceof HttpClosedException || e instanceof ConnectException
                || e instanceof java.io.IOException || e instanceof javax.net.ssl.SSLException) {
            return Status.UNAVAILABLE.withDescription(String.valueOf(e.getMessage()));
        }
        return Status.UNAVAILABLE.withDescription(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    // ---- writes, from the node on the flow loop ----------------------------------------------------------------

    void write(DynamicMessage message) {
        if (finished || halfClosed) {
            return;
        }
        Buffer bytes = WireMessages.bytes(message);
        if (request == null) {
            waiting.add(bytes);
        } else {
            send(bytes);
        }
    }

    private void send(Buffer bytes) {
        if (finished) {
            return;
        }
        if (!unsent.add(request.write(bytes), bytes.length())) {
            fail(Status.RESOURCE_EXHAUSTED.withDescription("the server is not reading the request stream ("
                    + unsent.unsent() + " bytes unsent)"));
        }
    }

    /** Writes the last request and ends the request stream, in one frame. */
    void writeLast(DynamicMessage message) {
        if (finished || halfClosed) {
            return;
        }
        Buffer bytes = WireMessages.bytes(message);
        halfClosed = true;
        if (request == null) {
            waiting.add(bytes);
        } else {
            request.end(bytes);
        }
    }

    /** Ends the request stream (the client's half of the call). */
    void halfClose() {
        if (finished || halfClosed) {
            return;
        }
        halfClosed = true;
        if (request != null) {
            request.end();
        }
    }

    /** Abandons the call; its Events hear nothing more. */
    void cancel(String why) {
        if (!finished) {
            finished = true;
            if (deadlineTimer >= 0) {
                vertx.cancelTimer(deadlineTimer);
            }
            if (request != null) {
                request.cancel();
            }
        }
    }

    boolean isFinished() {
        return finished;
    }
}
