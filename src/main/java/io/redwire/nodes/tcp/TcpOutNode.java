package io.redwire.nodes.tcp;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * tcp out, Node-RED 5.0.7's three modes: {@code client} keeps a connection to host:port (reconnecting after
 * {@code socketReconnectTime}) and writes each payload, closing after it when {@code end} is set; {@code reply}
 * writes to the tcp in connection msg._session names, or to all of them ({@code msg.reset} closes instead);
 * {@code server} listens and writes to every connected peer. Writes to a peer that does not read are bounded
 * ({@link TcpWrites}).
 */
public final class TcpOutNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field HOST = Field.str("host", "");
    static final Field PORT = Field.num("port", null);
    static final Field BESERVER = Field.select("beserver", "client", "client", "reply", "server");
    static final Field BASE64 = Field.bool("base64", false);
    static final Field END = Field.bool("end", false);

    public static final NodeType TYPE = NodeType.builder("tcp out", "network").icon("socket").ports(1, 0).color("#c0c0c0")
            .help("Writes `msg.payload` to TCP: connects to a host, listens on a port, or replies on the connection in `msg._session` (all connections when it has none).")
            .label(Label.computed())
            .fields(NAME, HOST, PORT, BESERVER, BASE64, END, TcpConnector.TLS)
            .factory(TcpOutNode::new);

    private final TcpConnector connector;
    private final String mode;
    private final String host;
    private final int port;
    private final boolean base64;
    private final boolean doEnd;
    private final TcpSessions sessions;
    private final TcpWrites writes;
    private final TcpSettings.Connections limits;
    private final Set<NetSocket> peers = new LinkedHashSet<>();
    private NetServer server;
    private NetClient client;
    private NetSocket socket;
    private boolean closing;
    private boolean endedOnPurpose;
    private final TcpRedial redial;

    TcpOutNode(NodeConfig c) {
        super(c);
        this.connector = new TcpConnector(c);
        this.mode = c.str(BESERVER).isEmpty() ? "client" : c.str(BESERVER);
        this.host = c.str(HOST);
        this.port = (int) c.num(PORT);
        this.base64 = c.bool(BASE64);
        this.doEnd = c.bool(END);
        this.sessions = c.services().shared(TcpSessions.class, TcpSessions::new);
        this.writes = new TcpWrites(this);
        this.limits = TcpSettings.Connections.of(c.services().settings());
        this.redial = new TcpRedial(this, host, port, this::dial);
    }

    @Override
    public Future<Void> start() {
        if ("client".equals(mode)) {
            client = vertx().createNetClient(new NetClientOptions().setTcpKeepAlive(true).setConnectTimeout(30_000));
            redial.connecting();
        }
        if (!"server".equals(mode)) {
            return Future.succeededFuture();
        }
        status(Map.of("text", "0 connections"));
        return connector.listen(this, new NetServerOptions().setHost(limits.bindHost()).setPort(port),
                opts -> server = vertx().createNetServer(opts).connectHandler(this::accepted));
    }

    /** A client dials once the deploy's servers listen (one of them may be its server). */
    @Override
    public void started() {
        if ("client".equals(mode)) {
            dial();
        }
    }

    private void dial() {
        connector.connect(client, port, host).onComplete(ar -> {
            if (ar.failed()) {
                log("error: Error: " + ar.cause().getMessage());
                disconnected();
                return;
            }
            if (closing) {
                ar.result().close();
                return;
            }
            socket = ar.result();
            socket.setWriteQueueMaxSize(limits.maxBuffered());
            log("connected to " + host + ":" + port);
            status(Map.of("fill", "green", "shape", "dot", "text", "common.status.connected"));
            socket.handler(b -> {
            });
            socket.exceptionHandler(e -> log("error: Error: " + e.getMessage()));
            socket.closeHandler(v -> {
                socket = null;
                disconnected();
            });
        });
    }

    private void disconnected() {
        status(Map.of("fill", "red", "shape", "ring", "text", "common.status.disconnected"));
        if (closing) {
            return;
        }
        boolean quick = endedOnPurpose;
        endedOnPurpose = false;
        if (!quick) {
            log("connection lost to " + host + ":" + port);
        }
        redial.later(quick ? 20 : limits.reconnectMs());
    }

    private void accepted(NetSocket peer) {
        if (peers.size() >= limits.maxConnections()) {
            warn("refused a connection from " + peer.remoteAddress() + ": " + limits.maxConnections()
                    + " open (tcpMaxConnections)");
            peer.close();
            return;
        }
        log("connection from " + peer.remoteAddress().hostAddress() + ":" + peer.remoteAddress().port());
        peer.setWriteQueueMaxSize(limits.maxBuffered());
        peers.add(peer);
        peer.handler(b -> {
        });
        peer.closeHandler(v -> {
            log("connection closed from " + peer.remoteAddress().hostAddress() + ":" + peer.remoteAddress().port());
            peers.remove(peer);
            status(Map.of("text", peers.size() + (peers.size() == 1 ? " connection" : " connections")));
        });
        status(Map.of("text", peers.size() + (peers.size() == 1 ? " connection" : " connections")));
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object payload = msg.get("payload");
        switch (mode) {
            case "client" -> {
                if (socket != null && payload != null) {
                    writes.write(socket, TcpWrites.bytes(payload, base64));
                    if (doEnd) {
                        endedOnPurpose = true;
                        status(Map.of());
                        socket.end();
                    }
                }
            }
            case "reply" -> {
                boolean reset = Boolean.TRUE.equals(msg.get("reset"));
                List<NetSocket> targets = new ArrayList<>();
                if (msg.get("_session") instanceof Map<?, ?> s && "tcp".equals(s.get("type"))) {
                    NetSocket one = sessions.sockets.get(String.valueOf(s.get("id")));
                    if (one != null) {
                        targets.add(one);
                    }
                } else {
                    targets.addAll(sessions.sockets.values());
                }
                for (NetSocket t : targets) {
                    if (reset) {
                        t.close();
                    } else {
                        writes.write(t, TcpWrites.bytes(payload, base64));
                    }
                }
            }
            default -> {
                if (payload != null) {
                    Buffer data = TcpWrites.bytes(payload, base64);
                    for (NetSocket p : List.copyOf(peers)) {
                        if (writes.write(p, data) && doEnd) {
                            p.end();
                        }
                    }
                }
            }
        }
        done.done();
    }

    @Override
    public Future<Void> close() {
        closing = true;
        redial.cancel();
        if (socket != null) {
            socket.close();
        }
        List.copyOf(peers).forEach(NetSocket::close);
        if (server != null) {
            return connector.close(vertx(), server, limits.bindHost(), port);
        }
        return client == null ? Future.succeededFuture() : client.close();
    }
}
