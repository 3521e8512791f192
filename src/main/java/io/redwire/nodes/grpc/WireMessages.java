package io.redwire.nodes.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;

import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import io.vertx.grpc.common.GrpcMessage;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * Protobuf messages ⇄ the Vert.x buffers gRPC frames carry, without copying received bytes. A gzip-compressed
 * message is inflated with the same size limit as a plain one, so a small compressed frame cannot become a huge
 * message.
 */
final class WireMessages {
    private WireMessages() {
    }

    /**
     * Why a received message was refused: too large (RESOURCE_EXHAUSTED; the text is the whole sentence) or not
     * valid (the text follows "request " or "response ").
     */
    static final class Refused extends Exception {
        final boolean tooLarge;

        Refused(String message, boolean tooLarge) {
            super(message);
            this.tooLarge = tooLarge;
        }

        /** The status a server answers a refused request with. */
        Status status() {
            return tooLarge ? Status.RESOURCE_EXHAUSTED.withDescription(getMessage())
                    : Status.INVALID_ARGUMENT.withDescription("request " + getMessage());
        }
    }

    static DynamicMessage parse(Descriptor type, GrpcMessage message) throws Refused {
        try {
            return switch (message.encoding()) {
                case "identity" -> DynamicMessage.parseFrom(type, input(message.payload()));
                case "gzip" -> DynamicMessage.parseFrom(type, CodedInputStream.newInstance(inflate(message.payload())));
                default -> throw new Refused("has an unsupported grpc-encoding " + message.encoding(), false);
            };
        } catch (IOException e) { // InvalidProtocolBufferException, or a truncated message
            throw new Refused("does not parse: " + e.getMessage(), false);
        }
    }

    private static CodedInputStream input(Buffer payload) {
        ByteBuf buf = ((BufferInternal) payload).getByteBuf();
        return buf.nioBufferCount() == 1 ? CodedInputStream.newInstance(buf.nioBuffer())
                : CodedInputStream.newInstance(ByteBufUtil.getBytes(buf));
    }

    /** A gzip-compressed message's bytes, refused past the message size limit. */
    static byte[] inflate(Buffer payload) throws Refused {
        ByteBuf buf = ((BufferInternal) payload).getByteBuf();
        try (InputStream in = new GZIPInputStream(new ByteBufInputStream(buf.duplicate()))) {
            byte[] out = in.readNBytes(GrpcTransport.MAX_MESSAGE_BYTES + 1);
            if (out.length > GrpcTransport.MAX_MESSAGE_BYTES) {
                throw new Refused("gRPC message exceeds maximum size " + GrpcTransport.MAX_MESSAGE_BYTES
                        + " once decompressed", true);
            }
            return out;
        } catch (IOException e) {
            throw new Refused("does not inflate (gzip): " + e.getMessage(), false);
        }
    }

    static Buffer bytes(Message message) {
        return Buffer.buffer(message.toByteArray());
    }
}
