package io.redwire.nodes.thrift;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.net.PortRelease;
import io.redwire.nodes.thrift.codec.CallRoutes;
import io.redwire.nodes.thrift.codec.Framing;
import io.redwire.nodes.thrift.codec.HttpCalls;
import io.redwire.nodes.thrift.codec.IdlException;
import io.redwire.nodes.thrift.codec.IdlSource;
import io.redwire.nodes.thrift.codec.InputLimits;
import io.redwire.nodes.thrift.codec.ThriftCaller;
import io.redwire.nodes.thrift.codec.ThriftClient;
import io.redwire.nodes.thrift.codec.ThriftHttpClient;
import io.redwire.nodes.thrift.codec.ThriftHttpServer;
import io.redwire.nodes.thrift.codec.ThriftListener;
import io.redwire.nodes.thrift.codec.ThriftModel;
import io.redwire.nodes.thrift.codec.ThriftModels;
import io.redwire.nodes.thrift.codec.ThriftServer;
import io.redwire.nodes.thrift.codec.ThriftWire;
import io.redwire.nodes.thrift.codec.WireProtocol;
import io.redwire.spi.HttpRoutes;

import io.vertx.core.Future;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * thrift-server (config): the IDL, protocol and transport shared by a server and its clients. With localServer it
 * serves the methods that thrift-register-function nodes route to flows; thrift-call nodes use it as their target
 * (host:port). The IDL is compiled when the flow is built, so a broken IDL refuses the deploy with its line. The
 * http transport is THttpClient's: on httpNodeRoot + httpPath of Redwire's HTTP server, or (no httpPath) on the
 * port; clients then POST to host:port + httpPath.
 */
public final class ThriftServerNode extends Node {
    static final Field HOST = Field.str("host", "").label("host (blank: all interfaces; clients use 127.0.0.1)");
    static final Field PORT = Field.num("port", 9090).wholeNumber(0, 65535);
    static final Field IDL = Field.code("idl", "thrift", "").label("IDL text");
    static final Field IDL_FILE = Field.str("idlFile", "").label("or a .thrift file under protos/");
    static final Field PROTOCOL = Field.select("protocol", "binary", "binary", "compact", "json");
    static final Field TRANSPORT = Field.select("transport", "buffered", "buffered", "framed", "http");
    static final Field HTTP_PATH = Field.str("httpPath", "")
            .label("HTTP path on Redwire's HTTP server (blank: the port above, any path)")
            .shownWhen("transport", "http");
    static final Field LOCAL_SERVER = Field.bool("localServer", false).label("run a server (else only a client target)");

    public static final NodeType TYPE = NodeType.builder("thrift-server", "thrift").configNode()
            .help("A Thrift server (config): the `.thrift` IDL text, the service, port, protocol (binary, compact, JSON) and transport (framed, buffered, or HTTP as THttpClient speaks it: on a path of Redwire's HTTP server or on the port); compiled at deploy, no code generation.")
            .label(Label.computed())
            .fields(HOST, PORT, IDL, IDL_FILE, PROTOCOL, TRANSPORT, HTTP_PATH, LOCAL_SERVER)
            .serviceOutline("thrift", IDL, new ThriftOutline())
            .factory(ThriftServerNode::new);

    private final String host;
    private final int port;
    private final boolean localServer;
    private final ThriftModel model;
    private final ThriftWire wire;
    private final CallRoutes callRoutes;
    private final InputLimits limits;
    private final boolean http;
    /** With the http transport: the path on Redwire's HTTP server (httpNodeRoot + httpPath), or "" for the port. */
    private final String httpPath;
    private final HttpRoutes routes;
    private ThriftListener server;
    private boolean listened; // its own port was had: its close waits until the port is free again
    private HttpCalls onRedwirePath;
    private final List<HttpRoutes.Registration> registrations = new ArrayList<>();
    private ThriftCaller client;

