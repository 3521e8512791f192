package io.redwire.nodes.grpc;

import io.redwire.msg.Json;

import io.grpc.Status;
import io.vertx.core.buffer.Buffer;

import java.util.Map;

/**
 * Connect's envelope, which frames each message of a stream: one byte of flags, the message's length in four
 * big-endian bytes, the message. A stream's answer ends with the end-stream message, JSON: {@code {}} or
 * {@code {"error": {...}}}.
 */
final class ConnectEnvelope {
    static final int HEADER = 5;
    /** The message is compressed with the stream's Connect-Content-Encoding. */
    static final int COMPRESSED = 1;
    /** The server's last envelope. */
    static final int END_STREAM = 2;

    private ConnectEnvelope() {
    }

    static Buffer of(int flags, byte[] message) {
        return Buffer.buffer(HEADER + message.length).appendByte((byte) flags).appendInt(message.length)
                .appendBytes(message);
    }

    static Buffer endOfStream(Status status) {
        return of(END_STREAM, status.isOk() ? new byte[] {'{', '}'}
                : Json.bytes(Map.of("error", ConnectErrors.error(status))));
    }
}
