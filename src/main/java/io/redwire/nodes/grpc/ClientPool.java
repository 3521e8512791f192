package io.redwire.nodes.grpc;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientOptions;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One Vert.x gRPC client (one HTTP/2 connection) per target and credentials, shared by every node calling it (one
 * pool per engine, via Engine.shared). A client closes when its last user lets go, which a redeploy does for nodes
 * it removes. Connections are opened from the flow loop, so they live on its event loop.
 */
final class ClientPool {
    private record Key(String target, String credentials) {
    }

    private static final class Entry {
        final GrpcClient client;
        int users;

        Entry(GrpcClient client) {
            this.client = client;
        }
    }

    /** A node's hold on a shared client. */
    final class Lease {
        private final Key key;
        private final GrpcClient client;
        private final SocketAddress target;
        private boolean released;

        private Lease(Key key, GrpcClient client, SocketAddress target) {
            this.key = key;
            this.client = client;
            this.target = target;
        }

        GrpcClient client() {
            return client;
        }

        SocketAddress target() {
            return target;
        }

        void release() {
            if (!released) {
                released = true;
                ClientPool.this.release(key);
            }
        }
    }

    private final Vertx vertx;
    private final Map<Key, Entry> clients = new HashMap<>();

    ClientPool(Vertx vertx) {
        this.vertx = vertx;
    }

    synchronized Lease acquire(SocketAddress target, String credentialsKey, Consumer<HttpClientOptions> tls) {
        Key key = new Key(target.toString(), credentialsKey);
        Entry e = clients.computeIfAbsent(key, k -> {
            HttpClientOptions transport = GrpcTransport.client();
            tls.accept(transport);
            return new Entry(GrpcClient.builder(vertx).with(transport)
                    .with(new GrpcClientOptions().setMaxMessageSize(GrpcTransport.MAX_MESSAGE_BYTES)).build());
        });
        e.users++;
        return new Lease(key, e.client, target);
    }

    /** Clients open now (for tests and diagnostics). */
    synchronized int size() {
        return clients.size();
    }

    private synchronized void release(Key key) {
        Entry e = clients.get(key);
        if (e != null && --e.users == 0) {
            clients.remove(key);
            e.client.close();
        }
    }
}
