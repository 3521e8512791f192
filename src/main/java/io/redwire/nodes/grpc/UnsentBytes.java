package io.redwire.nodes.grpc;

import io.vertx.core.Future;

/**
 * Bytes written to one gRPC stream that have not left for the peer yet: HTTP/2 flow control holds them while the
 * peer does not read. A stream past {@link #LIMIT} belongs to a peer that stopped reading; its call is cancelled
 * rather than let the process buffer without bound. Used on the flow loop only.
 */
final class UnsentBytes {
    /** Two full connection windows: a reader that is merely slow never comes near it. */
    static final long LIMIT = 2L * GrpcTransport.CONNECTION_WINDOW;

    private long unsent;

    /** Counts a write until it completes; false once the stream holds more than the limit. */
    boolean add(Future<Void> written, int bytes) {
        unsent += bytes;
        written.onComplete(ar -> unsent -= bytes);
        return unsent <= LIMIT;
    }

    long unsent() {
        return unsent;
    }
}
