package io.redwire.nodes.udp;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import io.vertx.core.Future;
import io.vertx.core.datagram.DatagramSocket;
import io.vertx.core.datagram.DatagramSocketOptions;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * udp in: receives datagrams on a port, or as a member of a multicast group (joined on {@code iface}, else on
 * every interface), and sends {payload, fromip, ip, port} with the payload a Buffer, utf8 or base64 text — as
 * Node-RED 5.0.7 does. Datagrams are at most 64 KiB by nature; nothing is buffered beyond one.
 */
public final class UdpInNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field IFACE = Field.str("iface", "");
    static final Field PORT = Field.num("port", null);
    static final Field IPV = Field.select("ipv", "udp4", "udp4", "udp6");
    static final Field MULTICAST = Field.select("multicast", "false", "false", "true");
    static final Field GROUP = Field.str("group", "");
    static final Field DATATYPE = Field.select("datatype", "buffer", "buffer", "utf8", "base64");

    public static final NodeType TYPE = NodeType.builder("udp in", "network").icon("socket").ports(0, 1).color("#c0c0c0")
            .help("Listens for UDP datagrams on a port (unicast or a multicast group) and sends each as a msg with its sender's `ip` and `port`; the payload as a Buffer, a string or base64.")
            .label(Label.computed())
            .fields(NAME, IFACE, PORT, IPV, MULTICAST, GROUP, DATATYPE)
            .factory(UdpInNode::new);

    private final int port;
    private final String iface;
    private final boolean multicast;
    private final String group;
    private final String datatype;
    private final boolean ipv6;
    private DatagramSocket socket;

    UdpInNode(NodeConfig c) {
        super(c);
        this.port = (int) c.num(PORT);
        this.iface = c.str(IFACE);
        this.multicast = "true".equals(c.str(MULTICAST));
        this.group = c.str(GROUP);
        this.datatype = c.str(DATATYPE).isEmpty() ? "buffer" : c.str(DATATYPE);
        this.ipv6 = "udp6".equals(c.str(IPV));
    }

    @Override
    public Future<Void> start() {
        socket = vertx().createDatagramSocket(new DatagramSocketOptions().setReuseAddress(true).setIpV6(ipv6));
        socket.handler(packet -> {
            byte[] data = packet.data().getBytes();
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("payload", switch (datatype) {
                case "utf8" -> new String(data, StandardCharsets.UTF_8);
                case "base64" -> Base64.getEncoder().encodeToString(data);
                default -> data;
            });
            String ip = packet.sender().hostAddress();
            msg.put("fromip", ip + ":" + packet.sender().port());
            msg.put("ip", ip);
            msg.put("port", packet.sender().port());
            send(msg);
        });
        socket.exceptionHandler(e -> error("error: " + e.getMessage(), null));
        String bindHost = multicast ? (ipv6 ? "::" : "0.0.0.0") : iface.isEmpty() ? (ipv6 ? "::" : "0.0.0.0") : iface;
        // the deploy completes once the port is bound; a port that cannot be had is logged, as in Node-RED
        return socket.listen(port, bindHost).onSuccess(s -> {
            if (multicast) {
                s.listenMulticastGroup(group, iface.isEmpty() ? null : UdpInterfaces.name(iface), null)
                        .onSuccess(v -> log("udp multicast group " + group))
                        .onFailure(e -> error("error: " + e.getMessage(), null));
            } else {
                log("udp listener at " + (iface.isEmpty() ? bindHost : iface) + ":" + port);
            }
        }).onFailure(e -> error(String.valueOf(e.getMessage()).contains("in use")
                ? "udp: port " + port + " already in use" : "error: " + e.getMessage(), null))
                .<Void>mapEmpty().otherwiseEmpty();
    }

    @Override
    public Future<Void> close() {
        status(Map.of());
        return socket == null ? Future.succeededFuture() : socket.close().onComplete(v -> log("udp listener stopped"));
    }
}
