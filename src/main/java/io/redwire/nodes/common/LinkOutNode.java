package io.redwire.nodes.common;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.List;
import java.util.Map;

/** link out: sends to its link in nodes, or (mode "return") back to the link call that sent the msg. */
public final class LinkOutNode extends Node {
    public static final NodeType TYPE = NodeType.builder("link out", "common").icon("link-out")
            .label("name || (mode === \"return\" ? \"link return\" : \"link out\")")
            .help("Sends to the chosen link in nodes without a drawn wire, or returns to the link call that started the message.")
            .color("#dddddd").ports(1, 0)
            .field(Field.select("mode", "link", "link", "return"))
            .field(Field.json("links", List.of()))
            .factory(LinkOutNode::new);

    private final boolean returnMode;
    private final String event;

    LinkOutNode(NodeConfig c) {
        super(c);
        this.returnMode = "return".equals(c.str("mode"));
        this.event = "node:" + id();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        msg.put("_event", event);
        if (!returnMode) {
            send(msg);
            done.done();
            return;
        }
        if (msg.get("_linkSource") instanceof List<?> stack && !stack.isEmpty()) {
            Object top = stack.remove(stack.size() - 1);
            if (stack.isEmpty()) {
                msg.remove("_linkSource");
            }
            if (top instanceof Map<?, ?> src && engine().node(String.valueOf(src.get("node"))) instanceof LinkCallNode call) {
                call.returned(String.valueOf(src.get("id")), msg);
            }
        } else {
            warn("Missing return node information");
        }
        done.done();
    }
}
