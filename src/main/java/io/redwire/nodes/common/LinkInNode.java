package io.redwire.nodes.common;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.List;
import java.util.Map;

/** link in: the receiving end of link out / link call wires (the runtime resolves the wiring). */
public final class LinkInNode extends Node {
    public static final NodeType TYPE = NodeType.builder("link in", "common").icon("link-in")
            .label("name || \"link in\"")
            .help("The end of a virtual wire: receives what link out or link call nodes send to it, across flows.")
            .color("#dddddd").ports(0, 1)
            .field(Field.json("links", List.of()))
            .factory(LinkInNode::new);

    LinkInNode(NodeConfig c) {
        super(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(msg);
        done.done();
    }
}
