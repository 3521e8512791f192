package io.redwire.thrift;

import io.vertx.core.buffer.Buffer;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/** Collects one encoded message (with its frame header when framed) as a Vert.x buffer. */
final class OutputBuffer extends TTransport {
    private final Buffer out = Buffer.buffer(128);

    Buffer buffer() {
        return out;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        out.appendBytes(b, off, len);
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void open() {
    }

    @Override
    public void close() {
    }

    @Override
    public int read(byte[] b, int off, int len) throws TTransportException {
        throw new TTransportException(TTransportException.NOT_OPEN, "output only");
    }

    @Override
    public TConfiguration getConfiguration() {
        return TConfiguration.DEFAULT;
    }

    @Override
    public void updateKnownMessageSize(long size) {
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) {
    }

    @Override
    public void resetMessageSizeAndConsumedBytes(long newSize) {
    }
}
