package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;
import io.redwire.spi.TlsConfig;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.PfxOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * tls-config (config): client certificate, key and CA for TLS connections, from files, environment variables, a
 * PKCS#12 file or inline PEM credentials; `verifyservercert` off accepts any server certificate. Like Node-RED, a
 * broken configuration is logged and the node carries on without its certificates.
 */
public final class TlsConfigNode extends Node implements TlsConfig {
    public static final NodeType TYPE = NodeType.builder("tls-config", "network")
            .help("TLS settings: certificates, key and verification, for the nodes that open secure connections.")
            .configNode()
            .field(Field.select("certType", "files", "files", "env", "pfx"))
            .field(Field.str("cert", "")).field(Field.str("key", "")).field(Field.str("ca", ""))
            .field(Field.str("p12", ""))
            .field(Field.str("certEnv", "")).field(Field.str("keyEnv", "")).field(Field.str("caEnv", ""))
            .field(Field.bool("verifyservercert", true))
            .field(Field.str("servername", ""))
            .field(Field.str("alpnprotocol", ""))
            .factory(TlsConfigNode::new);

    private final String certType;
    private final String certPath;
    private final String keyPath;
    private final String caPath;
    private final String p12Path;
    private final Map<?, ?> credentials;
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
        this.certType = c.str("certType").isEmpty() ? "files" : c.str("certType");
        this.certPath = c.str("cert").strip();
        this.keyPath = c.str("key").strip();
        this.caPath = c.str("ca").strip();
        this.p12Path = c.str("p12").strip();
        this.certFromEnv = fromEnv(c, "certEnv");
        this.keyFromEnv = fromEnv(c, "keyEnv");
        this.caFromEnv = fromEnv(c, "caEnv");
        this.credentials = c.raw().get("credentials") instanceof Map<?, ?> m ? m : Map.of();
        this.verifyServerCert = !c.has("verifyservercert") || c.bool("verifyservercert");
        this.alpnProtocol = c.str("alpnprotocol").strip();
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
        String certData = credential("certdata");
        String keyData = credential("keydata");
        String p12Data = credential("p12data");
        if (certData.isEmpty() != keyData.isEmpty() && p12Data.isEmpty()) {
            return Future.failedFuture("Missing certificate or key file");
        }
        return Future.succeededFuture(new Material(buffer(certData), buffer(keyData), buffer(credential("cadata")),
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
            o.setKeyCertOptions(new PfxOptions().setValue(m.pfx).setPassword(credential("passphrase")));
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

    private static Buffer fromEnv(NodeConfig c, String field) {
        String name = c.str(field);
        if (name.isEmpty()) {
            return null;
        }
        Object v = c.services().env(c.id(), name);
        return v == null || v == io.redwire.js.Undefined.VALUE ? null : Buffer.buffer(JsValues.toJsString(v));
    }

    private String credential(String name) {
        return credentials.get(name) instanceof String s ? s : "";
    }

    private static Buffer buffer(String pem) {
        return pem.isEmpty() ? null : Buffer.buffer(pem);
    }
}
