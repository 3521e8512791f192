package io.redwire.nodes.common;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** Node-RED's common nodes: inject, debug, comment, junction, catch, status, complete, links. */
public final class CommonNodes implements NodeFamily {
    @Override
    public String name() {
        return "common";
    }

    @Override
    public List<NodeType> types() {
        return List.of(InjectNode.TYPE, DebugNode.TYPE, CommentNode.TYPE, JunctionNode.TYPE,
                CatchNode.TYPE, StatusNode.TYPE, CompleteNode.TYPE,
                LinkInNode.TYPE, LinkOutNode.TYPE, LinkCallNode.TYPE);
    }
}
