package io.redwire.nodes.eventbus;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.NodeError;
import io.redwire.msg.PortableMessage;

import java.util.Map;

/**
 * eventbus out: sends each msg to a Vert.x event-bus address — to one consumer ("send", round robin across the
 * cluster) or to all ("publish"). Redwire's eventbus in nodes, on any member, receive the whole msg.
 */
public final class EventBusOutNode extends Node {
    static final Field ADDRESS = Field.str("address", "").label("address (blank: msg.address)");
    static final Field MODE = Field.select("mode", "publish", "publish", "send");

    public static final NodeType TYPE = NodeType.builder("eventbus out", "network").color("#c0deed").ports(1, 0)
            .help("Puts each msg on the Vert.x event bus at an address: `publish` reaches every consumer, `send` one of them. The msg crosses as JSON; Buffers are kept.")
            .label(Label.computed())
            .fields(ADDRESS, MODE)
            .factory(EventBusOutNode::new);

    private final String address;
    private final boolean publish;

    EventBusOutNode(NodeConfig c) {
        super(c);
        this.address = c.str(ADDRESS).strip();
        this.publish = !"send".equals(c.str(MODE));
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
