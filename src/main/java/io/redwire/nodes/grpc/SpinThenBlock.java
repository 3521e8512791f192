package io.redwire.nodes.grpc;

import io.grpc.netty.shaded.io.netty.channel.SelectStrategy;
import io.grpc.netty.shaded.io.netty.util.IntSupplier;

/**
 * Keeps grpc's I/O loop polling (non-blocking epoll) for a short while after its last event instead of sleeping at
 * once. A local grpc-call and its server ping-pong between this loop and the flow loop; waking a sleeping thread
 * costs tens of microseconds on a small VM, so during a burst of calls the loop stays awake. Idle, it blocks as
 * usual. Measured on the seed's 1000-call loop (2 cores, runs 21-40): 101-132 ms against 148-188 ms without.
 */
final class SpinThenBlock implements SelectStrategy {
    private static final long SPIN_NANOS = 50_000;

    private long lastActive;

    @Override
    public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
        int ready = selectNow.get();
        long now = System.nanoTime();
        if (ready > 0 || hasTasks) {
            lastActive = now;
            return ready;
        }
        return now - lastActive < SPIN_NANOS ? SelectStrategy.CONTINUE : SelectStrategy.SELECT;
    }
}
