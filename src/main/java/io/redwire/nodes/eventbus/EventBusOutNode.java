package io.redwire.nodes.eventbus;

import io.redwire.runtime.Done;
import io.redwire.runtime.Field;
import io.redwire.runtime.Node;
import io.redwire.runtime.NodeConfig;
import io.redwire.runtime.NodeError;
import io.redwire.runtime.NodeType;
import io.redwire.runtime.PortableMessage;

import java.util.Map;

/**
 * eventbus out: sends each msg to a Vert.x event-bus address — to one consumer ("send", round robin across the
 * cluster) or to all ("publish"). Redwire's eventbus in nodes, on any member, receive the whole msg.
 */
public final class EventBusOutNode extends Node {
    public static final NodeType TYPE = NodeType.builder("eventbus out", "network").color("#c0deed").ports(1, 0)
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
