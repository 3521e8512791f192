package io.redwire.nodes.thrift.codec;

import io.redwire.net.MemoryBudget;
import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TProtocol;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns the byte chunks of one connection into whole decoded messages. Framed input is split by its length prefix.
 * Buffered input has no boundaries, so decoding is attempted on what has arrived and repeated from the message
 * start when more bytes come; the decoder must therefore have no side effects. The chunks of a frame whose header
 * has arrived are kept as they came (counted against the budget) and copied into the input once, when the frame is
 * complete: a half-sent frame holds only its own bytes, and no array is grown and dropped while it arrives.
 */
public final class MessageReader<T> {
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(TProtocol in) throws TException;
    }

    private final ThriftWire wire;
    private final Decoder<T> decoder;
    private final InputBuffer input;
    private final List<Buffer> pending = new ArrayList<>();
    private long pendingBytes;
    /** What the frame being received still lacks beyond the input's bytes (framed input), else 0. */
    private long missing;

    MessageReader(ThriftWire wire, Decoder<T> decoder, MemoryBudget budget) {
        this.wire = wire;
        this.decoder = decoder;
        this.input = new InputBuffer(wire.maxMessageSize(), budget);
    }

    /** Whether part of a message has arrived and waits for the rest. */
    public boolean incomplete() {
        return input.available() > 0;
    }

    /** The connection is gone: what its buffer took from the budget is given back. */
    public void release() {
        pending.clear();
        pendingBytes = 0;
        input.release();
    }

    /** Adds received bytes and hands every message now complete to sink, in order. */
    public void feed(Buffer chunk, Consumer<T> sink) throws MalformedInput {
        if (missing == 0) {
            input.append(chunk);
        } else if (!input.take(chunk.length())) {
            throw input.overBudget();
        } else {
            pending.add(chunk);
            pendingBytes += chunk.length();
            if (pendingBytes < missing) {
                return;
            }
            input.giveBack(pendingBytes); // counted again as the input grows to hold them
            input.ensure(pendingBytes, true);
            for (Buffer b : pending) {
                input.append(b);
            }
            pending.clear();
            pendingBytes = 0;
        }
        missing = 0;
        while (input.available() > 0) {
            T message = wire.framing() == Framing.FRAMED ? nextFrame() : nextBuffered();
            if (message == null) {
                break;
            }
            sink.accept(message);
        }
        if (wire.framing() == Framing.FRAMED && input.available() >= 4) { // a frame size checked by nextFrame
            missing = 4L + input.peekInt() - input.available();
        }
        input.releaseIfDrained();
    }

    private T nextFrame() throws MalformedInput {
        if (input.available() < 4) {
            return null;
        }
        int size = input.peekInt();
        if (size <= 0 || size > wire.maxMessageSize()) {
            throw new MalformedInput("frame size " + Integer.toUnsignedLong(size) + " is not between 1 and "
                    + wire.maxMessageSize());
        }
        if (input.available() < 4 + size) {
            return null;
        }
        input.skip(4);
        int frameEnd = input.position() + size;
        input.limit(size);
        try {
            return decoder.decode(wire.protocol().over(input));
        } catch (TException | RuntimeException e) {
            throw new MalformedInput(e == InputBuffer.INCOMPLETE
                    ? "a frame of " + size + " bytes ends inside its message" : describe(e));
        } finally {
            input.unlimit();
            input.rewind(frameEnd); // whatever the message used, the next frame starts here
        }
    }

    private T nextBuffered() throws MalformedInput {
        int start = input.position();
        try {
            return decoder.decode(wire.protocol().over(input));
        } catch (TException | RuntimeException e) {
            input.rewind(start);
            if (e != InputBuffer.INCOMPLETE) {
                throw new MalformedInput(describe(e));
            }
            if (input.available() > wire.maxMessageSize()) {
                throw new MalformedInput("no complete message within " + wire.maxMessageSize() + " bytes");
            }
            return null;
        }
    }

    private static String describe(Exception e) {
        String m = e.getMessage();
        return "not a Thrift message (" + (m == null ? e.getClass().getSimpleName() : m) + ")";
    }
}
