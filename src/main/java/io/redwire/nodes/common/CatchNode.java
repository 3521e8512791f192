package io.redwire.nodes.common;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

/** catch: receives errors reported by nodes in its scope (msg.error). */
public final class CatchNode extends ScopedEventNode {
    static final Field UNCAUGHT = Field.bool("uncaught", false);

    public static final NodeType TYPE = NodeType.builder("catch", "common").icon("catch")
            .label(Label.computed())
            .help("Receives the errors thrown by nodes on the same flow (all, or the chosen nodes, or the group).")
            .color("#e49191").ports(0, 1)
            .fields(SCOPE, UNCAUGHT)
            .factory(CatchNode::new);

    private final boolean uncaught;

    CatchNode(NodeConfig c) {
        super(c, SCOPE);
        this.uncaught = c.bool(UNCAUGHT);
    }

    @Override
    public Kind kind() {
        return Kind.CATCH;
    }

    @Override
    public boolean uncaught() {
        return uncaught;
    }
}