    ThriftServerNode(NodeConfig c) {
        super(c);
        this.host = c.str(HOST).trim();
        this.port = (int) c.num(PORT); // a whole number from 0 to 65535: the declaration refused others
        this.localServer = c.bool(LOCAL_SERVER);
        this.http = "http".equals(c.str(TRANSPORT).trim());
        String path = c.str(HTTP_PATH).trim();
        this.httpPath = !http || path.isEmpty() ? "" : rootOf(c) + (path.startsWith("/") ? path.substring(1) : path);
        this.routes = c.services().httpRoutes();
        try {
            this.wire = new ThriftWire(WireProtocol.of(c.str(PROTOCOL)),
                    http ? Framing.BUFFERED : Framing.of(c.str(TRANSPORT)),
                    ThriftSettings.MAX_FRAME_SIZE.read(c.services().settings()));
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage().startsWith("unknown protocol") ? PROTOCOL : TRANSPORT, e.getMessage());
        }
        this.model = compile(c);
        this.callRoutes = new CallRoutes(model);
        this.limits = new InputLimits(c.services().shared(ThriftInputBudget.class, () -> new ThriftInputBudget(
                ThriftSettings.INPUT_MEMORY_LIMIT.read(c.services().settings()))),
                ThriftSettings.READ_TIMEOUT.read(c.services().settings()));
    }

    /** settings.httpNodeRoot, where flows' HTTP routes live, ending in "/". */
    private static String rootOf(NodeConfig c) {
        String root = RuntimeSettings.HTTP_NODE_ROOT.read(c.services().settings()) instanceof String r ? r : "/";
        return root.endsWith("/") ? root : root + "/";
    }

    /** What the connections of every Thrift server hold in buffered input together. */
    static final class ThriftInputBudget extends io.redwire.net.MemoryBudget {
        ThriftInputBudget(long limit) {
            super(limit);
        }
    }

    private static ThriftModel compile(NodeConfig c) {
        String file = c.str(IDL_FILE).trim();
        Field field = file.isEmpty() ? IDL : IDL_FILE;
        try {
            IdlSource source = source(file, c.str(IDL), c.services().protosDir());
            if (source == null) {
                throw c.error(IDL, NO_IDL);
            }
            return c.services().shared(ThriftModels.class, ThriftModels::new).compile(source);
        } catch (IdlException e) {
            throw c.error(field, e.getMessage());
        }
    }

    static final String NO_IDL = "give the IDL text, or the name of a .thrift file under protos/ in idlFile";

    /** The IDL file named under protos/ when one is, else the inline text; null when neither is given. */
    static IdlSource source(String idlFile, String idl, Path protosDir) {
        if (!idlFile.isBlank()) {
            return IdlSource.file(idlFile.trim(), protosDir);
        }
        return idl.isBlank() ? null : IdlSource.inline(idl, protosDir);
    }

    @Override
    public Future<Void> start() {
        if (!localServer) {
            return Future.succeededFuture();
        }
        Consumer<String> problems = line -> engine().execute(() -> warn(line));
        if (http && !httpPath.isEmpty()) {
            onRedwirePath = new HttpCalls(vertx(), wire, callRoutes, problems, limits);
            for (String method : List.of("post", "get")) { // GET is answered 405, not 404
                registrations.add(routes.add(method, httpPath, ctx -> onRedwirePath.handle(ctx.request())));
            }
            log("Thrift over HTTP at " + httpPath + " (" + protocolName() + ")");
            return Future.succeededFuture();
        }
        String bindHost = bindHost();
        server = http ? new ThriftHttpServer(vertx(), new HttpCalls(vertx(), wire, callRoutes, problems, limits))
                : new ThriftServer(vertx(), wire, callRoutes, problems, limits);
        return server.listen(bindHost, port)
                .onSuccess(v -> listened = true)
                .onSuccess(v -> log("Thrift server listening on " + bindHost + ":" + server.port() + " ("
                        + protocolName() + ", " + transportName() + ")"))
                .recover(e -> Future.failedFuture("cannot listen on " + bindHost + ":" + port + ": "
                        + e.getMessage()));
    }

    private String bindHost() {
        return host.isEmpty() ? "0.0.0.0" : host;
    }

    private String protocolName() {
        return wire.protocol().name().toLowerCase(Locale.ROOT);
    }

    /** "buffered", "framed" or "http": the transport tag of the client side's call metrics. */
    public String transportName() {
        return http ? "http" : wire.framing().name().toLowerCase(Locale.ROOT);
    }

    @Override
    public Future<Void> close() {
        registrations.forEach(HttpRoutes.Registration::remove);
        registrations.clear();
        if (onRedwirePath != null) {
            onRedwirePath.stop();
            onRedwirePath = null;
        }
        boolean held = listened; // a port it never got is not its to wait for
        listened = false;
        Future<Void> s = server == null ? Future.succeededFuture()
                : PortRelease.afterClose(server.close(), held, vertx(), bindHost(), port);
        Future<Void> c = client == null ? Future.succeededFuture() : client.close();
        server = null;
        client = null;
        return Future.join(s, c).mapEmpty();
    }

    public ThriftModel model() {
        return model;
    }

    public boolean localServer() {
        return localServer;
    }

    /** Where register-function nodes put their methods. */
    public CallRoutes routes() {
        return callRoutes;
    }

    /** The port the local server is bound to (differs from the config when it asks for 0), else the config's. */
    public int port() {
        return server != null && server.port() > 0 ? server.port() : port;
    }

    /**
     * The one client all thrift-call nodes of this target share (one connection; over HTTP, kept-alive requests
     * to httpPath); lives on the flow loop.
     */
    public ThriftCaller client() {
        if (client == null) {
            String target = host.isEmpty() || "0.0.0.0".equals(host) || "::".equals(host) ? "127.0.0.1" : host;
            client = http ? new ThriftHttpClient(vertx(), target, port(), httpPath.isEmpty() ? "/" : httpPath, wire)
                    : new ThriftClient(vertx(), engine().loop(), target, port(), wire);
        }
        return client;
    }
}
