package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCache;
import io.redwire.nodes.grpc.proto.ProtoException;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.net.SocketAddress;

/**
 * grpc-server config node: the .proto (inline text, or the name of a file under the protos directory), the
 * address, TLS material and, with localServer, a gRPC server for every service of the proto. Without localServer
 * it only tells grpc-call nodes where to call and with which schema.
 */
public final class GrpcServerNode extends Node {
    static final Field PROTO_FILE = Field.code("protoFile", "protobuf", "");

    public static final NodeType TYPE = NodeType.builder("grpc-server", "grpc")
            .label("(name || \"localhost\") + \":\" + port")
            .help("A gRPC server and its service. The .proto text is compiled when the flows deploy, with no code generation step; grpc-call nodes use it as their target.")
            .configNode()
            .field(Field.num("port", 5001))
            .field(Field.str("server", ""))
            .field(Field.str("name", ""))
            .field(PROTO_FILE)
            .field(Field.bool("localServer", false))
            .field(Field.bool("ssl", false))
            .field(Field.bool("selfsigned", false))
            .field(Field.bool("mutualTls", false))
            .field(Field.code("ca", "pem", ""))
            .field(Field.code("chain", "pem", ""))
            .field(Field.code("key", "pem", ""))
            // only used by node-red-contrib-grpc's editor to generate certificates; kept so exports round-trip
            .field(Field.str("caPrivateKey", ""))
            .field(Field.str("cacert", ""))
            .field(Field.str("caName", ""))
            .field(Field.str("caOrgName", ""))
            .serviceOutline("grpc", PROTO_FILE, new GrpcOutline())
            .factory(GrpcServerNode::new);

    /** The name an inline .proto gets in descriptors and error messages. */
    static final String INLINE_PROTO_NAME = "protoFile.proto";

    private final String host;
    private final int port;
    private final ProtoSchema schema;
    private final boolean ssl;
    private final boolean selfsigned;
    private final boolean mutualTls;
    private final String ca;
    private final DynamicServer server;

    GrpcServerNode(NodeConfig c) {
        super(c);
        double p = c.num("port");
        if (p != Math.rint(p) || p < 0 || p > 65535) {
            throw c.error("port", "must be a port number (0-65535), got " + c.str("port"));
        }
        this.port = (int) p;
        this.host = c.str("server").trim();
        this.ssl = c.bool("ssl");
        this.selfsigned = c.bool("selfsigned");
        this.mutualTls = c.bool("mutualTls");
        this.ca = c.str("ca");
        String proto = c.str("protoFile");
        this.schema = proto.isBlank() ? null : compile(c, proto);
        if (!c.bool("localServer")) {
            this.server = null;
            return;
        }
        if (schema == null) {
            throw c.error("protoFile", "a local server needs the .proto text (or the name of a file under protos/)");
        }
        String problem = GrpcTls.serverProblem(ssl, mutualTls, ca, c.str("chain"), c.str("key"));
        if (problem != null) {
            throw c.error(problem.substring(0, problem.indexOf(':')), problem.substring(problem.indexOf(':') + 2));
        }
        String chain = c.str("chain");
        String key = c.str("key");
        this.server = new DynamicServer(this, schema, host.isEmpty() ? "0.0.0.0" : host, port,
                options -> GrpcTls.server(options, ssl, mutualTls, ca, chain, key));
    }

    private static ProtoSchema compile(NodeConfig c, String proto) {
        ProtoCache cache = c.services().shared(ProtoCache.class, ProtoCache::new);
        try {
            if (namesFile(proto)) {
                return cache.compileFile(c.services().protosDir(), proto.trim());
            }
            return cache.compile(INLINE_PROTO_NAME, proto, c.services().protosDir());
        } catch (ProtoException e) {
            throw c.error("protoFile", e.getMessage());
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
    public Future<Void> close() {
        return server == null ? Future.succeededFuture() : server.close();
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
        String h = host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]") ? "localhost"
                : host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return SocketAddress.inetSocketAddress(port(), h);
    }

    /** Why a client with this certificate/key cannot call, or null. */
    String clientProblem(String chain, String key) {
        return GrpcTls.clientProblem(ssl, selfsigned, mutualTls, ca, chain, key);
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
