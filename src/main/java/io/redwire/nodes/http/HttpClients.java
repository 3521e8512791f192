package io.redwire.nodes.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.ClientSSLOptions;

/**
 * Connection pools for http request nodes, mirroring Node's agents: without `persist` requests share one keep-alive
 * pool whose idle sockets close after a few seconds (Node 19+'s global agent, which got uses by default); with
 * `persist` a node owns a pool that lives until the node closes.
 */
final class HttpClients {
    /** Node's global agent closes idle sockets after 5 s; a second less avoids racing servers that use 5 s too. */
    private static final int SHARED_IDLE_SECONDS = 4;
    private static final int PERSIST_IDLE_SECONDS = 60;
    /** Node's agents have no socket limit; this bounds a runaway flow without queueing normal loads. */
    private static final int MAX_CONNECTIONS_PER_HOST = 256;

    /** msg.rejectUnauthorized: false. */
    static final ClientSSLOptions TRUST_ALL = new ClientSSLOptions().setTrustAll(true)
            .setHostnameVerificationAlgorithm("");

    /** The engine-wide pool, created on first use and closed with Vert.x. */
    static final class Shared {
        final HttpClientAgent client;

        Shared(Vertx vertx) {
            this.client = create(vertx, SHARED_IDLE_SECONDS);
        }
    }

    private HttpClients() {
    }

    static HttpClientAgent persistent(Vertx vertx) {
        return create(vertx, PERSIST_IDLE_SECONDS);
    }

    private static HttpClientAgent create(Vertx vertx, int idleSeconds) {
        HttpClientOptions options = new HttpClientOptions()
                .setKeepAlive(true)
                .setKeepAliveTimeout(idleSeconds)
                .setTcpNoDelay(true)
                .setDecompressionSupported(false)
                .setMaxHeaderSize(64 * 1024)
                .setVerifyHost(true);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(MAX_CONNECTIONS_PER_HOST).setMaxWaitQueueSize(-1);
        return vertx.createHttpClient(options, pool);
    }
}
