package io.redwire.nodes.common;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

/** status: receives status updates of nodes in its scope (msg.status). */
public final class StatusNode extends ScopedEventNode {
    public static final NodeType TYPE = NodeType.builder("status", "common").icon("status")
            .label(Label.computed())
            .help("Receives the status changes of nodes on the same flow.")
            .color("#94c1d0").ports(0, 1)
            .field(SCOPE)
            .factory(StatusNode::new);

    StatusNode(NodeConfig c) {
        super(c, SCOPE);
    }

    @Override
    public Kind kind() {
        return Kind.STATUS;
    }
}
