package io.redwire.nodes.http;

import io.redwire.testing.Harness;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SelfSignedCertificate;
import io.vertx.core.http.HttpServerRequest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A plain Vert.x HTTP server on a free 127.0.0.1 port, for what the engine's own routes cannot show: raw header
 * spelling, connection counts, endless waits, redirect chains. Routes are exact paths.
 */
final class TargetServer implements AutoCloseable {
    private final Vertx vertx = Vertx.vertx();
    private final Map<String, Handler<HttpServerRequest>> routes = new ConcurrentHashMap<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final HttpServer server;
    private final boolean tls;
    private final SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");

    TargetServer() {
        this(false);
    }

    /** With {@code tls}, HTTPS with a fresh self-signed certificate. */
    TargetServer(boolean tls) {
        this.tls = tls;
        HttpServerOptions options = new HttpServerOptions();
        if (tls) {
            options.setSsl(true).setKeyCertOptions(certificate.keyCertOptions());
        }
        server = Harness.await(vertx.createHttpServer(options)
                .connectionHandler(c -> connections.incrementAndGet())
                .requestHandler(req -> {
                    requests.incrementAndGet();
                    Handler<HttpServerRequest> h = routes.get(req.path());
                    if (h == null) {
                        req.response().setStatusCode(404).end("no route " + req.path());
                    } else {
                        h.handle(req);
                    }
                })
                .listen(0, "127.0.0.1"));
    }

    TargetServer route(String path, Handler<HttpServerRequest> handler) {
        routes.put(path, handler);
        return this;
    }

    /** The PEM file of the server's self-signed certificate (for "localhost"). */
    String certificatePath() {
        return certificate.certificatePath();
    }

    int port() {
        return server.actualPort();
    }

    String url(String path) {
        return (tls ? "https" : "http") + "://127.0.0.1:" + port() + path;
    }

    int connections() {
        return connections.get();
    }

    int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        Harness.await(vertx.close());
    }
}
