package io.redwire.nodes.grpc;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.nodes.grpc.proto.ProtoCache;
import io.redwire.nodes.grpc.proto.ProtoException;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.spi.NodeServices;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.net.SocketAddress;

import java.nio.file.Path;
import java.util.Map;

/**
 * grpc-server config node: the .proto (inline text, or the name of a file under the protos directory), the
 * address, TLS material and, with localServer, a server for every service of the proto (gRPC, gRPC-Web and
 * Connect on the one port; CORS for the origins corsOrigins lists). Without localServer
 * it only tells grpc-call nodes where to call and with which schema.
 */
public final class GrpcServerNode extends Node {
    static final Field PORT = Field.num("port", 5001).wholeNumber(0, 65535);
    static final Field SERVER = Field.str("server", "");
    static final Field NAME = Field.str("name", "");
    static final Field PROTO_FILE = Field.code("protoFile", "protobuf", "").pattern("\\S", "must not be blank")
            .requiredWhen("a local server needs the .proto text (or the name of a file under protos/)",
                    "localServer", "true");
    /** Where calls take the definition from: protoFile, or the target's server reflection (a remote server only). */
    static final Field DEFINITION = Field.select("definition", "proto", "proto", "reflection").label("Definition")
            .optionLabels("proto", ".proto text", "reflection", "from server reflection");
    static final Field LOCAL_SERVER = Field.bool("localServer", false);
    static final Field SSL = Field.bool("ssl", false);
    static final Field SELFSIGNED = Field.bool("selfsigned", false);
    static final Field MUTUAL_TLS = Field.bool("mutualTls", false);
    static final Field REFLECTION = Field.bool("reflection", true);
    static final Field CORS_ORIGINS = Field.str("corsOrigins", "");
    static final Field CORS_HEADERS = Field.str("corsHeaders", "");
    static final Field CORS_CREDENTIALS = Field.bool("corsCredentials", false);
    static final Field CORS_MAX_AGE = Field.num("corsMaxAge", 7200).wholeNumberAtLeast(0);
    private static final String PEM = "-----BEGIN ";
    private static final String NOT_PEM = "must be PEM text (-----BEGIN ...)";
    static final Field CA = Field.code("ca", "pem", "").pattern(PEM, NOT_PEM).requiredWhen(
            "mutual TLS needs the CA certificate (PEM) that signs client certificates",
            "localServer", "true", "ssl", "true", "mutualTls", "true");
    static final Field CHAIN = Field.code("chain", "pem", "").pattern(PEM, NOT_PEM).requiredWhen(
            "ssl needs the server certificate chain (PEM)", "localServer", "true", "ssl", "true");
    static final Field KEY = Field.code("key", "pem", "").pattern(PEM, NOT_PEM).requiredWhen(
            "ssl needs the server private key (PEM)", "localServer", "true", "ssl", "true");
    // only used by node-red-contrib-grpc's editor to generate certificates; kept so exports round-trip
    static final Field CA_PRIVATE_KEY = Field.str("caPrivateKey", "");
    static final Field CACERT = Field.str("cacert", "");
    static final Field CA_NAME = Field.str("caName", "");
    static final Field CA_ORG_NAME = Field.str("caOrgName", "");

    public static final NodeType TYPE = NodeType.builder("grpc-server", "grpc")
            .label(Label.computed())
            .help("A gRPC server and its service. The .proto text is compiled when the flows deploy, with no code generation step; grpc-call nodes use it as their target.")
            .configNode()
            .fields(PORT, SERVER, NAME, DEFINITION, PROTO_FILE, LOCAL_SERVER, REFLECTION, CORS_ORIGINS, CORS_HEADERS,
                    CORS_CREDENTIALS, CORS_MAX_AGE, SSL, SELFSIGNED, MUTUAL_TLS, CA, CHAIN,
                    KEY, CA_PRIVATE_KEY, CACERT, CA_NAME, CA_ORG_NAME)
            .serviceOutline("grpc", PROTO_FILE, new GrpcOutline())
            .prepare(GrpcServerNode::prepare)
            .factory(GrpcServerNode::new);

    /** The name an inline .proto gets in descriptors and error messages. */
    static final String INLINE_PROTO_NAME = "protoFile.proto";

    private final String host;
    private final int port;
    private final ProtoSchema schema;
    private final boolean fromReflection;
    private final boolean ssl;
    private final boolean selfsigned;
    private final boolean mutualTls;
    private final String ca;
    private final DynamicServer server;

    GrpcServerNode(NodeConfig c) {
        super(c);
        this.port = (int) c.num(PORT); // a whole number from 0 to 65535: the declaration refused others
        this.host = c.str(SERVER).trim();
        this.ssl = c.bool(SSL);
        this.selfsigned = c.bool(SELFSIGNED);
        this.mutualTls = c.bool(MUTUAL_TLS);
        this.ca = c.str(CA);
        this.fromReflection = fromReflection(c.str(DEFINITION));
        if (fromReflection && c.bool(LOCAL_SERVER)) {
            throw c.error(DEFINITION, "a local server serves its own .proto; take the definition from server "
                    + "reflection only for a remote server");
        }
        String proto = c.str(PROTO_FILE);
        this.schema = proto.isBlank() || fromReflection ? null : compile(c, proto);
        if (!c.bool(LOCAL_SERVER)) {
            this.server = null;
            return;
        }
        // a local server has its .proto: the declaration refused a blank one
        String chain = c.str(CHAIN);
        String key = c.str(KEY);
        boolean reflection = c.bool(REFLECTION)
                && GrpcSettings.REFLECTION.read(c.services().settings());
        GrpcCors cors = GrpcCors.of(c.str(CORS_ORIGINS), c.str(CORS_HEADERS), c.bool(CORS_CREDENTIALS),
                (int) c.num(CORS_MAX_AGE));
        try {
            this.server = new DynamicServer(this, schema, host.isEmpty() ? "0.0.0.0" : host, port, reflection,
                    options -> GrpcTls.server(options, ssl, mutualTls, ca, chain, key), cors);
        } catch (IllegalArgumentException badHttpRule) { // a google.api.http rule that cannot be served
            throw c.error(PROTO_FILE, badHttpRule.getMessage());
        }
    }

