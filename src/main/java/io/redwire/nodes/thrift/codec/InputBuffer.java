package io.redwire.nodes.thrift.codec;

import io.redwire.net.MemoryBudget;
import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransportException;

/**
 * The bytes received on a connection so far, read by a protocol as a transport. Reading past what has arrived
 * throws {@link #INCOMPLETE} instead of blocking, so a decode attempt can be abandoned and repeated once more bytes
 * arrive. The readable window can be limited to one frame.
 */
final class InputBuffer extends MemoryTransport {
    /** Thrown when a message continues beyond the bytes received; no stack trace, it is control flow. */
    static final TTransportException INCOMPLETE = new TTransportException(TTransportException.END_OF_FILE,
            "message incomplete") {
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    };

    private final TConfiguration config;
    private final int maxMessageSize;
    private byte[] buf = new byte[INITIAL];
    private int pos;
    private int limit;
    private int end;

    private static final int INITIAL = 1024;
    /** What a server's connections may buffer together; null for a client's. */
    private final MemoryBudget budget;
    private long held;

    InputBuffer(int maxMessageSize, MemoryBudget budget) {
        this.maxMessageSize = maxMessageSize;
        this.budget = budget;
        this.config = TConfiguration.custom().setMaxMessageSize(maxMessageSize).setMaxFrameSize(maxMessageSize)
                .build();
    }

    /** @throws MalformedInput when growing for the chunk would pass the budget */
    void append(Buffer chunk) throws MalformedInput {
        int n = chunk.length();
        ensure(n, false);
        chunk.getBytes(0, n, buf, end);
        end += n;
        limit = end;
    }

    /**
     * Room for n more bytes: grown as bytes arrive (never to a size a header merely declares), doubling up to one
     * whole message, or exactly to what is needed when the caller knows the rest has arrived.
     * @throws MalformedInput when growing would pass the budget
     */
    void ensure(long n, boolean exact) throws MalformedInput {
        long needed = end - pos + n;
        if (end + n <= buf.length) {
            return;
        }
        if (needed <= buf.length / 2 || (exact && needed <= buf.length)) {
            compact();
            return;
        }
        int size = (int) (exact ? needed : Math.max(needed, Math.min(buf.length * 2L, maxMessageSize + 4L)));
        if (!take(size - buf.length)) {
            throw overBudget();
        }
        byte[] bigger = new byte[size];
        System.arraycopy(buf, pos, bigger, 0, end - pos);
        end -= pos;
        limit -= pos;
        pos = 0;
        buf = bigger;
    }

    /** Counts bytes against the budget (always true without one). */
    boolean take(long bytes) {
        if (budget == null) {
            return true;
        }
        if (!budget.take(bytes)) {
            return false;
        }
        held += bytes;
        return true;
    }

    /** Gives back bytes counted with {@link #take}. */
    void giveBack(long bytes) {
        if (budget != null) {
            budget.giveBack(bytes);
            held -= bytes;
        }
    }

    MalformedInput overBudget() {
        return new MalformedInput("the server's Thrift input memory limit (" + budget.limit()
                + " bytes for all connections) is reached");
    }

    private void compact() {
        System.arraycopy(buf, pos, buf, 0, end - pos);
        end -= pos;
        limit = end;
        pos = 0;
    }

    /** Once everything is consumed: start over at the front, and let go of a buffer a big message grew. */
    void releaseIfDrained() {
        if (pos == end) {
            pos = 0;
            end = 0;
            limit = 0;
            if (buf.length > 1 << 20) {
                buf = new byte[INITIAL];
                release();
            }
        }
    }

    /** Gives back what the buffer took from the budget (when it shrinks, or its connection closes). */
    void release() {
        if (budget != null && held > 0) {
            budget.giveBack(held);
            held = 0;
        }
    }

    int available() {
        return end - pos;
    }

    int position() {
        return pos;
    }

    void rewind(int position) {
        pos = position;
    }

    int peekInt() {
        return ((buf[pos] & 0xff) << 24) | ((buf[pos + 1] & 0xff) << 16) | ((buf[pos + 2] & 0xff) << 8)
                | (buf[pos + 3] & 0xff);
    }

    void skip(int n) {
        pos += n;
    }

    /** Reads are limited to the next n bytes (one frame) until {@link #unlimit()}. */
    void limit(int n) {
        limit = pos + n;
    }

    void unlimit() {
        limit = end;
    }

    @Override
    public int read(byte[] dst, int off, int len) throws TTransportException {
        int avail = limit - pos;
        if (avail <= 0) {
            throw INCOMPLETE;
        }
        int n = Math.min(len, avail);
        System.arraycopy(buf, pos, dst, off, n);
        pos += n;
        return n;
    }

    @Override
    public int readAll(byte[] dst, int off, int len) throws TTransportException {
        if (len > limit - pos) {
            throw INCOMPLETE;
        }
        System.arraycopy(buf, pos, dst, off, len);
        pos += len;
        return len;
    }

    @Override
    public byte[] getBuffer() {
        return buf;
    }

    @Override
    public int getBufferPosition() {
        return pos;
    }

    @Override
    public int getBytesRemainingInBuffer() {
        return limit - pos;
    }

    @Override
    public void consumeBuffer(int len) {
        pos += len;
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) throws TTransportException {
        if (numBytes > maxMessageSize) {
            throw new TTransportException(TTransportException.MESSAGE_SIZE_LIMIT,
                    "declared size " + numBytes + " exceeds the limit of " + maxMessageSize + " bytes");
        }
        if (numBytes > limit - pos) {
            throw INCOMPLETE;
        }
    }

    @Override
    public TConfiguration getConfiguration() {
        return config;
    }

    @Override
    public void write(byte[] b, int off, int len) throws TTransportException {
        throw new TTransportException(TTransportException.NOT_OPEN, "input only");
    }
}
