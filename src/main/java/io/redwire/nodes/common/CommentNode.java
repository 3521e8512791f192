package io.redwire.nodes.common;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

/** comment: documentation on the canvas; no runtime behaviour. */
public final class CommentNode extends Node {
    static final Field INFO = Field.code("info", "markdown", "");
    public static final NodeType TYPE = NodeType.builder("comment", "common").icon("comment")
            .help("A note on the canvas; messages do not pass through it.")
            .color("#ffffff").ports(0, 0)
            .field(INFO)
            .factory(CommentNode::new);

    CommentNode(NodeConfig c) {
        super(c);
    }
}
