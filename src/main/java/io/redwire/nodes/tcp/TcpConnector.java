package io.redwire.nodes.tcp;

import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.TlsConfig;

import io.vertx.core.Future;
import io.vertx.core.net.ConnectOptions;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;

/**
 * Opens the client connection of tcp in / tcp out / tcp request: plain TCP, or TLS with the node's tls-config (as
 * Node-RED's tls.connect with the config's CA, certificate and server-name check). A TLS failure — an unknown CA,
 * a wrong host name — fails the connect like any other, so each node reports and retries it its usual way.
 */
final class TcpConnector {
    /** The tls-config the three tcp nodes declare; blank: plain TCP. */
    static final Field TLS = Field.config("tls", "tls-config");

    private final TlsConfig tls;

    TcpConnector(NodeConfig c) {
        this.tls = c.configNode(TLS, TlsConfig.class);
    }

    /** The server's options, over TLS with the tls-config's certificate and key when the node has one. */
    Future<NetServerOptions> serve(NetServerOptions o) {
        return tls == null ? Future.succeededFuture(o)
                : tls.serverCertificate().map(kc -> o.setSsl(true).setKeyCertOptions(kc));
    }

    Future<NetSocket> connect(NetClient client, int port, String host) {
        if (tls == null) {
            return client.connect(port, host);
        }
        return tls.whenReady().compose(ssl -> client.connect(new ConnectOptions().setHost(host).setPort(port)
                .setSsl(true).setSslOptions(ssl)));
    }
}
