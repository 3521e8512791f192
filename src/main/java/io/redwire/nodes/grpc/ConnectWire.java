package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.grpc.common.GrpcMessage;

import java.nio.charset.StandardCharsets;

/**
 * One call in the Connect protocol (connectrpc.com/docs/protocol), over HTTP/1.1 or HTTP/2: unary (a whole message
 * as the body, answered with the message or an error JSON and its HTTP status) or streaming (length-prefixed
 * envelopes both ways, the response ending with an end-stream message that carries the error, if any). Messages
 * are binary protobuf or protobuf's canonical JSON ({@link ProtoJson}). {@link ConnectRequests} checks the request
 * and makes the wire; everything the flow sees goes through {@link InboundCall} as for gRPC.
 */
final class ConnectWire extends HttpWire {
    private final DynamicServer server;
    private final Descriptor input;
    private final boolean streaming;
    private final boolean json;
    private final boolean gzip;
    private final long timeoutMs;
    /** A GET's message, from the query; null for POST, whose message is the body. */
    private final Buffer queryMessage;
    private Buffer pending = Buffer.buffer();
    private long timer = -1;
    private boolean streamStarted;

    ConnectWire(DynamicServer server, HttpServerRequest request, Descriptor input, boolean streaming, boolean json,
                boolean gzip, long timeoutMs, Buffer queryMessage) {
        super(request);
        this.server = server;
        this.input = input;
        this.streaming = streaming;
        this.json = json;
        this.gzip = gzip;
        this.timeoutMs = timeoutMs;
        this.queryMessage = queryMessage;
    }

    @Override
    String protocol() {
        return "connect";
    }

    @Override
    void open(InboundCall call) {
        attach(call);
        if (timeoutMs > 0) {
            timer = server.engine().vertx().setTimer(timeoutMs, id -> {
                timer = -1;
                if (!ended) {
                    end(Status.DEADLINE_EXCEEDED.withDescription("the call took longer than its Connect-Timeout-Ms "
                            + timeoutMs), null);
                    call.lost();
                }
            });
        }
        if (queryMessage != null) {
            deliver(queryMessage, gzip);
            if (!ended) {
                call.requestEnded();
            }
            return;
        }
        request.handler(streaming ? this::envelopes : this::body);
        request.endHandler(v -> {
            if (ended) {
                return;
            }
            if (!streaming) {
                deliver(pending, gzip);
            } else if (pending.length() > 0) {
                refuse(Status.INVALID_ARGUMENT.withDescription("the request stream ends inside an envelope ("
                        + pending.length() + " bytes left over)"));
            }
            pending = null;
            if (!ended) {
                call.requestEnded();
            }
        });
    }

    /** A unary request's body, gathered up to the message size limit. */
    private void body(Buffer chunk) {
        if (ended) {
            return;
        }
        if (pending.length() + chunk.length() > GrpcTransport.MAX_MESSAGE_BYTES) {
            refuse(Status.RESOURCE_EXHAUSTED.withDescription("message exceeds maximum size "
                    + GrpcTransport.MAX_MESSAGE_BYTES));
            return;
        }
        pending.appendBuffer(chunk);
    }

    /** A streaming request's bytes: each complete envelope is a message. */
    private void envelopes(Buffer chunk) {
        pending.appendBuffer(chunk);
        int at = 0;
        while (!ended && pending.length() - at >= ConnectEnvelope.HEADER) {
            int flags = pending.getUnsignedByte(at);
            long length = pending.getUnsignedInt(at + 1);
            if (length > GrpcTransport.MAX_MESSAGE_BYTES) {
                refuse(Status.RESOURCE_EXHAUSTED.withDescription("message exceeds maximum size "
                        + GrpcTransport.MAX_MESSAGE_BYTES + ": " + length));
                return;
            }
            int start = at + ConnectEnvelope.HEADER;
            if (pending.length() - start < length) {
                break;
            }
            Buffer message = pending.getBuffer(start, start + (int) length);
            at = start + (int) length;
            if ((flags & ~ConnectEnvelope.COMPRESSED) != 0) {
                refuse(Status.INVALID_ARGUMENT.withDescription("invalid envelope flags " + flags));
            } else if ((flags & ConnectEnvelope.COMPRESSED) != 0 && !gzip) {
                refuse(Status.INVALID_ARGUMENT.withDescription("a compressed envelope, but the request names no "
                        + "Connect-Content-Encoding"));
            } else {
                deliver(message, (flags & ConnectEnvelope.COMPRESSED) != 0);
            }
        }
        if (!ended) {
            pending = pending.getBuffer(at, pending.length());
        }
    }

    private void deliver(Buffer bytes, boolean compressed) {
        try {
            call.received(decode(bytes, compressed));
        } catch (WireMessages.Refused e) {
            refuse(e.status());
        }
    }

    private DynamicMessage decode(Buffer bytes, boolean compressed) throws WireMessages.Refused {
        if (!json) {
            return WireMessages.parse(input, GrpcMessage.message(compressed ? "gzip" : "identity", bytes));
        }
        Buffer text = compressed ? Buffer.buffer(WireMessages.inflate(bytes)) : bytes;
        try {
            return server.json().parse(input, text.toString(StandardCharsets.UTF_8));
        } catch (ProtoJson.Invalid e) {
            throw new WireMessages.Refused("is no " + input.getFullName() + " in JSON: " + e.getMessage(), false);
        }
    }

    private void refuse(Status status) {
        call.refused(status);
    }

    @Override
    protected void ending() {
        if (timer >= 0) {
            server.engine().vertx().cancelTimer(timer);
            timer = -1;
        }
    }

    // ---- answering --------------------------------------------------------------------------------------------

    private byte[] encode(DynamicMessage message) {
        return json ? server.json().print(message).getBytes(StandardCharsets.UTF_8) : message.toByteArray();
    }

    private static Status unprintable(IllegalArgumentException e) {
        return Status.INTERNAL.withDescription("the response has no JSON form: " + e.getMessage());
    }

    private void startStream() {
        if (!streamStarted) {
            streamStarted = true;
            response.setStatusCode(200).putHeader("content-type", json ? "application/connect+json"
                    : "application/connect+proto");
            if (request.version() != HttpVersion.HTTP_2) {
                response.setChunked(true);
            }
        }
    }

    @Override
    boolean write(DynamicMessage message) {
        byte[] encoded;
        try {
            encoded = encode(message);
        } catch (IllegalArgumentException e) { // JSON for an Any whose type the schema lacks
            end(unprintable(e), null);
            return true;
        }
        startStream();
        Buffer bytes = ConnectEnvelope.of(0, encoded);
        return counted(response.write(bytes), bytes.length());
    }






    @Override
    void end(Status status, DynamicMessage reply) {
        if (!endOnce()) {
            return;
        }
        if (streaming) {
            startStream();
            response.end(ConnectEnvelope.endOfStream(status));
        } else if (status.isOk()) {
            byte[] encoded;
            try {
                encoded = encode(reply);
            } catch (IllegalArgumentException e) {
                ConnectRequests.answerError(response, unprintable(e));
                return;
            }
            response.putHeader("content-type", json ? "application/json" : "application/proto")
                    .end(Buffer.buffer(encoded));
        } else {
            ConnectRequests.answerError(response, status);
        }
    }
}
