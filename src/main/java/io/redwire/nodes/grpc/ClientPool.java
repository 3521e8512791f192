package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoSchema;

import io.grpc.Status;
import io.grpc.StatusException;
import io.vertx.core.Future;
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
 * it removes. Connections are opened from the flow loop, so they live on its event loop. A target's definition
 * taken from its server reflection lives as long as its client.
 */
final class ClientPool {
    private record Key(String target, String credentials) {
    }

    private static final class Entry {
        final GrpcClient client;
        int users;
        /** The target's definition from its server reflection, once asked for (by a grpc-server without a .proto). */
        Future<ProtoSchema> reflected;

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

        /**
         * The target's definition by server reflection, fetched on the first ask and shared by every node of the
         * target; a failed fetch is not kept, so the next ask tries again.
         */
        Future<ProtoSchema> reflected(Vertx vertx) {
            synchronized (ClientPool.this) {
                Entry e = clients.get(key);
                if (e == null) {
                    return Future.failedFuture(new StatusException(Status.CANCELLED
                            .withDescription("the client was closed")));
                }
                if (e.reflected != null) {
                    return e.reflected;
                }
                Future<ProtoSchema> fetching = ReflectionFetch.fetch(client, target, vertx);
                e.reflected = fetching;
                fetching.onFailure(x -> forgetReflected(fetching));
                return fetching;
            }
        }

        /** Drops {@code stale} (unless a newer fetch replaced it already): the next ask fetches anew. */
        void forgetReflected(Future<ProtoSchema> stale) {
            synchronized (ClientPool.this) {
                Entry e = clients.get(key);
                if (e != null && e.reflected == stale) {
                    e.reflected = null;
                }
            }
        }

        /** Drops the definition fetched, not one still being fetched: the next ask fetches anew. */
        void forgetFetchedDefinition() {
            synchronized (ClientPool.this) {
                Entry e = clients.get(key);
                if (e != null && e.reflected != null && e.reflected.isComplete()) {
                    e.reflected = null;
                }
            }
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
        Entry e = clients.computeIfAbsent(key, k -> new Entry(newClient(vertx, tls)));
        e.users++;
        return new Lease(key, e.client, target);
    }

    /** A client with Redwire's transport settings and limits; {@code tls} adds the credentials. */
    static GrpcClient newClient(Vertx vertx, Consumer<HttpClientOptions> tls) {
        HttpClientOptions transport = GrpcTransport.client();
        tls.accept(transport);
        return GrpcClient.builder(vertx).with(transport)
                .with(new GrpcClientOptions().setMaxMessageSize(GrpcTransport.MAX_MESSAGE_BYTES)).build();
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
