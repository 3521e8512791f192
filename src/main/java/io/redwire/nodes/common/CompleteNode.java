package io.redwire.nodes.common;

import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;
import io.redwire.spi.NodeType.Label;

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
