package io.redwire.nodes.grpc;

import io.grpc.ChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One grpc-java channel per target and credentials, shared by every node calling it (one per engine, via
 * Engine.shared). A channel closes when its last user lets go, which a redeploy does for nodes it removes.
 */
final class ChannelPool {
    private record Key(String target, String credentials) {
    }

    private static final class Entry {
        final ManagedChannel channel;
        int users;

        Entry(ManagedChannel channel) {
            this.channel = channel;
        }
    }

    /** A node's hold on a shared channel. */
    final class Lease {
        private final Key key;
        private final ManagedChannel channel;
        private boolean released;

        private Lease(Key key, ManagedChannel channel) {
            this.key = key;
            this.channel = channel;
        }

        ManagedChannel channel() {
            return channel;
        }

        void release() {
            if (!released) {
                released = true;
                ChannelPool.this.release(key);
            }
        }
    }

    private final Map<Key, Entry> channels = new HashMap<>();

    synchronized Lease acquire(String target, String credentialsKey, Supplier<ChannelCredentials> credentials) {
        Key key = new Key(target, credentialsKey);
        Entry e = channels.computeIfAbsent(key, k -> new Entry(
                NettyChannelBuilder.forTarget(target, credentials.get()).eventLoopGroup(GrpcEventLoops.group())
                        .channelType(GrpcEventLoops.channelType()).directExecutor()
                        .flowControlWindow(GrpcEventLoops.FLOW_CONTROL_WINDOW)
                        // node-red-contrib-grpc never retried either; retry buffering costs on every call
                        .disableRetry().build()));
        e.users++;
        return new Lease(key, e.channel);
    }

    /** Channels open now (for tests and diagnostics). */
    synchronized int size() {
        return channels.size();
    }

    private synchronized void release(Key key) {
        Entry e = channels.get(key);
        if (e != null && --e.users == 0) {
            channels.remove(key);
            e.channel.shutdownNow();
        }
    }
}
