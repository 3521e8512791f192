package io.redwire.nodes.udp;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.datagram.DatagramSocket;
import io.vertx.core.datagram.DatagramSocketOptions;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * udp out: sends msg.payload (a Buffer, base64-decoded text when {@code base64} is set, else the text) to
 * addr:port — the node's, else msg.ip / msg.port — from {@code outport} when given; {@code multicast} "broad"
 * enables broadcast, "multi" sends to a group (from {@code iface}). Missing address or port are warnings, as in
 * Node-RED 5.0.7; a send failure is a node error with the msg.
 */
public final class UdpOutNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field ADDR = Field.str("addr", "");
    static final Field IFACE = Field.str("iface", "");
    static final Field PORT = Field.str("port", "").wholeNumber(1, 65535).checkedByEditorOnly();
    static final Field IPV = Field.select("ipv", "udp4", "udp4", "udp6");
    static final Field OUTPORT = Field.str("outport", "");
    static final Field BASE64 = Field.bool("base64", false);
    static final Field MULTICAST = Field.select("multicast", "false", "false", "broad", "multi");

    public static final NodeType TYPE = NodeType.builder("udp out", "network").icon("socket").ports(1, 0).color("#c0c0c0")
            .help("Sends `msg.payload` as a UDP datagram to the configured address and port, or to `msg.ip` / `msg.port`; unicast, broadcast or multicast.")
            .label(Label.computed())
            .fields(NAME, ADDR, IFACE, PORT, IPV, OUTPORT, BASE64, MULTICAST)
            .factory(UdpOutNode::new);

    private final String addr;
    private final String port;
    private final String outport;
    private final boolean base64;
    private final String multicast;
    private final String iface;
    private final boolean ipv6;
    private DatagramSocket socket;

    UdpOutNode(NodeConfig c) {
        super(c);
        this.addr = c.str(ADDR);
        this.port = c.str(PORT);
        this.outport = c.str(OUTPORT);
        this.base64 = c.bool(BASE64);
        this.multicast = c.str(MULTICAST);
        this.iface = c.str(IFACE);
        this.ipv6 = "udp6".equals(c.str(IPV));
    }

    @Override
    public Future<Void> start() {
        DatagramSocketOptions o = new DatagramSocketOptions().setReuseAddress(true).setIpV6(ipv6)
                .setBroadcast("broad".equals(multicast));
        if ("multi".equals(multicast) && !iface.isEmpty()) {
            o.setMulticastNetworkInterface(UdpInterfaces.name(iface));
        }
        socket = vertx().createDatagramSocket(o);
        if (!outport.isEmpty()) {
            socket.listen((int) JsValues.toNumber(outport), ipv6 ? "::" : "0.0.0.0")
                    .onSuccess(s -> log("udp ready: " + outport + " -> " + addr + ":" + port))
                    .onFailure(e -> error("udp: port " + outport + " already in use", null));
        } else {
            log("udp ready: " + addr + ":" + port);
        }
        return Future.succeededFuture();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (!msg.containsKey("payload")) {
            done.done();
            return;
        }
        String to = !addr.isEmpty() ? addr : msg.get("ip") == null ? "" : JsValues.toJsString(msg.get("ip"));
        Object p = !port.isEmpty() ? port : msg.get("port");
        double n = p == null || "".equals(p) ? 0 : JsValues.toNumber(p);
        if (to.isEmpty()) {
            warn("udp: ip address not set");
        } else if (n == 0) {
            warn("udp: port not set");
        } else if (Double.isNaN(n) || n < 1 || n > 65535) {
            warn("udp: port number not valid");
        } else {
            Object payload = msg.get("payload");
            Buffer data = payload instanceof byte[] b ? Buffer.buffer(b)
                    : base64 && payload instanceof String s ? Buffer.buffer(Base64.getMimeDecoder().decode(s))
                    : Buffer.buffer(JsValues.toJsString(payload).getBytes(StandardCharsets.UTF_8));
            socket.send(data, (int) n, to).onComplete(ar -> {
                if (ar.failed()) {
                    done.done(new io.redwire.msg.NodeError("udp : Error: " + ar.cause().getMessage()));
                } else {
                    done.done();
                }
            });
            return;
        }
        done.done();
    }

    @Override
    public Future<Void> close() {
        status(Map.of());
        return socket == null ? Future.succeededFuture() : socket.close().onComplete(v -> log("udp output stopped"));
    }
}
