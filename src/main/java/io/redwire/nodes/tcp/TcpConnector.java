package io.redwire.nodes.tcp;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.TlsConfig;
import io.redwire.net.PortRelease;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.ConnectOptions;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;

import java.util.function.Function;

/**
 * Opens the connections of tcp in / tcp out / tcp request, and the server port of the first two: plain TCP, or TLS
 * with the node's tls-config (as Node-RED's tls.connect with the config's CA, certificate and server-name check). A
 * TLS failure — an unknown CA, a wrong host name — fails the connect like any other, so each node reports and
 * retries it its usual way.
 */
final class TcpConnector {
    /** The tls-config the three tcp nodes declare; blank: plain TCP. */
    static final Field TLS = Field.config("tls", "tls-config");

    private final TlsConfig tls;
    private boolean listened; // the server port was had: its close waits until it is free again

    TcpConnector(NodeConfig c) {
        this.tls = c.configNode(TLS, TlsConfig.class);
    }

    /** The server's options, over TLS with the tls-config's certificate and key when the node has one. */
    private Future<NetServerOptions> serve(NetServerOptions o) {
        return tls == null ? Future.succeededFuture(o)
                : tls.serverCertificate().map(kc -> o.setSsl(true).setKeyCertOptions(kc));
    }

    /**
     * Opens the server port of tcp in / tcp out: {@code create} makes the server (the node keeps it, to close it)
     * from the options with TLS applied. The future completes once the port listens, so a client connecting right
     * after the deploy is accepted; a port that cannot be had is only logged on the node, as in Node-RED.
     */
    Future<Void> listen(Node node, NetServerOptions o, Function<NetServerOptions, NetServer> create) {
        int port = o.getPort();
        return serve(o).compose(opts -> create.apply(opts).listen())
                .onSuccess(s -> {
                    listened = true;
                    node.log("listening on port " + port);
                })
                .onFailure(e -> node.error("unable to listen on port " + port + ", error: Error: " + e.getMessage(),
                        null))
                .<Void>mapEmpty().otherwiseEmpty();
    }

    /**
     * Closes the server {@link #listen} opened; once it had its port, completes when the port can be bound again
     * ({@link PortRelease}: a redeploy binds it next), a port it never got is not waited for.
     */
    Future<Void> close(Vertx vertx, NetServer server, String host, int port) {
        boolean held = listened;
        listened = false;
        return PortRelease.afterClose(server.close(), held, vertx, host, port);
    }

    Future<NetSocket> connect(NetClient client, int port, String host) {
        if (tls == null) {
            return client.connect(port, host);
        }
        return tls.whenReady().compose(ssl -> client.connect(new ConnectOptions().setHost(host).setPort(port)
                .setSsl(true).setSslOptions(ssl)));
    }
}
