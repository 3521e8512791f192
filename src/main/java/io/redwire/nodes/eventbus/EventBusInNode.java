package io.redwire.nodes.eventbus;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Messages;
import io.redwire.msg.PortableMessage;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.util.Map;

/**
 * eventbus in: a msg for each event-bus message on its address. A Redwire eventbus out's msg arrives whole; a
 * body sent by other Vert.x code becomes msg.payload (string, Buffer, or the object of a JSON body).
 */
public final class EventBusInNode extends Node {
    static final Field ADDRESS = Field.str("address", "").asRequired();

    public static final NodeType TYPE = NodeType.builder("eventbus in", "network").color("#c0deed").ports(0, 1)
            .help("Receives what is sent or published to an address on the Vert.x event bus (in a cluster, from any member) and sends it on as a msg.")
            .label(Label.computed())
            .field(ADDRESS)
            .factory(EventBusInNode::new);

    private final String address;
    private MessageConsumer<Object> consumer;

    EventBusInNode(NodeConfig c) {
        super(c);
        this.address = c.str(ADDRESS).strip();
    }

    @Override
    public Future<Void> start() {
        consumer = vertx().eventBus().consumer(address, this::arrived);
        return consumer.completion();
    }

    private void arrived(Message<Object> m) {
        Map<String, Object> msg;
        try {
            msg = toMsg(m.body());
        } catch (IOException e) {
            warn("dropped a message on " + address + ": " + e.getMessage());
            return;
        }
        msg.put("address", address);
        engine().execute(() -> receive(msg));
    }

    private static Map<String, Object> toMsg(Object body) throws IOException {
        if (body instanceof byte[] portable) {
            return PortableMessage.decode(portable);
        }
        Map<String, Object> msg = Messages.create();
        msg.put("payload", body instanceof JsonObject o ? o.getMap() : body instanceof JsonArray a ? a.getList()
                : body instanceof Buffer b ? b.getBytes() : body);
        return msg;
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(msg);
        done.done();
    }

    @Override
    public Future<Void> close() {
        return consumer == null ? Future.succeededFuture() : consumer.unregister();
    }
}
