package io.redwire.nodes.thrift.codec;

import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransportException;

/** Collects one encoded message (with its frame header when framed) as a Vert.x buffer. */
final class OutputBuffer extends MemoryTransport {
    private final Buffer out = Buffer.buffer(128);

    Buffer buffer() {
        return out;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        out.appendBytes(b, off, len);
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
    public void checkReadBytesAvailable(long numBytes) {
    }
}
