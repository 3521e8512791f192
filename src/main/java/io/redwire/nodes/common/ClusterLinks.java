package io.redwire.nodes.common;

import io.redwire.api.Node;
import io.redwire.msg.PortableMessage;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Link wires between cluster members: a link out publishes its msg on the event-bus address of each target link
 * in, tagged with its member id; every member's link in of that id receives it, except on the sending member,
 * where the runtime's own wire already delivered it. Outside a cluster nothing is published or listened to.
 */
final class ClusterLinks {
    private static final String ORIGIN = "redwire-member";

    private ClusterLinks() {
    }

    private static String address(String linkInId) {
        return "redwire.link." + linkInId;
    }

    static void publish(Node from, List<String> linkIns, Map<String, Object> msg) {
        if (linkIns.isEmpty() || !from.vertx().isClustered()) {
            return;
        }
        byte[] portable = PortableMessage.encode(msg);
        DeliveryOptions origin = new DeliveryOptions().addHeader(ORIGIN, from.engine().membership().memberId());
        linkIns.forEach(id -> from.vertx().eventBus().publish(address(id), portable, origin));
    }

    /** @return the consumer to unregister on close, or null outside a cluster */
    static MessageConsumer<byte[]> listen(Node linkIn) {
        if (!linkIn.vertx().isClustered()) {
            return null;
        }
        String self = linkIn.engine().membership().memberId();
        return linkIn.vertx().eventBus().<byte[]>consumer(address(linkIn.id()), m -> {
            if (self.equals(m.headers().get(ORIGIN))) {
                return;
            }
            try {
                Map<String, Object> msg = PortableMessage.decode(m.body());
                linkIn.engine().execute(() -> linkIn.receive(msg));
            } catch (IOException e) {
                linkIn.warn("dropped a message from another member: " + e.getMessage());
            }
        });
    }
}
