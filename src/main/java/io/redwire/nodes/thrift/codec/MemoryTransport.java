package io.redwire.nodes.thrift.codec;

import org.apache.thrift.transport.TTransport;

/**
 * A transport over bytes in memory: always open, nothing to open or close, and no message-size bookkeeping (the
 * input side checks sizes in checkReadBytesAvailable).
 */
abstract class MemoryTransport extends TTransport {
    @Override
    public final boolean isOpen() {
        return true;
    }

    @Override
    public final void open() {
    }

    @Override
    public final void close() {
    }

    @Override
    public final void updateKnownMessageSize(long size) {
    }

    @Override
    public final void resetMessageSizeAndConsumedBytes(long newSize) {
    }
}
