package io.redwire.nodes.grpc;

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

    /** Problem with the server-side settings, or null. */
    static String serverProblem(boolean ssl, boolean mutualTls, String ca, String chain, String key) {
        if (!ssl) {
            return null;
        }
        if (!isPem(chain)) {
            return "chain: ssl needs the server certificate chain (PEM)";
        }
        if (!isPem(key)) {
            return "key: ssl needs the server private key (PEM)";
        }
        if (mutualTls && !isPem(ca)) {
            return "ca: mutual TLS needs the CA certificate (PEM) that signs client certificates";
        }
        return null;
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

    /** Problem with a client's settings, or null. */
    static String clientProblem(boolean ssl, boolean selfsigned, boolean mutualTls, String ca, String chain,
                                String key) {
        if (!ssl) {
            return null;
        }
        if (selfsigned && !isPem(ca)) {
            return "ca: a self-signed server needs its CA certificate (PEM) in the grpc-server config";
        }
        if (mutualTls && (!isPem(chain) || !isPem(key))) {
            return "chain/key: mutual TLS needs this node's client certificate chain and key (PEM)";
        }
        return null;
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

    private static boolean isPem(String s) {
        return s != null && s.contains("-----BEGIN ");
    }
}
