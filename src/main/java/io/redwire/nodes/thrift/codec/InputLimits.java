package io.redwire.nodes.thrift.codec;

import io.redwire.net.MemoryBudget;

/**
 * What a server's connections may hold: buffered input together (null: unbounded), and how long one message may
 * stay half-sent before its connection is closed (0: forever).
 */
public record InputLimits(MemoryBudget buffers, long incompleteTimeoutMs) {
    public static InputLimits none() {
        return new InputLimits(null, 0);
    }
}
