package io.redwire.nodes.thrift.codec;

import io.redwire.spi.MemoryBudget;

/**
 * What a server's connections may hold: buffered input together (null: unbounded), and how long one message may
 * stay half-sent before its connection is closed (0: forever).
 */
public record InputLimits(MemoryBudget buffers, long incompleteTimeoutMs) {
    /** A half-sent message keeps its connection this long by default. */
    public static final long DEFAULT_INCOMPLETE_TIMEOUT_MS = 30_000;
    public static final long DEFAULT_BUFFERS = 64L * 1024 * 1024;

    public static InputLimits none() {
        return new InputLimits(null, 0);
    }
}
