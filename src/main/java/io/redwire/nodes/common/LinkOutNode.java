package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.LinkCalls;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;

/**
 * link out: sends to its link in nodes, or (mode "return") back to the link call that sent the msg. In a cluster
 * the msg also goes to the same link in nodes on the other members ({@link ClusterLinks}). The caller a return goes
 * to is a link call node or a function calling node.linkcall ({@link LinkCalls}).
 */
public final class LinkOutNode extends Node {
    static final Field MODE = Field.select("mode", "link", "link", "return");
    static final Field LINKS = Field.list("links", Field.str("id", "").label("link node id")).refersTo("link in", "links");

    public static final NodeType TYPE = NodeType.builder("link out", "common").icon("link-out")
            .label(Label.computed())
            .help("Sends to the chosen link in nodes without a drawn wire, or returns to the link call that started the message.")
            .computedPortLabels()
            .color("#dddddd").ports(1, 0)
            .virtualWires(LINKS, MODE, "link") // a return goes back to its caller, not to the links
            .fields(MODE, LINKS)
            .factory(LinkOutNode::new);

    private static final String MISSING_RETURN = "Missing return node information";

    private final boolean returnMode;
    private final String event;
    private final List<String> links;

    LinkOutNode(NodeConfig c) {
        super(c);
        this.returnMode = "return".equals(c.str(MODE));
        this.event = "node:" + id();
        this.links = c.list(LINKS).stream().map(String::valueOf).toList();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        msg.put("_event", event);
        if (!returnMode) {
            ClusterLinks.publish(this, links, msg);
            send(msg);
            done.done();
            return;
        }
        if (msg.get("_linkSource") instanceof List<?> stack && !stack.isEmpty()) {
            Object top = stack.remove(stack.size() - 1);
            if (stack.isEmpty()) {
                msg.remove("_linkSource");
            }
            if (top instanceof Map<?, ?> src && engine().node(String.valueOf(src.get("node"))) instanceof LinkCalls.Caller c) {
                c.linkCalls().returned(String.valueOf(src.get("id")), msg);
            } else {
                warn(MISSING_RETURN);
            }
        } else {
            warn(MISSING_RETURN);
        }
        done.done();
    }
}
