package io.redwire.nodes.common;

import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

/** catch: receives errors reported by nodes in its scope (msg.error). */
public final class CatchNode extends ScopedEventNode {
    public static final NodeType TYPE = NodeType.builder("catch", "common").color("#e49191").ports(0, 1)
            .field(Field.json("scope", null))
            .field(Field.bool("uncaught", false))
            .factory(CatchNode::new);

    private final boolean uncaught;

    CatchNode(NodeConfig c) {
        super(c);
        this.uncaught = c.bool("uncaught");
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
