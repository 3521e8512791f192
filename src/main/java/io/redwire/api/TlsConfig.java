package io.redwire.api;

import io.vertx.core.Future;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.KeyCertOptions;

/**
 * A config node that supplies client TLS settings (Node-RED's tls-config), referenced by any family's nodes (http
 * request, mqtt-broker, ...) through {@link NodeConfig#configNode} without depending on the family that declares it.
 */
public interface TlsConfig {
    /** The client TLS options once the certificate files are read; fails with the reason they cannot be. */
    Future<ClientSSLOptions> whenReady();

    /**
     * The certificate and key a server (tcp in / tcp out in server mode) presents, as Node-RED's tls.createServer
     * takes them from the same config; fails when the config has none.
     */
    default Future<KeyCertOptions> serverCertificate() {
        return whenReady().compose(o -> o.getKeyCertOptions() != null ? Future.succeededFuture(o.getKeyCertOptions())
                : Future.failedFuture("the tls-config has no certificate and key to serve with"));
    }
}
