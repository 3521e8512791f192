package io.redwire.nodes.tcp;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Messages;

import io.vertx.core.Future;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * tcp in: listens on a port ({@code server: "server"}) or connects to host:port ({@code "client"}), and sends what
 * arrives framed by {@link TcpFramer}, with msg._session naming the connection for a tcp out in reply mode — with
 * Node-RED 5.0.7's status texts and log lines. Redwire additions: the server binds the address Redwire's HTTP
 * server uses (uiHost, default 127.0.0.1), accepts at most {@code tcpMaxConnections} connections, and cuts a
 * connection whose single-mode message outgrows {@code socketMaxBufferedBytes}; {@code socketTimeout} closes idle
 * connections as in Node-RED.
 */
public final class TcpInNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field SERVER = Field.select("server", "server", "server", "client");
    static final Field HOST = Field.str("host", "");
    static final Field PORT = Field.num("port", null);
    static final Field DATAMODE = Field.select("datamode", "stream", "stream", "single");
    static final Field DATATYPE = Field.select("datatype", "buffer", "buffer", "utf8", "base64");
    static final Field NEWLINE = Field.str("newline", "");
    static final Field TOPIC = Field.str("topic", "");
    static final Field TRIM = Field.bool("trim", false);

    public static final NodeType TYPE = NodeType.builder("tcp in", "network").icon("socket").ports(0, 1).color("#c0c0c0")
            .help("Reads from TCP: listens on a port or connects to a host.\n\n- A stream of chunks, lines split at a delimiter, or one message per connection.\n- `msg._session` names the connection, so a tcp out node can reply on it.")
            .label(Label.computed())
            .fields(NAME, SERVER, HOST, PORT, DATAMODE, DATATYPE, NEWLINE, TOPIC, TRIM, TcpConnector.TLS)
            .factory(TcpInNode::new);

    private final TcpConnector connector;
    private final boolean isServer;
    private final String host;
    private final int port;
    private final boolean stream;
    private final String datatype;
    private final String newline;
    private final boolean trim;
    private final String topic;
    private final TcpSessions sessions;
    private final TcpSettings.Connections limits;
    private NetServer server;
    private NetClient client;
    private NetSocket clientSocket;
    private final TcpRedial redial;
    private boolean closing;
    private int count;
    private final java.util.Set<NetSocket> mine = new java.util.HashSet<>();

    TcpInNode(NodeConfig c) {
        super(c);
        this.connector = new TcpConnector(c);
        Object s = c.get(SERVER);
        this.isServer = s instanceof Boolean b ? b : "server".equals(s);
        this.host = c.str(HOST);
        this.port = (int) c.num(PORT);
        this.stream = c.str(DATAMODE).isEmpty() || c.str(DATAMODE).equals("stream");
        this.datatype = c.str(DATATYPE).isEmpty() ? "buffer" : c.str(DATATYPE);
        this.newline = TcpFramer.delimiter(c.str(NEWLINE));
        this.trim = c.bool(TRIM);
        this.topic = c.str(TOPIC);
        this.sessions = c.services().shared(TcpSessions.class, TcpSessions::new);
        this.limits = TcpSettings.Connections.of(c.services().settings());
        this.redial = new TcpRedial(this, host, port, this::dial);
    }

    @Override
    public Future<Void> start() {
        if (isServer) {
            NetServerOptions o = new NetServerOptions().setHost(limits.bindHost()).setPort(port).setTcpKeepAlive(true);
            if (limits.socketTimeoutMs() > 0) {
                o.setIdleTimeout((int) limits.socketTimeoutMs()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
            }
            return connector.listen(this, o, opts -> server = vertx().createNetServer(opts)
                    .connectHandler(this::accepted));
        }
        client = vertx().createNetClient(new NetClientOptions().setTcpKeepAlive(true).setConnectTimeout(30_000));
        redial.connecting();
        return Future.succeededFuture();
    }

    /** A client dials once the deploy's servers listen (one of them may be its server). */
    @Override
    public void started() {
        if (!isServer) {
            dial();
        }
    }

    private void accepted(NetSocket socket) {
        if (count >= limits.maxConnections()) {
            warn("refused a connection from " + socket.remoteAddress() + ": " + limits.maxConnections()
                    + " open (tcpMaxConnections)");
            socket.close();
            return;
        }
        String id = Messages.newId();
        sessions.sockets.put(id, socket);
        mine.add(socket);
        count++;
        socket.setWriteQueueMaxSize(limits.maxBuffered());
        String ip = socket.remoteAddress().hostAddress();
        int peerPort = socket.remoteAddress().port();
        status(serverStatus("connect", ip, peerPort, id));
        read(socket, id, ip, peerPort, () -> { });
        socket.closeHandler(v -> {
            sessions.sockets.remove(id);
            mine.remove(socket);
            count--;
            status(serverStatus("disconnect", ip, peerPort, id));
        });
    }

    /** The client connection's status, naming its session as Node-RED's does. */
    private static Map<String, Object> clientStatus(String fill, String shape, String text, String id) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("fill", fill);
        s.put("shape", shape);
        s.put("text", text);
        s.put("_session", session(id));
        return s;
    }

    private Map<String, Object> serverStatus(String event, String ip, int peerPort, String id) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("text", count + (count == 1 ? " connection" : " connections"));
        s.put("event", event);
        s.put("ip", ip);
        s.put("port", peerPort);
        s.put("_session", session(id));
        return s;
    }

    private void dial() {
        String id = Messages.newId();
        connector.connect(client, port, host).onComplete(ar -> {
            if (ar.failed()) {
                log("Error: " + ar.cause().getMessage());
                lost(id, false);
                return;
            }
            if (closing) {
                ar.result().close();
                return;
            }
            NetSocket socket = ar.result();
            clientSocket = socket;
            sessions.sockets.put(id, socket);
            socket.setWriteQueueMaxSize(limits.maxBuffered());
            log("connected to " + host + ":" + port);
            status(clientStatus("green", "dot", "common.status.connected", id));
            boolean[] ended = new boolean[1];
            read(socket, id, null, 0, () -> ended[0] = true);
            socket.closeHandler(v -> {
                clientSocket = null;
                sessions.sockets.remove(id);
                lost(id, ended[0]);
            });
        });
    }

    /** Node-RED: a connection the peer ended after sending something is retried at once, a lost one later. */
    private void lost(String id, boolean endedByPeer) {
        status(clientStatus("red", "ring", "common.status.disconnected", id));
        if (!closing) {
            if (!endedByPeer) {
                log("connection lost to " + host + ":" + port);
            }
            redial.later(endedByPeer ? 20 : limits.reconnectMs());
        }
    }

    /**
     * Wires the socket's data to messages; when the peer ends the connection, what single mode (or an unterminated
     * stream) holds is sent, then {@code onEnd} runs.
     */
    private void read(NetSocket socket, String id, String ip, int peerPort, Runnable onEnd) {
        TcpFramer framer = new TcpFramer(stream, datatype, newline, trim, limits.maxBuffered());
        socket.handler(chunk -> {
            for (Object payload : framer.data(chunk.getBytes())) {
                send(message(payload, id, ip, peerPort));
            }
            if (framer.buffered() > limits.maxBuffered()) {
                error("Error: message from " + socket.remoteAddress() + " is larger than socketMaxBufferedBytes ("
                        + limits.maxBuffered() + "): connection closed", null);
                socket.close();
            }
        });
        socket.endHandler(v -> {
            Object rest = framer.end();
            if (rest != null) {
                send(message(rest, id, ip, peerPort));
            }
            onEnd.run();
        });
        socket.exceptionHandler(e -> log("Error: " + e.getMessage()));
    }

    private Map<String, Object> message(Object payload, String id, String ip, int peerPort) {
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("topic", topic);
        msg.put("payload", payload);
        if (ip != null) {
            msg.put("ip", ip);
            msg.put("port", peerPort);
        }
        msg.put("_session", session(id));
        return msg;
    }

    static Map<String, Object> session(String id) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "tcp");
        s.put("id", id);
        return s;
    }

    @Override
    public Future<Void> close() {
        closing = true;
        redial.cancel();
        if (server != null) {
            mine.forEach(NetSocket::close);
            return connector.close(vertx(), server, limits.bindHost(), port)
                    .onComplete(v -> log("stopped listening on port"));
        }
        if (clientSocket != null) {
            clientSocket.close();
        }
        return client == null ? Future.succeededFuture() : client.close();
    }
}