    /** Whether a definition field's value says "from the server's reflection" (anything else: the .proto). */
    static boolean fromReflection(Object definition) {
        return "reflection".equals(definition);
    }

    private static ProtoSchema compile(NodeConfig c, String proto) {
        try {
            return compile(c.services(), proto);
        } catch (ProtoException e) {
            throw c.error(PROTO_FILE, e.getMessage());
        }
    }

    private static ProtoSchema compile(NodeServices services, String proto) {
        String userDir = RuntimeSettings.USER_DIR.read(services.settings());
        ProtoCache cache = services.shared(ProtoCache.class, () -> userDir == null ? new ProtoCache()
                : new ProtoCache(Path.of(userDir, ".redwire-cache", "proto")));
        if (namesFile(proto)) {
            return cache.compileFile(services.protosDir(), proto.trim());
        }
        return cache.compile(INLINE_PROTO_NAME, proto, services.protosDir());
    }

    /**
     * A deploy compiles the .proto on a worker first: a compile Wire has to run (a .proto the disk cache has not
     * seen) took seconds on a loaded machine, all of them on the flow loop while it built this node.
     */
    private static void prepare(Map<String, Object> raw, NodeServices services) {
        if (raw.get(PROTO_FILE.name()) instanceof String proto && !proto.isBlank()
                && !fromReflection(raw.get(DEFINITION.name()))) {
            try {
                compile(services, proto);
            } catch (RuntimeException reportedByTheConstruction) {
                // the node's construction compiles again and names the problem
            }
        }
    }

    /** A protoFile value that names a file under protos/ instead of holding the .proto text. */
    static boolean namesFile(String proto) {
        String trimmed = proto.trim();
        return trimmed.endsWith(".proto") && trimmed.indexOf('\n') < 0 && trimmed.indexOf('{') < 0
                && trimmed.indexOf(';') < 0;
    }

    @Override
    public Future<Void> start() {
        if (server == null) {
            return Future.succeededFuture();
        }
        return server.start().onSuccess(v -> log("gRPC server listening on "
                + (host.isEmpty() ? "0.0.0.0" : host) + ":" + server.boundPort()));
    }

    @Override
    public void started() {
        if (server != null) {
            server.flowsRunning();
        }
    }

    @Override
    public void draining() {
        if (server != null) {
            server.draining();
        }
    }

    @Override
    public String notReady() {
        if (server == null) {
            return null;
        }
        var status = server.servingStatus();
        return status == io.grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING ? null : "gRPC health " + status;
    }

    @Override
    public Future<Void> close() {
        return server == null ? Future.succeededFuture() : server.close();
    }

    /** Calls take their definition from the target's server reflection, not from a .proto. */
    boolean fromReflection() {
        return fromReflection;
    }

    /** The compiled proto, or null when the config has none. */
    public ProtoSchema schema() {
        return schema;
    }

    /** The local server, or null when this config only describes a remote one. */
    DynamicServer localServer() {
        return server;
    }

    /** The port served or called (the bound one when a local server was given port 0). */
    int port() {
        return server != null ? server.boundPort() : port;
    }

    /** The address clients call; an empty or wildcard host means this machine. */
    SocketAddress target() {
        return target(host, port());
    }

    /** The address a client calls for a config's server field and port. */
    static SocketAddress target(String host, int port) {
        String h = host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]") ? "localhost"
                : host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return SocketAddress.inetSocketAddress(port, h);
    }

    /** Refuses a client node whose TLS material cannot call this server; the error names the client's field. */
    void checkClient(NodeConfig c, Field serverField, Field chainField, Field keyField) {
        if (!ssl) {
            return;
        }
        if (selfsigned && !GrpcTls.isPem(ca)) {
            throw c.error(serverField, "a self-signed server needs its CA certificate (PEM) in the grpc-server config");
        }
        if (mutualTls) {
            GrpcTls.requirePem(c, chainField, "mutual TLS needs this node's client certificate chain (PEM)");
            GrpcTls.requirePem(c, keyField, "mutual TLS needs this node's client private key (PEM)");
        }
    }

    /** Identifies the credentials a client with this certificate/key uses, for client sharing. */
    String credentialsKey(String chain, String key) {
        return !ssl ? "plaintext" : "tls|" + selfsigned + "|" + mutualTls + "|" + ca + "|" + chain + "|" + key;
    }

    /** Client TLS settings for a caller with this certificate/key. */
    void clientTls(HttpClientOptions options, String chain, String key) {
        GrpcTls.client(options, ssl, selfsigned, mutualTls, ca, chain, key);
    }
}
