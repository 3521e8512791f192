package io.redwire.nodes.grpc;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;

/**
 * TLS from a grpc-server config's PEM fields, with node-red-contrib-grpc's meaning: the server serves
 * {@code chain}/{@code key} when {@code ssl} is on and, with {@code mutualTls}, requires client certificates signed by
 * {@code ca}; clients trust {@code ca} for a self-signed server (the JDK's roots otherwise) and present their own
 * certificate for mutual TLS. Missing material is an error here, where node-red-contrib-grpc fell back to plaintext.
 * HTTP/2 is negotiated with ALPN, as gRPC requires.
 */
final class GrpcTls {
    private GrpcTls() {
    }

    /** Refuses the deploy when a field that must hold PEM text does not; the error names node and field. */
    static void requirePem(NodeConfig c, Field field, String problem) {
        if (!isPem(c.str(field))) {
            throw c.error(field, problem);
        }
    }

    static void server(HttpServerOptions options, boolean ssl, boolean mutualTls, String ca, String chain,
                       String key) {
        if (!ssl) {
            return;
        }
        options.setSsl(true).setUseAlpn(true).setKeyCertOptions(keyCert(chain, key));
        if (mutualTls) {
            options.setTrustOptions(trust(ca)).setClientAuth(ClientAuth.REQUIRED);
        }
    }

    static void client(HttpClientOptions options, boolean ssl, boolean selfsigned, boolean mutualTls, String ca,
                       String chain, String key) {
        if (!ssl) {
            return;
        }
        options.setSsl(true).setUseAlpn(true).setVerifyHost(true);
        if (selfsigned) {
            options.setTrustOptions(trust(ca));
        }
        if (mutualTls) {
            options.setKeyCertOptions(keyCert(chain, key));
        }
    }

    private static PemKeyCertOptions keyCert(String chain, String key) {
        return new PemKeyCertOptions().addCertValue(Buffer.buffer(chain)).addKeyValue(Buffer.buffer(key));
    }

    private static PemTrustOptions trust(String ca) {
        return new PemTrustOptions().addCertValue(Buffer.buffer(ca));
    }

    static boolean isPem(String s) {
        return s != null && s.contains("-----BEGIN ");
    }
}
