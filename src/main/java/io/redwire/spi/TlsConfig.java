package io.redwire.spi;

import io.vertx.core.Future;
import io.vertx.core.net.ClientSSLOptions;

/**
 * A config node that supplies client TLS settings (Node-RED's tls-config), referenced by any family's nodes (http
 * request, mqtt-broker, ...) through {@link NodeConfig#configNode} without depending on the family that declares it.
 */
public interface TlsConfig {
    /** The client TLS options once the certificate files are read; fails with the reason they cannot be. */
    Future<ClientSSLOptions> whenReady();
}
