package io.redwire.nodes.udp;

import io.redwire.js.JsValues;
import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

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
    public static final NodeType TYPE = NodeType.builder("udp out", "network")
            .help("Sends msg.payload as a UDP packet.")
            .icon("socket").ports(1, 0).color("#c0c0c0")
            .label("name || \"udp \" + (addr + \":\" + port)")
            .field(Field.str("name", ""))
            .field(Field.str("addr", ""))
            .field(Field.str("iface", ""))
            .field(Field.str("port", ""))
            .field(Field.select("ipv", "udp4", "udp4", "udp6"))
            .field(Field.str("outport", ""))
            .field(Field.bool("base64", false))
            .field(Field.select("multicast", "false", "false", "broad", "multi"))
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
        this.addr = c.str("addr");
        this.port = c.str("port");
        this.outport = c.str("outport");
        this.base64 = c.bool("base64");
        this.multicast = c.str("multicast");
        this.iface = c.str("iface");
        this.ipv6 = "udp6".equals(c.str("ipv"));
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
