package io.redwire.nodes.http;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.TlsConfig;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.PfxOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * tls-config (config): client certificate, key and CA for TLS connections, from files, environment variables, a
 * PKCS#12 file or inline PEM credentials; `verifyservercert` off accepts any server certificate. Like Node-RED, a
 * broken configuration is logged and the node carries on without its certificates.
 */
public final class TlsConfigNode extends Node implements TlsConfig {
    static final Field CERT_TYPE = Field.select("certType", "files", "files", "env", "pfx")
            .optionLabels("files", "PEM files or uploaded PEM", "env", "environment variables", "pfx",
                    "PKCS#12 file or upload")
            .help("Where the certificate comes from: PEM files (or uploaded PEM text), environment variables holding PEM, or a PKCS#12 bundle.");
    static final Field CERT = Field.str("cert", "").help("Path of the client certificate (PEM) file.");
    static final Field KEY = Field.str("key", "").help("Path of the client's private key (PEM) file.");
    static final Field CA = Field.str("ca", "")
            .help("Path of the CA certificate (PEM) that signs the servers' certificates; blank: the JDK's trusted roots.");
    static final Field P12 = Field.str("p12", "").help("Path of the PKCS#12 (.p12 / .pfx) bundle holding certificate and key.");
    static final Field CERT_ENV = Field.str("certEnv", "")
            .help("Name of the environment variable that holds the client certificate (PEM).");
    static final Field KEY_ENV = Field.str("keyEnv", "")
            .help("Name of the environment variable that holds the client's private key (PEM).");
    static final Field CA_ENV = Field.str("caEnv", "")
            .help("Name of the environment variable that holds the CA certificate (PEM).");
    static final Field VERIFY_SERVER_CERT = Field.bool("verifyservercert", true)
            .help("Checks the server's certificate and host name; off accepts any server (for testing only).");
    static final Field SERVERNAME = Field.str("servername", "")
            .help("The server name for the TLS handshake (SNI). Kept from Node-RED flows; Redwire sends the host it connects to.");
    static final Field ALPN_PROTOCOL = Field.str("alpnprotocol", "")
            .help("The application protocol to offer in the handshake (ALPN), e.g. h2.");
    static final Field CERT_DATA = Field.str("certdata", "").help("The client certificate as uploaded PEM text.");
    static final Field KEY_DATA = Field.str("keydata", "").help("The client's private key as uploaded PEM text.");
    static final Field CA_DATA = Field.str("cadata", "").help("The CA certificate as uploaded PEM text.");
    static final Field P12_DATA = Field.str("p12data", "").help("The uploaded PKCS#12 bundle, base64-encoded.");
    static final Field PASSPHRASE = Field.password("passphrase")
            .help("The passphrase that unlocks the private key or the PKCS#12 bundle.");

    public static final NodeType TYPE = NodeType.builder("tls-config", "network")
            .help("TLS settings: certificates, key and verification, for the nodes that open secure connections.")
            .label(Label.firstOf("name").or("TLS configuration"))
            .configNode()
            .fields(CERT_TYPE, CERT, KEY, CA, P12, CERT_ENV, KEY_ENV, CA_ENV, VERIFY_SERVER_CERT, SERVERNAME,
                    ALPN_PROTOCOL)
            .credential(CERT_DATA).credential(KEY_DATA).credential(CA_DATA).credential(P12_DATA)
            .credential(PASSPHRASE)
            .factory(TlsConfigNode::new);

    private final String certType;
    private final String certPath;
    private final String keyPath;
    private final String caPath;
    private final String p12Path;
    /** Uploaded PEM / PKCS#12 material and the passphrase, from the credential store (or the flow's inline
     * credentials); "" when unset. */
    private final String certData;
    private final String keyData;
    private final String caData;
    private final String p12Data;
    private final String passphrase;
    /** certType "env": the PEM texts of the named environment variables, resolved at deploy. */
    private final Buffer certFromEnv;
    private final Buffer keyFromEnv;
    private final Buffer caFromEnv;
    private final boolean verifyServerCert;
    private final String alpnProtocol;
    private ClientSSLOptions options;
    private final io.vertx.core.Promise<ClientSSLOptions> ready = io.vertx.core.Promise.promise();

