package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.Map;

/** junction: a wiring point; forwards every msg unchanged. */
public final class JunctionNode extends Node {
    public static final NodeType TYPE = NodeType.builder("junction", "common").color("#d9d9d9").ports(1, 1)
            .help("A wiring point: passes every message on unchanged, so many wires can meet and fan out again.")
            .factory(JunctionNode::new);

    JunctionNode(NodeConfig c) {
        super(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(msg);
        done.done();
    }
}
