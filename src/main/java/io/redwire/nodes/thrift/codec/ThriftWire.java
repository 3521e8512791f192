package io.redwire.nodes.thrift.codec;

import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TProtocol;

/** A protocol plus a framing: turns messages into bytes and back. */
public record ThriftWire(WireProtocol protocol, Framing framing, int maxMessageSize) {
    /** libthrift's default frame limit. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 16_384_000;

    public ThriftWire(WireProtocol protocol, Framing framing) {
        this(protocol, framing, DEFAULT_MAX_MESSAGE_SIZE);
    }

    @FunctionalInterface
    public interface Encoder {
        void write(TProtocol out) throws TException;
    }

    /** One whole message as it goes on the wire. */
    public Buffer encode(Encoder encoder) throws TException {
        OutputBuffer out = new OutputBuffer();
        if (framing == Framing.FRAMED) {
            out.buffer().appendInt(0); // the length, patched below
        }
        encoder.write(protocol.over(out));
        Buffer b = out.buffer();
        if (framing == Framing.FRAMED) {
            b.setInt(0, b.length() - 4);
        }
        return b;
    }

    /** A reader whose buffer growth is taken from {@code budget} (a server's connections share one). */
    public <T> MessageReader<T> reader(MessageReader.Decoder<T> decoder, io.redwire.net.MemoryBudget budget) {
        return new MessageReader<>(this, decoder, budget);
    }

    public <T> MessageReader<T> reader(MessageReader.Decoder<T> decoder) {
        return new MessageReader<>(this, decoder, null);
    }
}
