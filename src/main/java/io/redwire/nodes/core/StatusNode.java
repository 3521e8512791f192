package io.redwire.nodes.core;

import io.redwire.runtime.Field;
import io.redwire.runtime.NodeConfig;
import io.redwire.runtime.NodeType;

/** status: receives status updates of nodes in its scope (msg.status). */
public final class StatusNode extends ScopedEventNode {
    public static final NodeType TYPE = NodeType.builder("status", "common").color("#94c1d0").ports(0, 1)
            .field(Field.json("scope", null))
            .factory(StatusNode::new);

    StatusNode(NodeConfig c) {
        super(c);
    }

    @Override
    public Kind kind() {
        return Kind.STATUS;
    }
}
