package io.redwire.nodes.grpc;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ServerCredentials;
import io.grpc.TlsChannelCredentials;
import io.grpc.TlsServerCredentials;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Credentials from a grpc-server config's PEM fields, with node-red-contrib-grpc's meaning: the server serves
 * {@code chain}/{@code key} when {@code ssl} is on and, with {@code mutualTls}, requires client certificates signed by
 * {@code ca}; clients trust {@code ca} for a self-signed server (the system roots otherwise) and present their own
 * certificate for mutual TLS. Missing material is an error here, where node-red-contrib-grpc fell back to plaintext.
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

    static ServerCredentials server(boolean ssl, boolean mutualTls, String ca, String chain, String key) {
        if (!ssl) {
            return InsecureServerCredentials.create();
        }
        try {
            TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder().keyManager(pem(chain), pem(key));
            if (mutualTls) {
                b.trustManager(pem(ca)).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return b.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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

    static ChannelCredentials client(boolean ssl, boolean selfsigned, boolean mutualTls, String ca, String chain,
                                     String key) {
        if (!ssl) {
            return InsecureChannelCredentials.create();
        }
        try {
            TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder();
            if (selfsigned) {
                b.trustManager(pem(ca));
            }
            if (mutualTls) {
                b.keyManager(pem(chain), pem(key));
            }
            return b.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isPem(String s) {
        return s != null && s.contains("-----BEGIN ");
    }

    private static InputStream pem(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }
}
