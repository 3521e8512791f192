package io.redwire.nodes.tcp;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;

import io.vertx.core.Future;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetSocket;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * tcp request: writes msg.payload to host:port (the node's, else msg.host / msg.port) and sends back what the
 * server answers, as Node-RED 5.0.7 does: {@code time} — what arrives within {@code splitc} ms of the first byte,
 * {@code immed} — nothing, the connection closes after the write, {@code char} — up to and including the byte
 * {@code splitc}, {@code count} — {@code splitc} bytes, {@code sit} — every chunk while the connection stays open
 * (split at {@code newline} for strings); the answer is a copy of the last request with the payload replaced, a
 * Buffer or ({@code ret: "string"}) text. Messages wait in a queue of at most {@code tcpMsgQueueSize} (1000) per
 * connection while it is opened; the oldest is dropped beyond that, as in Node-RED. Connect failures are node
 * errors "connect failed host:port" with a red ring.
 */
public final class TcpRequestNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field SERVER = Field.str("server", "");
    static final Field PORT = Field.num("port", null);
    static final Field OUT = Field.select("out", "time", "time", "immed", "char", "count", "sit");
    static final Field RET = Field.select("ret", "buffer", "buffer", "string");
    static final Field SPLITC = Field.str("splitc", "0");
    static final Field NEWLINE = Field.str("newline", "");
    static final Field TRIM = Field.bool("trim", false);

    public static final NodeType TYPE = NodeType.builder("tcp request", "network").icon("socket").ports(1, 1).color("#c0c0c0")
            .help("Sends `msg.payload` to a TCP server and returns its answer: after a time, at once, at a character, after a number of bytes, or keeps the connection and sends everything it receives.")
            .label(Label.computed())
            .fields(NAME, SERVER, PORT, OUT, RET, SPLITC, NEWLINE, TRIM, TcpConnector.TLS)
            .factory(TcpRequestNode::new);

    private final TcpConnector connector;
    private final String host;
    private final int port;
    private final String out;
    private final boolean asString;
    private final int splitc;
    private final String newline;
    private final boolean trim;
    private final int queueSize;
    private final Map<String, Connection> connections = new LinkedHashMap<>();
    private NetClient client;

    TcpRequestNode(NodeConfig c) {
        super(c);
        this.connector = new TcpConnector(c);
        this.host = c.str(SERVER);
        this.port = (int) c.num(PORT);
        String o = c.str(OUT).isEmpty() ? "time" : c.str(OUT);
        this.out = o.equals("immed") ? "time" : o;
        this.splitc = o.equals("immed") ? -1 : o.equals("char") ? splitChar(c.str(SPLITC))
                : (int) JsValues.toNumber(c.str(SPLITC).isEmpty() ? "0" : c.str(SPLITC));
        this.asString = "string".equals(c.str(RET));
        this.newline = TcpFramer.delimiter(c.str(NEWLINE));
        this.trim = c.bool(TRIM);
        this.queueSize = TcpSettings.MSG_QUEUE_SIZE.read(c.services().settings());
    }

    /** The split character as the editor writes it: \n \r \t \e \f \0, 0x.., or a literal character. */
    static int splitChar(String s) {
        return switch (s) {
            case "\\n" -> 0x0A;
            case "\\r" -> 0x0D;
            case "\\t" -> 0x09;
            case "\\e" -> 0x1B;
            case "\\f" -> 0x0C;
            case "\\0" -> 0x00;
            default -> s.startsWith("0x") ? Integer.parseInt(s.substring(2), 16) : s.isEmpty() ? 0 : s.charAt(0);
        };
    }

    private final class Connection {
        final String id;
        final ArrayDeque<Map<String, Object>> queue = new ArrayDeque<>();
        final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        final StringBuilder chunk = new StringBuilder();
        NetSocket socket;
        boolean connecting;
        Map<String, Object> lastMsg;
        long timer = -1;

        Connection(String id) {
            this.id = id;
        }
    }

    @Override
    public Future<Void> start() {
        client = vertx().createNetClient(new NetClientOptions().setConnectTimeout(30_000));
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object p = msg.get("payload");
        if (p != null && p != Undefined.VALUE && !(p instanceof byte[]) && !(p instanceof String)) {
            msg.put("payload", JsValues.toJsString(p));
        }
        String h = !host.isEmpty() ? host : msg.get("host") == null ? null : JsValues.toJsString(msg.get("host"));
        int pt = port > 0 ? port : msg.get("port") == null ? 0 : (int) JsValues.toNumber(msg.get("port"));
        if (out.equals("sit") && msg.get("reset") != null) {
            reset(msg.get("reset"));
            if (!msg.containsKey("payload")) {
                done.done();
                return;
            }
        }
        String key = h + ":" + pt;
        Connection c = connections.computeIfAbsent(key, Connection::new);
        if (c.queue.size() == queueSize) {
            c.queue.poll();
        }
        c.queue.add(msg);
        c.lastMsg = msg;
        if (c.socket != null && !c.connecting) {
            flush(c);
            done.done();
            return;
        }
        if (c.connecting) {
            done.done();
            return;
        }
        if (h == null || h.isEmpty() || pt <= 0) {
            warn("Host and/or port not set");
            connections.remove(key);
            done.done();
            return;
        }
        c.connecting = true;
        connector.connect(client, pt, h).onComplete(ar -> {
            c.connecting = false;
            if (ar.failed()) {
                status(Map.of("fill", "red", "shape", "ring", "text", "common.status.error"));
                connections.remove(key);
                error("connect failed " + key, msg);
                return;
            }
            c.socket = ar.result();
            status(Map.of("fill", "green", "shape", "dot", "text", connections.size()
                    + (connections.size() == 1 ? " connection" : " connections")));
            c.socket.handler(b -> received(c, b.getBytes()));
            c.socket.closeHandler(v -> {
                c.socket = null;
                connections.remove(key, c);
            });
            c.socket.exceptionHandler(e -> log("Error: " + e.getMessage()));
            flush(c);
            if (out.equals("time") && splitc < 0) {
                c.socket.end();
                connections.remove(key);
                status(Map.of());
            }
        });
        done.done();
    }

    private void flush(Connection c) {
        Map<String, Object> m;
        while ((m = c.queue.poll()) != null) {
            Object p = m.get("payload");
            if (p != null && p != Undefined.VALUE) {
                c.socket.write(TcpWrites.bytes(p, false));
            }
        }
    }

    private void received(Connection c, byte[] data) {
        if (out.equals("sit")) {
            Map<String, Object> msg = Messages.cloneMessage(c.lastMsg);
            if (asString && !newline.isEmpty()) {
                c.chunk.append(new String(data, StandardCharsets.UTF_8));
                int from = 0;
                int at;
                while ((at = c.chunk.indexOf(newline, from)) >= 0) {
                    Map<String, Object> m = Messages.cloneMessage(msg);
                    m.put("payload", c.chunk.substring(from, at) + (trim ? newline : ""));
                    send(m);
                    from = at + newline.length();
                }
                c.chunk.delete(0, from);
            } else {
                msg.put("payload", asString ? new String(data, StandardCharsets.UTF_8) : data);
                send(msg);
            }
            return;
        }
        for (byte b : data) {
            c.buf.write(b);
            boolean complete = switch (out) {
                case "count" -> c.buf.size() >= Math.max(splitc, 1);
                case "char" -> (b & 0xff) == splitc;
                default -> false;
            };
            if (complete) {
                answer(c);
                return;
            }
        }
        if (out.equals("time") && c.timer < 0) {
            c.timer = vertx().setTimer(Math.max(splitc, 1), t -> answer(c));
        }
    }

    /** Sends what was collected as the answer and closes the connection, as Node-RED does. */
    private void answer(Connection c) {
        if (c.timer >= 0) {
            vertx().cancelTimer(c.timer);
            c.timer = -1;
        }
        Map<String, Object> msg = Messages.cloneMessage(c.lastMsg == null ? new LinkedHashMap<>() : c.lastMsg);
        byte[] bytes = c.buf.toByteArray();
        c.buf.reset();
        msg.put("payload", asString ? new String(bytes, StandardCharsets.UTF_8) : bytes);
        send(msg);
        status(Map.of());
        if (c.socket != null) {
            c.socket.close();
        }
        connections.remove(c.id, c);
    }

    private void reset(Object which) {
        if (Boolean.TRUE.equals(which)) {
            connections.values().forEach(c -> {
                if (c.socket != null) {
                    c.socket.close();
                }
            });
            connections.clear();
        } else if (which instanceof String key && key.contains(":")) {
            Connection c = connections.remove(key);
            if (c != null && c.socket != null) {
                c.socket.close();
            }
        }
        int n = connections.size();
        status(Map.of("fill", "green", "shape", n == 0 ? "ring" : "dot", "text",
                n + (n == 1 ? " connection" : " connections")));
    }

    @Override
    public Future<Void> close() {
        connections.values().forEach(c -> {
            if (c.socket != null) {
                c.socket.close();
            }
        });
        connections.clear();
        status(Map.of());
        return client == null ? Future.succeededFuture() : client.close();
    }
}
