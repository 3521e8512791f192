package io.redwire.nodes.common;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

/** complete: receives a copy of each msg the nodes in its scope finish with (done()). */
public final class CompleteNode extends ScopedEventNode {
    static final Field SCOPE = Field.json("scope", java.util.List.of()).asRequired();

    public static final NodeType TYPE = NodeType.builder("complete", "common").icon("complete")
            .label(Label.computed())
            .help("Receives a message when the chosen nodes finish handling it.")
            .color("#c0edc0").ports(0, 1)
            .field(SCOPE)
            .factory(CompleteNode::new);

    CompleteNode(NodeConfig c) {
        super(c, SCOPE);
    }

    @Override
    public Kind kind() {
        return Kind.COMPLETE;
    }
}
