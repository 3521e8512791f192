package io.redwire.nodes.websocket;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.RuntimeSettings;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.WebSocketBase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What websocket-listener and websocket-client share (Node-RED 5.0.7 uses one node for both): the open sockets by
 * session id, the websocket in nodes fed by them, the connect / disconnect / error status every websocket in and
 * out node using this config shows, and sending. Text frames arrive as strings, binary frames as Buffers; with
 * {@code wholemsg} a frame is parsed as a whole msg. A socket that does not read gets at most
 * {@code socketMaxBufferedBytes} queued; beyond that messages to it are dropped and counted in a warning.
 */
public abstract class WebSocketEndpoint extends Node {
    /** Both endpoint kinds: "true" sends and parses the whole msg as JSON, "false" only the payload. */
    static final Field WHOLEMSG = Field.select("wholemsg", "false", "false", "true");

    private final boolean wholeMsg;
    private final List<WebSocketInNode> inputs = new ArrayList<>();
    private final List<Node> users = new ArrayList<>();
    protected final Map<String, WebSocketBase> sockets = new LinkedHashMap<>();
    protected final int maxBuffered;
    private long dropped;

    protected WebSocketEndpoint(NodeConfig c) {
        super(c);
        this.wholeMsg = "true".equals(c.str(WHOLEMSG));
        this.maxBuffered = RuntimeSettings.SOCKET_MAX_BUFFERED_BYTES.read(c.services().settings());
    }

    boolean wholeMsg() {
        return wholeMsg;
    }

    /** A websocket in node that wants the messages; the first one makes a client connect. */
    void addInput(WebSocketInNode in) {
        inputs.add(in);
        addUser(in);
    }

    void removeInput(WebSocketInNode in) {
        inputs.remove(in);
        users.remove(in);
    }

    void addUser(Node n) {
        if (!users.contains(n)) {
            users.add(n);
        }
    }

    void removeUser(Node n) {
        users.remove(n);
    }

    boolean hasInputs() {
        return !inputs.isEmpty();
    }

    /** Count shown in "connected N": the server's open sockets, nothing for a client. */
    protected abstract String count();

    /** Wires a new socket's handlers in; called by the listener on upgrade, by the client on connect. */
    protected final String attach(WebSocketBase ws) {
        String id = Messages.newId();
        sockets.put(id, ws);
        ws.setWriteQueueMaxSize(maxBuffered);
        ws.textMessageHandler(text -> received(id, text, text));
        ws.binaryMessageHandler(bytes -> received(id, bytes.getBytes(), null));
        ws.exceptionHandler(e -> {
            if (tooBig(e)) {
                // ws (Node-RED's library) closes with RFC 6455's 1009 "message too big"; vert.x would say 1000
                ws.close((short) 1009, "Max payload size exceeded");
            }
            if (!(e instanceof io.vertx.core.http.HttpClosedException)) { // a peer leaving without a close frame
                errored(id, e);
            }
        });
        ws.closeHandler(v -> {
            if (sockets.remove(id) != null) {
                closed(id);
            }
        });
        statusAll(connectedStatus("connect", id));
        return id;
    }

    /** A frame over the frame limit (Netty's decoder) or a message over the message limit (vert.x's aggregator). */
    private static boolean tooBig(Throwable e) {
        if (e instanceof io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException c) {
            return c.closeStatus() != null && c.closeStatus().code() == 1009;
        }
        return e instanceof IllegalStateException && String.valueOf(e.getMessage()).contains("overflow max message size");
    }

    private void received(String id, Object data, String text) {
        Map<String, Object> msg;
        if (wholeMsg) {
            msg = parseWhole(data, text);
        } else {
            msg = new LinkedHashMap<>();
            msg.put("payload", data);
        }
        Map<String, Object> session = new LinkedHashMap<>();
        session.put("type", "websocket");
        session.put("id", id);
        msg.put("_session", session);
        for (int i = 0; i < inputs.size(); i++) {
            inputs.get(i).send(i == 0 ? msg : Messages.cloneMessage(msg));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parseWhole(Object data, String text) {
        try {
            Object parsed = text != null ? Json.parse(text) : Json.parse((byte[]) data);
            if (parsed instanceof Map<?, ?> m) {
                return new LinkedHashMap<>((Map<String, Object>) m);
            }
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("payload", parsed);
            return msg;
        } catch (Exception e) {
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("payload", data);
            return msg;
        }
    }

    /** Node-RED: the socket's error shows as a red ring on every user; the socket is closed. */
    protected void errored(String id, Throwable e) {
        Map<String, Object> s = status("red", "ring", "common.status.error", "error", id);
        statusAll(s);
        warn("An error occurred on the ws connection: " + e.getMessage());
        WebSocketBase ws = sockets.get(id);
        if (ws != null && !ws.isClosed()) {
            ws.close();
        }
    }

    protected void closed(String id) {
        statusAll(sockets.isEmpty() || count().isEmpty()
                ? status("red", "ring", "common.status.disconnected", "disconnect", id)
                : connectedStatus("disconnect", id));
    }

    private Map<String, Object> connectedStatus(String event, String id) {
        return status("green", "dot", "connected " + count(), event, id);
    }

    private void statusAll(Map<String, Object> s) {
        users.forEach(u -> u.status(s));
    }

    private static Map<String, Object> status(String fill, String shape, String text, String event, String id) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("fill", fill);
        s.put("shape", shape);
        s.put("text", text);
        s.put("event", event);
        Map<String, Object> session = new LinkedHashMap<>();
        session.put("type", "websocket");
        session.put("id", id);
        s.put("_session", session);
        return s;
    }

    // ---- sending -------------------------------------------------------------------------------------------

    /** To one session (dropped silently when it is gone, as Node-RED does). */
    void reply(String id, Object data) {
        WebSocketBase ws = sockets.get(id);
        if (ws != null) {
            write(ws, data);
        }
    }

    /** To every open socket. */
    void broadcast(Object data) {
        for (WebSocketBase ws : List.copyOf(sockets.values())) {
            write(ws, data);
        }
    }

    private void write(WebSocketBase ws, Object data) {
        if (ws.isClosed()) {
            return;
        }
        if (ws.writeQueueFull()) {
            if (dropped++ % 1000 == 0) {
                warn("a websocket peer is not reading: " + dropped + " message(s) dropped so far (more than "
                        + maxBuffered + " bytes queued for it)");
            }
            return;
        }
        if (data instanceof byte[] b) {
            ws.writeBinaryMessage(Buffer.buffer(b));
        } else {
            ws.writeTextMessage((String) data);
        }
    }

    protected void closeSockets() {
        for (WebSocketBase ws : List.copyOf(sockets.values())) {
            if (!ws.isClosed()) {
                ws.close();
            }
        }
        sockets.clear();
        inputs.clear();
    }
}
