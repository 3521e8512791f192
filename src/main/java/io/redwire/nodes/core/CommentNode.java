package io.redwire.nodes.core;

import io.redwire.runtime.Field;
import io.redwire.runtime.Node;
import io.redwire.runtime.NodeConfig;
import io.redwire.runtime.NodeType;

/** comment: documentation on the canvas; no runtime behaviour. */
public final class CommentNode extends Node {
    public static final NodeType TYPE = NodeType.builder("comment", "common").color("#ffffff").ports(0, 0)
            .field(Field.code("info", "markdown", ""))
            .factory(CommentNode::new);

    CommentNode(NodeConfig c) {
        super(c);
    }
}
