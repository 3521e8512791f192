package io.redwire.nodes.eventbus;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.msg.NodeError;
import io.redwire.spi.NodeType;
import io.redwire.msg.PortableMessage;

import java.util.Map;

/**
 * eventbus out: sends each msg to a Vert.x event-bus address — to one consumer ("send", round robin across the
 * cluster) or to all ("publish"). Redwire's eventbus in nodes, on any member, receive the whole msg.
 */
public final class EventBusOutNode extends Node {
    public static final NodeType TYPE = NodeType.builder("eventbus out", "network")
            .help("Sends or publishes messages to an address of the Vert.x event bus.")
            .color("#c0deed").ports(1, 0)
            .label("name || (address ? \"eventbus: \" + address : \"eventbus out\")")
            .field(Field.str("address", "").label("address (blank: msg.address)"))
            .field(Field.select("mode", "publish", "publish", "send"))
            .factory(EventBusOutNode::new);

    private final String address;
    private final boolean publish;

    EventBusOutNode(NodeConfig c) {
        super(c);
        this.address = c.str("address").strip();
        this.publish = !"send".equals(c.str("mode"));
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object target = address.isEmpty() ? msg.get("address") : address;
        if (!(target instanceof String to) || to.isBlank()) {
            done.done(new NodeError("no address: set the node's address or msg.address"));
            return;
        }
        byte[] body = PortableMessage.encode(msg);
        if (publish) {
            vertx().eventBus().publish(to, body);
        } else {
            vertx().eventBus().send(to, body);
        }
        done.done();
    }
}