    TlsConfigNode(NodeConfig c) {
        super(c);
        this.certType = c.str(CERT_TYPE).isEmpty() ? "files" : c.str(CERT_TYPE);
        this.certPath = c.str(CERT).strip();
        this.keyPath = c.str(KEY).strip();
        this.caPath = c.str(CA).strip();
        this.p12Path = c.str(P12).strip();
        this.certFromEnv = fromEnv(c, CERT_ENV);
        this.keyFromEnv = fromEnv(c, KEY_ENV);
        this.caFromEnv = fromEnv(c, CA_ENV);
        this.certData = c.credential(CERT_DATA);
        this.keyData = c.credential(KEY_DATA);
        this.caData = c.credential(CA_DATA);
        this.p12Data = c.credential(P12_DATA);
        this.passphrase = c.credential(PASSPHRASE);
        this.verifyServerCert = !c.has(VERIFY_SERVER_CERT) || c.bool(VERIFY_SERVER_CERT);
        this.alpnProtocol = c.str(ALPN_PROTOCOL).strip();
    }

    /** Reads the certificate files (asynchronously); a failure is logged, as Node-RED does, not fatal. */
    @Override
    public Future<Void> start() {
        return material().map(m -> {
            options = build(m);
            return (Void) null;
        }).recover(e -> {
            error("Error: " + e.getMessage(), null);
            options = build(new Material(null, null, null, null));
            return Future.succeededFuture();
        }).onComplete(v -> ready.tryComplete(options));
    }

    /** Options for a TLS connection made through this configuration. */
    public ClientSSLOptions sslOptions() {
        return options;
    }

    /** The options once the certificates have been read (nodes that connect from their own start() wait here). */
    @Override
    public Future<ClientSSLOptions> whenReady() {
        return ready.future();
    }

    private record Material(Buffer cert, Buffer key, Buffer ca, Buffer pfx) {
    }

    private Future<Material> material() {
        if (certType.equals("pfx") && !p12Path.isEmpty()) {
            return vertx().fileSystem().readFile(p12Path).map(p -> new Material(null, null, null, p));
        }
        if (certType.equals("env")) {
            return Future.succeededFuture(new Material(certFromEnv, keyFromEnv, caFromEnv, null));
        }
        if (!certPath.isEmpty() || !keyPath.isEmpty() || !caPath.isEmpty()) {
            if (certPath.isEmpty() != keyPath.isEmpty()) {
                return Future.failedFuture("Missing certificate or key file");
            }
            return read(certPath).compose(cert -> read(keyPath).compose(key -> read(caPath)
                    .map(ca -> new Material(cert, key, ca, null))));
        }
        if (certData.isEmpty() != keyData.isEmpty() && p12Data.isEmpty()) {
            return Future.failedFuture("Missing certificate or key file");
        }
        return Future.succeededFuture(new Material(buffer(certData), buffer(keyData), buffer(caData),
                p12Data.isEmpty() ? null : Buffer.buffer(java.util.Base64.getMimeDecoder().decode(p12Data))));
    }

    private ClientSSLOptions build(Material m) {
        ClientSSLOptions o = new ClientSSLOptions();
        if (m.ca != null) {
            o.setTrustOptions(new PemTrustOptions().addCertValue(m.ca));
        }
        if (m.cert != null && m.key != null) {
            o.setKeyCertOptions(new PemKeyCertOptions().addCertValue(m.cert).addKeyValue(m.key));
        } else if (m.pfx != null) {
            o.setKeyCertOptions(new PfxOptions().setValue(m.pfx).setPassword(passphrase));
        }
        if (verifyServerCert) {
            o.setHostnameVerificationAlgorithm("HTTPS");
        } else {
            o.setTrustAll(true).setHostnameVerificationAlgorithm("");
        }
        if (!alpnProtocol.isEmpty()) {
            List<String> protocols = new ArrayList<>();
            protocols.add(alpnProtocol);
            o.setApplicationLayerProtocols(protocols);
        }
        return o;
    }

    private Future<Buffer> read(String path) {
        return path.isEmpty() ? Future.succeededFuture(null) : vertx().fileSystem().readFile(path);
    }

    private static Buffer fromEnv(NodeConfig c, Field field) {
        String name = c.str(field);
        if (name.isEmpty()) {
            return null;
        }
        Object v = c.services().env(c.id(), name);
        return v == null || v == io.redwire.js.Undefined.VALUE ? null : Buffer.buffer(JsValues.toJsString(v));
    }

    private static Buffer buffer(String pem) {
        return pem.isEmpty() ? null : Buffer.buffer(pem);
    }
}
