package io.redwire.nodes.common;

import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

/** status: receives status updates of nodes in its scope (msg.status). */
public final class StatusNode extends ScopedEventNode {
    public static final NodeType TYPE = NodeType.builder("status", "common").icon("status")
            .label("name || (scope === \"group\" ? \"status: group\" : Array.isArray(scope) ? \"status: \" + scope.length : \"status: all\")")
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
